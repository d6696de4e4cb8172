/**
 * Where one period of an event stands at a moment, in the terms the count and normal engines
 * price from: what is already scored and how much of the regulation is left to play.
 */
export interface PeriodState {
  /** Units already scored in the period by the home and the away side. */
  readonly scored: readonly [number, number];
  /** Share of the full event's regulation still to play within this period (0 when it is over). */
  readonly rest: number;
  /** The same share counted in segments (halves, quarters, innings) still to finish, fractionally. */
  readonly segmentsLeft: number;
  /** A level score at the end of regulation goes to extra play (period 0 of a sport without draws). */
  readonly overtime: boolean;
  /** Regulation ended level and the extra play is under way. */
  readonly inOvertime: boolean;
}

/** The state of a period before it starts: nothing scored, all of its share to play. */
export const unplayed = (share: number, segments: number, overtime: boolean): PeriodState => ({
  scored: [0, 0],
  rest: share,
  segmentsLeft: segments,
  overtime,
  inOvertime: false,
});
