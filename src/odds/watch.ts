import type { SportsOdds } from '../client';
import { AbortError, BudgetExceededError, type BudgetLimit, SportsOddsError } from '../core/errors';
import { internalsOf } from '../core/internals';
import { checkCount, checkDuration, checkNumber, checkRequestOptions, given, REQUEST_CHECKS, refuse } from '../core/options';
import type { RequestOptions } from '../core/types';
import { utcInstant } from '../core/validation/instants';
import { applySnapshot, emptyBoard, snapshotsOf } from '../domain';
import { isoSeconds } from '../schemas/instant-text';
import { LOWEST_PLAN_RPS } from '../schemas/limits';
import type { OddsSnapshot } from '../schemas/prices';
import { chooseMode, creditsLeft, ENVELOPE, intervalOf, type CreditsLeft } from './watch-plan';
import type {
  PriceChange,
  PriceWatchMeta,
  PriceWatchOptions,
  PriceWatchState,
  ResumeWatchOptions,
  WatchedEvent,
  WatchedEventRef,
  WatchMode,
} from './watch-types';

/**
 * The price watch (`watchPrices`): an async iterator of the changes of some events' lines, polling their boards through
 * a client at an interval its budget and the plan's rate allow, resumable from its state.
 */

/** The least wait between polls by default, ms. */
const DEFAULT_INTERVAL_MS = 10_000;

/** The watch ended because the credits left cannot cover its next request; `state` resumes it (with more credits). */
export class WatchBudgetExceededError extends BudgetExceededError {
  /** Where the watch stands: every change it read was yielded; resume with `resumePriceWatch(odds, error.state)`. */
  readonly state: PriceWatchState;

  constructor(limit: BudgetLimit, envelope: number, available: number, state: PriceWatchState) {
    super(limit, envelope, available);
    this.state = state;
  }
}

/** What the watch reads of its options, checked. */
interface Settings {
  intervalMs: number;
  signal: AbortSignal | undefined;
  request: RequestOptions;
}

// The watch sets the reuse of its reads itself (`maxAge` of half its interval): a call's `maxAge`, `cache` and `coalesce`
// are refused by name, as its option types leave them out, rather than taken and overridden.
const { maxAge: _maxAge, cache: _cache, coalesce: _coalesce, ...WATCH_REQUEST_CHECKS } = REQUEST_CHECKS;
const WATCH_CHECKS = {
  ...WATCH_REQUEST_CHECKS,
  mode: 0,
  intervalMs: checkDuration,
  maxCredits: 0,
  until: 0,
  since: 0,
  mainLinesOnly: 0,
} as const;
const RESUME_CHECKS = { ...WATCH_REQUEST_CHECKS, intervalMs: checkDuration, maxCredits: 0, until: 0 } as const;

/** An instant option: RFC 3339 in UTC or a valid `Date`, as the service writes it. */
function checkInstant(name: string, value: unknown): string {
  const text = utcInstant(value);
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(text) || Number.isNaN(Date.parse(text))) {
    return refuse(name, value, 'an RFC 3339 instant in UTC (2026-11-21T18:00:00Z) or a valid Date');
  }
  return text;
}

/** The event ids to watch: a non-empty array of ids or rows that carry one, each once. */
function checkEvents(events: unknown): number[] {
  if (!Array.isArray(events) || events.length === 0) {
    return refuse('events', events, 'a non-empty array of event ids (or rows that carry an event_id)');
  }
  const ids = events.map((event: unknown, i) => {
    const id = typeof event === 'object' && event !== null ? (event as { event_id?: unknown }).event_id : event;
    return checkNumber(`events[${i}]`, id, { integer: true });
  });
  return [...new Set(ids)];
}

const checkCredits = (value: unknown): number | undefined =>
  given(value, undefined, (v) => checkCount('maxCredits', v, { unit: 'credits' }));

/** What the options other than the request's say, checked; the rest are a call's options. */
function settingsOf(options: ResumeWatchOptions): Settings {
  const { intervalMs, signal, maxCredits: _m, until: _u, ...request } = options;
  return { intervalMs: intervalMs ?? DEFAULT_INTERVAL_MS, signal, request: signal === undefined ? request : { ...request, signal } };
}

