import * as z from 'zod/mini';
import { dateTime } from '../../src/schemas';
import { kindOf } from '../../src/schemas/refusal-words';
import { isoMillis } from '../../src/schemas/instant-text';

/**
 * The mock's one clock (docs/testing.md, "The clock only moves forward"): starts at "now", runs at real
 * speed, only moves forward so no window, meter, cache or cursor sees time run back; until the mock first
 * uses it (after creation or reset), it may be set to any instant from its start.
 */
export interface Clock {
  /** Milliseconds since the epoch, on the mock's timeline. */
  now(): number;
  /** The current mock time as a Date. */
  date(): Date;
  /**
   * Jumps to an instant no earlier than now (or the start, while unused), then keeps running; a `RangeError` otherwise. The
   * instant is RFC 3339 text with its offset (`2026-11-22T00:00:00Z`), a `Date` or epoch milliseconds.
   */
  set(at: Date | string | number): void;
  /** Jumps forward by `ms`, a number of milliseconds, zero or more (a `RangeError` otherwise). */
  advance(ms: number): void;
  /** Stops the clock now, or at `at` (as `set` takes it); `advance` and `set` still move it. */
  freeze(at?: Date | string | number | undefined): void;
  /** Lets a frozen clock run at real speed again from where it stands. */
  resume(): void;
  /** Whether the clock is frozen (`freeze()`), until `resume()`. */
  readonly frozen: boolean;
}

/** 1970 to the end of 9998: every window the clock starts (a year ahead at most) ends in a four-digit RFC 3339 year. */
export const CLOCK_MIN_MS = 0;
export const CLOCK_MAX_MS = Date.UTC(9998, 11, 31, 23, 59, 59, 999);

/** What the mock takes as an instant, said whenever one is refused. */
const INSTANT_FORMS =
  'an RFC 3339 date-time with its offset (2026-11-22T00:00:00Z, 2026-11-22T01:00:00+01:00), a Date or epoch milliseconds';

/**
 * Whether `text` is an instant as RFC 3339 text with its offset (a real date and time: never a guess of `Date.parse`).
 *
 * @example
 * isInstantText('2026-11-22T00:00:00Z'); // true
 * isInstantText('1'); // false
 */
export const isInstantText = (text: unknown): text is string => typeof text === 'string' && z.safeParse(dateTime, text).success;

/**
 * An instant of the mock (its start, the clock's moves, a fixture's now) in epoch milliseconds: RFC 3339 text with its offset, a
 * valid `Date`, or a whole number of epoch milliseconds; never a guess of `Date.parse` (`'1'` would be 2001). A `RangeError` in
 * the words of every refusal of the mock's inputs (input-checks.ts) otherwise.
 *
 * @example
 * instantMs('now', '2026-11-22T00:00:00Z'); // 1795305600000
 */
export function instantMs(name: string, value: unknown): number {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.getTime();
  if (Number.isSafeInteger(value)) return value as number;
  if (isInstantText(value)) return Date.parse(value);
  throw new RangeError(`${name} must be ${INSTANT_FORMS}, got ${value instanceof Date ? 'an invalid Date' : kindOf(value)}`);
}

/** An instant the clock takes (`instantMs`: RFC 3339 with its offset, a Date, epoch milliseconds), within its range. */
const toMs = (name: string, at: unknown): number => inRange(instantMs(name, at));

/** A clock outside RFC 3339's years would make every later answer fail: refused before it moves. */
function inRange(ms: number): number {
  if (ms < CLOCK_MIN_MS || ms > CLOCK_MAX_MS) throw new RangeError('the clock must stay between 1970-01-01 and 9998-12-31 (UTC)');
  return ms;
}

