/**
 * The mock's one clock (decisions.md, "Time"): it starts at the configured "now" and runs at real
 * speed from there; tests and the control plane set it or jump it forward. Rate windows, the daily
 * and plan windows, cursor validity and every token window read it.
 */
export interface Clock {
  /** Milliseconds since the epoch, on the mock's timeline. */
  now(): number;
  /** The current mock time as a Date. */
  date(): Date;
  /** Jumps to an instant; the clock keeps running from there. */
  set(at: Date | string | number): void;
  /** Jumps forward (or back, with a negative value) by `ms`. */
  advance(ms: number): void;
  /** Stops the clock at its current instant (or at `at`); `advance` and `set` still move it. */
  freeze(at?: Date | string | number): void;
  /** Lets a frozen clock run at real speed again from where it stands. */
  resume(): void;
}

/**
 * The instants the clock can show: from 1970 to the end of 9998, so that every window it starts (a
 * plan period, a daily guard, a token's validity: a year ahead at most) ends at an instant RFC 3339
 * writes with a four-digit year.
 */
export const CLOCK_MIN_MS = 0;
export const CLOCK_MAX_MS = Date.UTC(9998, 11, 31, 23, 59, 59, 999);

const toMs = (at: Date | string | number): number => {
  const ms = at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at);
  if (!Number.isFinite(ms)) throw new TypeError(`invalid clock time: ${String(at)}`);
  return inRange(ms);
};

/** A clock outside RFC 3339's years would make every later answer fail: refused before it moves. */
function inRange(ms: number): number {
  if (ms < CLOCK_MIN_MS || ms > CLOCK_MAX_MS) throw new RangeError('the clock must stay between 1970-01-01 and 9998-12-31 (UTC)');
  return ms;
}

/**
 * A clock that starts at `start` and follows real time from there. It refuses (RangeError) to be set
 * or moved outside 1970-01-01 to 9998-12-31 UTC, and stays where it was.
 *
 * @example
 * const clock = createClock('2026-11-21T12:00:00Z');
 * clock.advance(5 * 60_000); // five minutes later
 */
export function createClock(start: Date | string | number = Date.now(), realNow: () => number = Date.now): Clock {
  let offset = toMs(start) - realNow();
  let frozenAt: number | undefined;
  const now = () => frozenAt ?? realNow() + offset;
  return {
    now,
    date: () => new Date(now()),
    set(at) {
      const ms = toMs(at);
      if (frozenAt !== undefined) frozenAt = ms;
      else offset = ms - realNow();
    },
    advance(ms) {
      if (!Number.isFinite(ms)) throw new TypeError(`invalid clock advance: ${String(ms)}`);
      inRange(now() + ms);
      if (frozenAt !== undefined) frozenAt += ms;
      else offset += ms;
    },
    freeze(at) {
      frozenAt = at === undefined ? now() : toMs(at);
    },
    resume() {
      if (frozenAt === undefined) return;
      offset = frozenAt - realNow();
      frozenAt = undefined;
    },
  };
}