/**
 * An async iterator of the changes of the watched events' lines, each once and in order (see `watchPrices`). `mode`
 * and `meta` say how it reads; `state` (also `JSON.stringify(watch)`) resumes it with `resumePriceWatch`.
 */
export class PriceWatch implements AsyncIterable<PriceChange> {
  #state: PriceWatchState;
  readonly #odds: SportsOdds;
  readonly #settings: Settings;
  readonly #reason: string;
  #intervalMs: number;
  #lastPollCredits: number | undefined;

  /** @internal Made by `watchPrices` and `resumePriceWatch`, which check what they are given. */
  constructor(odds: SportsOdds, state: PriceWatchState, reason: string, settings: Settings) {
    this.#odds = odds;
    this.#state = structuredClone(state);
    this.#reason = reason;
    this.#settings = settings;
    this.#intervalMs = settings.intervalMs;
  }

  /** How it reads the boards: `incremental` (each event's history since its last read) or `latest` (its board each poll). */
  get mode(): WatchMode {
    return this.#state.mode;
  }

  /** The mode and why, the wait between polls, and what it has sent and spent so far. */
  get meta(): PriceWatchMeta {
    const { mode, polls, requests, credits } = this.#state;
    return { mode, reason: this.#reason, intervalMs: this.#intervalMs, polls, requests, credits, perRequest: ENVELOPE[mode] };
  }

  /** The current checkpoint (a copy; JSON-serializable). */
  get state(): PriceWatchState {
    return structuredClone(this.#state);
  }

  /** The checkpoint as JSON, so `JSON.stringify(watch)` saves it. */
  toJSON(): PriceWatchState {
    return this.state;
  }

  /**
   * Each change once, in order: the pending ones first, then a poll, a wait, a poll... It ends quietly on abort or at
   * `until`, and with `WatchBudgetExceededError` (a `BudgetExceededError`) once every change read is yielded and the
   * credits left cannot cover the next request.
   */
  async *[Symbol.asyncIterator](): AsyncGenerator<PriceChange, void, undefined> {
    const { signal } = this.#settings;
    let stopped: BudgetStop | undefined;
    try {
      for (;;) {
        // The changes read first (a resumed state's too), then the next poll: at once for a new watch, else at its time.
        yield* this.#drain();
        if (signal?.aborted) return;
        if (stopped !== undefined)
          throw new WatchBudgetExceededError(stopped.left.limit, stopped.envelope, stopped.left.available, this.state);
        if (this.#state.polls > 0) await this.#wait();
        if (signal?.aborted || this.#ended()) return;
        try {
          await this.#poll();
        } catch (error) {
          if (!(error instanceof BudgetStop)) throw error;
          stopped = error;
        }
      }
    } catch (error) {
      if (error instanceof AbortError || signal?.aborted) return;
      throw error;
    }
  }

  /** The pending changes, each taken from the state as it is yielded; none after an abort. */
  async *#drain(): AsyncGenerator<PriceChange, void, undefined> {
    while (this.#state.pending.length > 0 && !this.#settings.signal?.aborted) {
      yield this.#state.pending.shift() as PriceChange;
    }
  }

  /** Past `until` on the service's clock; never judged on the client's clock alone (before any answer, it may be far off). */
  #ended(): boolean {
    const { clock } = internalsOf(this.#odds).ctx;
    return this.#state.until !== undefined && clock.known && clock.now() >= Date.parse(this.#state.until);
  }

  /** Waits till the next poll: the next multiple of the interval on the service's clock, so a fleet's watches poll together. */
  async #wait(): Promise<void> {
    const { ctx } = internalsOf(this.#odds);
    const now = ctx.clock.now();
    const until = this.#state.until === undefined || !ctx.clock.known ? undefined : Date.parse(this.#state.until);
    const left = creditsLeft(
      { maxCredits: this.#state.maxCredits, spent: this.#state.credits },
      ctx.options.budget,
      await this.#odds.readCredits(),
      now,
    );
    this.#intervalMs = intervalOf({
      intervalMs: this.#settings.intervalMs,
      requests: this.#state.events.length,
      rps: ctx.pace?.current() ?? LOWEST_PLAN_RPS,
      available: left?.available,
      perPoll: this.#lastPollCredits ?? this.#state.events.length,
      envelope: ENVELOPE[this.#state.mode],
      remainingMs: until === undefined ? undefined : until - now,
    });
    const next = (Math.floor(now / this.#intervalMs) + 1) * this.#intervalMs;
    const at = until === undefined ? next : Math.min(next, until);
    await ctx.options.sleep(Math.max(1, at - now), this.#settings.signal);
  }

  /** One poll: each event's board read (its history since the last read, or its latest board), its changes made pending. */
  async #poll(): Promise<void> {
    const state = this.#state;
    const before = state.credits;
    state.polls += 1;
    for (const event of state.events) {
      if (state.mode === 'latest' || event.since === undefined) {
        // The board as it stands: every line of a first read opens.
        const rows = await this.#read(event.event_id, state.mainLinesOnly ? { main_lines_only: true } : {});
        this.#apply(event, rows.data);
        const newest = newestOf(rows.data);
        if (state.mode === 'incremental' && newest !== undefined) event.since = newest;
        continue;
      }
      for (;;) {
        const query: HistoryQuery = {
          full_history: true,
          since: event.since,
          ...(state.mainLinesOnly ? { main_lines_only: true as const } : {}),
        };
        const { data, truncated } = await this.#read(event.event_id, query);
        this.#apply(event, data);
        const newest = newestOf(data);
        // A history past its row cap continues at once from its last snapshot, as odds.events.oddsHistory() does.
        const moved = newest !== undefined && Date.parse(newest) > Date.parse(event.since);
        if (newest !== undefined) event.since = newest;
        if (!truncated || !moved) break;
      }
    }
    this.#lastPollCredits = state.credits - before;
  }

  #apply(event: WatchedEvent, rows: readonly OddsSnapshot[]): void {
    for (const snapshot of snapshotsOf(rows)) this.#state.pending.push(...applySnapshot(event.board, snapshot));
  }

  /** One request, refused here (nothing sent) when the credits left cannot cover its envelope; reused across the fleet. */
  async #read(eventId: number, query: HistoryQuery | { main_lines_only?: true }) {
    const { ctx } = internalsOf(this.#odds);
    const state = this.#state;
    const envelope = ENVELOPE[state.mode];
    const left = creditsLeft(
      { maxCredits: state.maxCredits, spent: state.credits },
      ctx.options.budget,
      await this.#odds.readCredits(),
      ctx.clock.now(),
    );
    if (left !== undefined && left.available < envelope) throw new BudgetStop(left, envelope);
    // Identical reads within half an interval share one answer: the process's calls, and a fleet's with redisCoordinator().
    const options: RequestOptions = { ...this.#settings.request, maxAge: Math.floor(this.#intervalMs / 2) };
    const { data, meta, response } = await this.#odds.events.odds(eventId, query, options).withMeta();
    // An answer another process fetched still tells the service's time, as of when it was sent (else a process the
    // fleet always answers would judge its polls and `until` on its own clock).
    if (meta.reuse !== undefined && !ctx.clock.known) ctx.clock.observe(response.headers, ctx.options.now() - meta.reuse.ageMs);
    state.requests += 1;
    if (meta.reuse === undefined) state.credits += meta.credits.cost ?? 0;
    return { data, truncated: meta.truncated === true };
  }
}

/** The query of a history read: every snapshot recorded after `since`. */
interface HistoryQuery {
  full_history: true;
  since: string;
  main_lines_only?: true;
}

/** The next request would not fit the credits left (a signal inside the watch, never thrown out of it). */
class BudgetStop extends Error {
  constructor(
    readonly left: CreditsLeft,
    readonly envelope: number,
  ) {
    super('budget');
  }
}

/** The newest `timestamp` of rows, as the service writes it (whole seconds). */
function newestOf(rows: readonly OddsSnapshot[]): string | undefined {
  let newest = Number.NEGATIVE_INFINITY;
  for (const row of rows) {
    const at = Date.parse(row.timestamp ?? '');
    if (at > newest) newest = at;
  }
  return Number.isFinite(newest) ? isoSeconds(newest) : undefined;
}

/**
 * Watches the lines of one or more events (pre-match and in play) through `odds`: an async iterator of their changes
 * (`price_moved` with `before` and `after`, `line_opened`, `line_suspended`, `line_reopened`, `line_removed`,
 * `event_state_changed`), each keyed by the line's identity (`event|period|market|alt_line_id`), each once, in order.
 *
 * - **Mode:** `incremental` reads each event's history since its last read (every snapshot: nothing is missed) when the
 *   history envelope (250 credits) fits the credits left, else `latest` reads each event's latest board a poll (25
 *   credits an envelope); a change that came and went between two polls of the latest board cannot be seen. `watch.mode`
 *   and `watch.meta.reason` say which and why.
 * - **Interval:** at least `intervalMs` (10 s); longer when a poll's requests would pass half the plan's rate, or when
 *   the credits left must last till `until`. Polls fall on multiples of the interval on the service's clock, and reads
 *   within half an interval share one answer, so processes with `redisCoordinator()` watching the same events pay once.
 * - **End:** quietly on abort (`signal`) or at `until`; with `WatchBudgetExceededError` (a `BudgetExceededError` with
 *   the `state`) after yielding every change it read, when the credits left cannot cover the next request.
 *
 * @example
 * const watch = watchPrices(odds, [42, 43], { signal, maxCredits: 500 });
 * console.log(watch.mode, watch.meta.reason);
 * for await (const change of watch) {
 *   if (change.kind === 'price_moved') console.log(change.key, change.before.odds1, '→', change.after.odds1);
 * }
 */
export function watchPrices(odds: SportsOdds, events: readonly WatchedEventRef[], options: PriceWatchOptions = {}): PriceWatch {
  const checked = checkRequestOptions(options, 'watchPrices()', WATCH_CHECKS);
  const { mode: asked = 'auto', maxCredits, until, since, mainLinesOnly = true, ...rest } = checked;
  if (asked !== 'auto' && asked !== 'incremental' && asked !== 'latest') refuse('mode', asked, "'auto', 'incremental' or 'latest'");
  if (typeof mainLinesOnly !== 'boolean') refuse('mainLinesOnly', mainLinesOnly, 'true or false');
  const ids = checkEvents(events);
  const allowance = checkCredits(maxCredits);
  const end = given(until, undefined, (v) => checkInstant('until', v));
  const from = given(since, undefined, (v) => checkInstant('since', v));
  const { ctx } = internalsOf(odds);
  const left = creditsLeft({ maxCredits: allowance, spent: 0 }, ctx.options.budget, odds.credits, ctx.clock.now());
  const chosen =
    asked === 'auto'
      ? chooseMode(left)
      : { mode: asked, reason: `${asked}: asked for (the history envelope is ${ENVELOPE.incremental} credits)` };
  if (from !== undefined && chosen.mode === 'latest') {
    throw new SportsOddsError(
      `watchPrices(): since needs the incremental mode (${chosen.reason}); give more credits (maxCredits, the client's budget), or no since`,
    );
  }
  const state: PriceWatchState = {
    mode: chosen.mode,
    mainLinesOnly,
    events: ids.map((id) => ({ event_id: id, board: emptyBoard(), ...(from === undefined ? {} : { since: from }) })),
    pending: [],
    polls: 0,
    requests: 0,
    credits: 0,
  };
  if (allowance !== undefined) state.maxCredits = allowance;
  if (end !== undefined) state.until = end;
  return new PriceWatch(odds, state, chosen.reason, settingsOf(rest));
}

/**
 * Resumes a watch from its state (`watch.state`, or a `WatchBudgetExceededError`'s): the pending changes first, then
 * the polls, in the state's mode; `maxCredits` and `until` given here replace the state's.
 *
 * @example
 * const watch = resumePriceWatch(odds, JSON.parse(saved), { maxCredits: 1_000 });
 */
export function resumePriceWatch(odds: SportsOdds, state: PriceWatchState, options: ResumeWatchOptions = {}): PriceWatch {
  const checked = checkRequestOptions(options, 'resumePriceWatch()', RESUME_CHECKS);
  if (
    typeof state !== 'object' ||
    state === null ||
    (state.mode !== 'incremental' && state.mode !== 'latest') ||
    !Array.isArray(state.events)
  ) {
    refuse('state', state, 'the state of a price watch (watch.state)');
  }
  const resumed = structuredClone(state);
  const allowance = checkCredits(checked.maxCredits);
  const end = given(checked.until, undefined, (v) => checkInstant('until', v));
  if (allowance !== undefined) resumed.maxCredits = allowance;
  if (end !== undefined) resumed.until = end;
  return new PriceWatch(odds, resumed, `${resumed.mode}: resumed from its state`, settingsOf(checked));
}