/** The mock's clock, as the service and as tests see it, and what only the mock itself does with it. */
export interface ServiceClock {
  /** The clock the service reads: once it has read it, the clock only moves forward. */
  readonly clock: Clock;
  /** The same clock for tests and the control plane (`mock.clock`): reading it uses nothing. */
  readonly handle: Clock;
  /** The instant the clock started at. */
  readonly start: number;
  /**
   * The instant the per-second rate windows read (docs/service.md, "Rate limit"): the clock's own while it runs; while it is
   * frozen, one that goes on at real speed and moves with every `set` and `advance`, so real seconds still pass.
   */
  rateNow(): number;
  /** Forgets that the service read the clock (a reset), so it may be set back as far as its start until read again. */
  restart(): void;
  /**
   * Stands the clock at a snapshot's instant, frozen or running from there (a restore): not a move of the clock, so it may be
   * earlier than now; from there it only moves forward.
   */
  restoreTo(at: number, frozen: boolean): void;
}

/**
 * The mock's clock, from `start` at real speed, only forward once read. Refuses (RangeError, staying put)
 * an earlier instant, a negative move, or an instant outside 1970-01-01 to 9998-12-31 UTC.
 */
export function createServiceClock(
  start: Date | string | number = Date.now(),
  realNow: () => number = Date.now,
  name = 'the clock start',
): ServiceClock {
  const startMs = toMs(name, start);
  /** Real time plus `offset` is the running clock; while frozen, it goes on for the rate windows alone. */
  let offset = startMs - realNow();
  let frozenAt: number | undefined;
  /** True until the service reads the clock: nothing the mock keeps is stamped after its start. */
  let unused = true;
  const peek = () => frozenAt ?? realNow() + offset;
  const now = () => {
    unused = false;
    return peek();
  };
  /** An instant the clock may jump to: in range, not before the current one (or the start, while unused). */
  const forward = (name: string, at: unknown): number => {
    const ms = toMs(name, at);
    const current = peek();
    if (ms >= current || (unused && ms >= startMs)) return ms;
    throw new RangeError(
      `the clock only moves forward: it stands at ${isoMillis(current)}, and ${isoMillis(ms)} is earlier (a reset lets it go back as far as its start, ${isoMillis(startMs)}, until the mock uses it)`,
    );
  };
  const moves: Pick<Clock, 'set' | 'advance' | 'freeze' | 'resume'> = {
    set(at) {
      const ms = forward('mock.clock.set()', at);
      if (frozenAt !== undefined) frozenAt = ms;
      offset = ms - realNow();
    },
    advance(ms) {
      if (!Number.isFinite(ms)) throw new RangeError(`mock.clock.advance() must be a number of milliseconds, 0 or more, got ${kindOf(ms)}`);
      if (ms < 0) throw new RangeError(`the clock only moves forward: advance it by 0 ms or more (it stands at ${isoMillis(peek())})`);
      inRange(peek() + ms);
      if (frozenAt !== undefined) frozenAt += ms;
      offset += ms;
    },
    freeze(at) {
      frozenAt = at === undefined ? peek() : forward('mock.clock.freeze()', at);
      offset = frozenAt - realNow();
    },
    resume() {
      if (frozenAt === undefined) return;
      offset = frozenAt - realNow();
      frozenAt = undefined;
    },
  };
  return {
    clock: {
      now,
      date: () => new Date(now()),
      ...moves,
      get frozen() {
        return frozenAt !== undefined;
      },
    },
    handle: {
      now: peek,
      date: () => new Date(peek()),
      ...moves,
      get frozen() {
        return frozenAt !== undefined;
      },
    },
    start: startMs,
    rateNow: () => realNow() + offset,
    restart() {
      unused = true;
    },
    restoreTo(at, frozen) {
      const ms = inRange(at);
      offset = ms - realNow();
      frozenAt = frozen ? ms : undefined;
      unused = false;
    },
  };
}

/**
 * A clock that starts at `start`, follows real time from there, and only moves forward once it has
 * been read (see `createServiceClock`).
 *
 * @example
 * const clock = createClock('2026-11-21T12:00:00Z');
 * clock.advance(5 * 60_000); // five minutes later
 */
export function createClock(start: Date | string | number = Date.now(), realNow: () => number = Date.now): Clock {
  return createServiceClock(start, realNow).clock;
}
