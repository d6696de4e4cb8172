/**
 * Game formats: how an event unfolds on the clock (play segments and breaks, or sets) and which
 * segments each numbered period covers. Period 0 is always the full event.
 */

/** A numbered period and the play segments it covers. */
export interface PeriodSpec {
  readonly period: number;
  /** Long label, e.g. `1st Half`. */
  readonly label: string;
  /** Short label, e.g. `1H`. */
  readonly short: string;
  /** Indexes of the play segments (sets for a sets format) the period covers. */
  readonly segments: readonly number[];
}

/** Timed play: fixed segments of wall-clock minutes separated by breaks. */
export interface TimedFormat {
  readonly kind: 'timed';
  /** Wall-clock minutes of each play segment. */
  readonly segments: readonly number[];
  /** Minutes of the break after each segment but the last. */
  readonly breaks: readonly number[];
  readonly periods: readonly PeriodSpec[];
}

/** Play in sets (or maps, or one race of legs or frames): the event ends when one side has won a majority of `bestOf`. */
export interface SetsFormat {
  readonly kind: 'sets';
  readonly bestOf: number;
  readonly periods: readonly PeriodSpec[];
}

export type GameFormat = TimedFormat | SetsFormat;

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
const ordinal = (n: number): string => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;
const whole = (label: string, n: number): PeriodSpec => ({ period: 0, label, short: label.slice(0, 1), segments: range(n) });

/** Two halves. */
export const halves = (minutes: number, breakMinutes: number, label = 'Match'): TimedFormat => ({
  kind: 'timed',
  segments: [minutes, minutes + 2],
  breaks: [breakMinutes],
  periods: [
    whole(label, 2),
    { period: 1, label: '1st Half', short: '1H', segments: [0] },
    { period: 2, label: '2nd Half', short: '2H', segments: [1] },
  ],
});

/** Four quarters: halves are periods 1 and 2, quarters periods 3 to 6. */
export const quarters = (minutes: number, breaks: readonly [number, number, number], label = 'Game'): TimedFormat => ({
  kind: 'timed',
  segments: [minutes, minutes, minutes, minutes + 3],
  breaks,
  periods: [
    whole(label, 4),
    { period: 1, label: '1st Half', short: '1H', segments: [0, 1] },
    { period: 2, label: '2nd Half', short: '2H', segments: [2, 3] },
    ...range(4).map((i) => ({ period: i + 3, label: `${ordinal(i + 1)} Quarter`, short: `${i + 1}Q`, segments: [i] })),
  ],
});

/** Three periods (ice hockey, floorball, beach soccer). */
export const thirds = (minutes: number, breakMinutes: number, label = 'Game'): TimedFormat => ({
  kind: 'timed',
  segments: [minutes, minutes, minutes + 2],
  breaks: [breakMinutes, breakMinutes],
  periods: [
    whole(label, 3),
    ...range(3).map((i) => ({ period: i + 1, label: `${ordinal(i + 1)} Period`, short: `${i + 1}P`, segments: [i] })),
  ],
});

/** Innings: period 1 covers the first `early` innings (baseball's first five). */
export const innings = (count: number, minutes: number, early: number): TimedFormat => ({
  kind: 'timed',
  segments: range(count).map(() => minutes),
  breaks: range(count - 1).map(() => 0),
  periods: [whole('Game', count), { period: 1, label: `1st ${early} Innings`, short: `F${early}`, segments: range(early) }],
});

/** Two innings of a limited-overs cricket match. */
export const cricketInnings = (minutes: number, breakMinutes: number): TimedFormat => ({
  kind: 'timed',
  segments: [minutes, minutes],
  breaks: [breakMinutes],
  periods: [
    whole('Match', 2),
    { period: 1, label: '1st Innings', short: '1I', segments: [0] },
    { period: 2, label: '2nd Innings', short: '2I', segments: [1] },
  ],
});

/** One continuous segment (fights, matchups, frames or legs counted over the whole event). */
export const single = (minutes: number, label = 'Match'): TimedFormat => ({
  kind: 'timed',
  segments: [minutes],
  breaks: [],
  periods: [whole(label, 1)],
});

/** Sets (tennis, volleyball, table tennis) or maps (e-sports): period n is the n-th set; one set has no set periods. */
export const sets = (bestOf: number, setLabel = 'Set'): SetsFormat => ({
  kind: 'sets',
  bestOf,
  periods: [
    whole('Match', bestOf),
    ...(bestOf === 1
      ? []
      : range(bestOf).map((i) => ({
          period: i + 1,
          label: `${ordinal(i + 1)} ${setLabel}`,
          short: `${setLabel.slice(0, 1)}${i + 1}`,
          segments: [i],
        }))),
  ],
});
