import type { Event } from '../../schemas/events';
import type { lastInstantOf } from '../../schemas/query';
import type { BadRequestError, AbortError, BudgetExceededError, CursorExpiredError } from '../errors';
import type {
  EventScanFetchers,
  EventScanPage,
  EventScanSegment,
  EventScanState,
  LivePage,
  LiveScanState,
  OddsHistoryFetcher,
  OddsHistoryPage,
  OddsHistoryState,
  PageFetcher,
  PollBatch,
  PollDeps,
  PollOptions,
} from './types';
import type { WithMeta } from '../types';
import { utcInstant, withUtcInstants } from '../validation/instants';
import { isoMillis, isoSeconds } from '../../schemas/instant-text';

/* The paging of scans and polls, loaded on demand: a leaf importing types and the instants leaf only (given the rest), so bundlers' module evaluation order is untouched. */
/** What the paging of a window scan uses of the rest of the SDK. */
export interface EventScanTools {
  BudgetExceededError: typeof BudgetExceededError;
  lastInstantOf: typeof lastInstantOf;
}

const instant = (text: string): number => Date.parse(text);
/** An event's kickoff instant; NaN when it has none. */
const startOf = (e: Event): number => instant(e.starts ?? '');
const ids = (rows: readonly Event[]): number[] => rows.flatMap((e) => (typeof e.event_id === 'number' ? [e.event_id] : []));

/** Refuses a request whose envelope does not fit the scan's `maxCredits` left. */
function checkAllowance(state: { maxCredits?: number; credits: number }, envelope: number, Refusal: typeof BudgetExceededError): void {
  if (state.maxCredits === undefined) return;
  const available = state.maxCredits - state.credits;
  if (envelope > available) throw new Refusal('scanMaxCredits', envelope, available);
}

/**
 * The next page of a window scan from `state` (which it changes): continued from the last kickoff instant, or narrowed when one instant fills a page.
 *
 * @example
 * const page = await eventScanPage(scan.state, fetchers, { BudgetExceededError, lastInstantOf });
 */
export async function eventScanPage(state: EventScanState, fetchers: EventScanFetchers, tools: EventScanTools): Promise<EventScanPage> {
  if (state.pages === 0 && state.segments.length === 0) state.segments.push(firstSegment(state));
  const segment = state.segments[0] as EventScanSegment;
  checkAllowance(state, fetchers.envelope(state.pageSize), tools.BudgetExceededError);
  const { data, meta } = await fetchers.events({
    ...(segment.sport_id === undefined ? {} : { sport_id: segment.sport_id }),
    ...(segment.league_id === undefined ? {} : { league_id: segment.league_id }),
    starts_from: segment.from,
    starts_to: segment.to,
    limit: state.pageSize,
  });
  state.pages += 1;
  state.credits += meta.credits.cost ?? 0;
  const from = instant(segment.from);
  const seen = new Set(segment.seen);
  const fresh = data.filter((e) => !(typeof e.event_id === 'number' && seen.has(e.event_id) && startOf(e) === from));

  const last = data.at(-1);
  const lastStart = last === undefined ? Number.NaN : startOf(last);
  if (meta.truncated !== true || last === undefined) {
    state.segments.shift();
  } else if (lastStart > from) {
    segment.from = isoMillis(lastStart);
    segment.seen = ids(data.filter((e) => startOf(e) === lastStart));
  } else {
    await narrow(state, segment, [...seen, ...ids(data)], fetchers, tools);
  }
  state.rows += fresh.length;
  state.done = state.segments.length === 0;
  return { data: fresh, meta, done: state.done, incomplete: state.done && state.incomplete, state };
}

/** The whole window, its instants as the service takes them, kept so in the state (`filters` too). */
function firstSegment(state: EventScanState): EventScanSegment {
  const filters = withUtcInstants(state.filters);
  state.filters = filters;
  // An instant the listing refuses (an invalid Date) is refused by name by the first request, with nothing spent.
  const segment: EventScanSegment = { from: filters.starts_from as string, to: filters.starts_to as string, seen: [] };
  if (filters.sport_id !== undefined) segment.sport_id = filters.sport_id;
  if (filters.league_id !== undefined) segment.league_id = filters.league_id;
  return segment;
}

/** More events start at `segment.from` than a page holds: list that instant per sport (or league), then the rest after it. */
async function narrow(
  state: EventScanState,
  segment: EventScanSegment,
  seen: number[],
  fetchers: EventScanFetchers,
  tools: EventScanTools,
): Promise<void> {
  const at = segment.from;
  const rest: EventScanSegment = { ...segment, from: isoMillis(instant(at) + 1), seen: [] };
  const rests = instant(rest.from) <= tools.lastInstantOf(rest.to) ? [rest] : [];
  const catalog = async <R>(call: () => Promise<WithMeta<R[]>>): Promise<R[]> => {
    checkAllowance(state, fetchers.catalogEnvelope, tools.BudgetExceededError);
    const { data, meta } = await call();
    state.pages += 1;
    state.credits += meta.credits.cost ?? 0;
    return data;
  };
  let parts: EventScanSegment[] = [];
  if (segment.league_id !== undefined || Number.isNaN(instant(at))) {
    // Nothing narrower to split by: those events stay out of reach.
    state.incomplete = true;
  } else if (segment.sport_id === undefined) {
    const sports = await catalog(() => fetchers.sports());
    parts = sports.flatMap((s) => (typeof s.sport_id === 'number' ? [{ sport_id: s.sport_id, from: at, to: at, seen }] : []));
  } else {
    const sportId = segment.sport_id;
    const leagues = await catalog(() => fetchers.leagues(sportId));
    parts = leagues.flatMap((l) =>
      typeof l.league_id === 'number' ? [{ sport_id: sportId, league_id: l.league_id, from: at, to: at, seen }] : [],
    );
  }
  state.segments.splice(0, 1, ...parts, ...rests);
}

const UTC_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;

/**
 * The next page of an odds history from `state` (which it changes), continued from the last row's timestamp while truncated.
 *
 * @example
 * const page = await oddsHistoryPage(history.state, fetcher, BudgetExceededError);
 */
export async function oddsHistoryPage(
  state: OddsHistoryState,
  fetcher: OddsHistoryFetcher,
  Refusal: typeof BudgetExceededError,
): Promise<OddsHistoryPage> {
  checkAllowance(state, fetcher.envelope, Refusal);
  // The given `since` as the service takes it (a Date, or +00:00, with Z); an invalid Date is refused by name by the request.
  if (state.since !== undefined) state.since = utcInstant(state.since) as string;
  const { data, meta } = await fetcher.odds({
    full_history: true,
    ...(state.since === undefined ? {} : { since: state.since }),
    ...(state.mainLinesOnly ? { main_lines_only: true } : {}),
  });
  state.pages += 1;
  state.rows += data.length;
  state.credits += meta.credits.cost ?? 0;
  const last = data.at(-1)?.timestamp;
  const next = nextSince(last);
  if (meta.truncated !== true) {
    state.done = true;
  } else if (next === undefined || (state.since !== undefined && Date.parse(next) <= Date.parse(state.since))) {
    // No timestamp to continue from (or one that does not move): stop rather than loop.
    state.done = true;
    state.incomplete = true;
  } else {
    // A page of one snapshot instant was cut inside it: the rest of that instant is out of reach.
    if (data.every((row) => row.timestamp === last)) state.incomplete = true;
    state.since = next;
  }
  return { data, meta, done: state.done, incomplete: state.done && state.incomplete, state };
}

/** A row's `timestamp` as a `since` value: as sent when it already is one, else normalized. */
function nextSince(timestamp: string | null | undefined): string | undefined {
  if (typeof timestamp !== 'string') return undefined;
  if (UTC_TIMESTAMP.test(timestamp)) return timestamp;
  const ms = Date.parse(timestamp);
  return Number.isNaN(ms) ? undefined : isoMillis(ms);
}

/** What the paging of a live scan uses of the rest of the SDK. */
export interface LiveScanTools {
  CursorExpiredError: typeof CursorExpiredError;
  BadRequestError: typeof BadRequestError;
  /** How long a cursor is valid, in ms. */
  ttlMs: number;
}

/**
 * The next page of a live scan; an expired cursor (five minutes, service clock) throws, unless the clock is not yet known (the service judges).
 *
 * @example
 * const page = await livePage(scan.state, fetchPage, clock, { CursorExpiredError, BadRequestError, ttlMs: CURSOR_TTL_MS });
 */
export async function livePage<T, F extends object>(
  state: LiveScanState<F>,
  fetchLivePage: PageFetcher<T, F>,
  clock: { readonly known: boolean; now(): number },
  tools: LiveScanTools,
): Promise<LivePage<T, F>> {
  const { filters, cursor, cursorReceivedAt } = state;
  if (cursor !== undefined && clock.known) {
    const age = clock.now() - Date.parse(cursorReceivedAt ?? '');
    if (!(age <= tools.ttlMs)) {
      throw new tools.CursorExpiredError(
        `the live cursor is ${Number.isNaN(age) ? 'of unknown age' : `${Math.round(age / 1000)} s old`} (valid for 5 minutes): restart the scan from its filters`,
        filters as Record<string, unknown>,
      );
    }
  }
  let result: WithMeta<T[]>;
  try {
    result = await fetchLivePage(filters, cursor);
  } catch (error) {
    if (cursor !== undefined && error instanceof tools.BadRequestError) {
      throw new tools.CursorExpiredError(
        `the service refused the live cursor: ${error.message}`,
        filters as Record<string, unknown>,
        error,
      );
    }
    throw error;
  }
  const next = result.meta.nextCursor;
  const done = next === undefined;
  const incomplete = done && result.meta.truncated === true;
  const after: LiveScanState<F> = {
    filters,
    pages: state.pages + 1,
    rows: state.rows + result.data.length,
    credits: state.credits + (result.meta.credits.cost ?? 0),
    done,
    incomplete,
  };
  if (next !== undefined) {
    after.cursor = next;
    after.cursorReceivedAt = isoMillis(clock.now());
  }
  return { data: result.data, meta: result.meta, done, incomplete, state: after };
}

/**
 * A poll's batches until the signal aborts: each `since` is the previous poll's start (service clock) less `overlapMs`; a row once per version.
 *
 * @example
 * yield* pollBatches(deps, options, AbortError);
 */
export async function* pollBatches<T>(
  deps: PollDeps<T>,
  options: PollOptions,
  Aborted: typeof AbortError,
): AsyncGenerator<PollBatch<T>, void, undefined> {
  const { intervalMs = 30_000, overlapMs = 60_000, signal } = options;
  const seen = new Map<unknown, unknown>();
  // The first `since` as the service takes it (a Date, or +00:00, with Z); anything else is the listing's to refuse.
  let since = utcInstant(options.since) as string | undefined;
  try {
    for (let poll = 1; !signal?.aborted; poll++) {
      const startedAt = deps.now();
      const { data, meta } = await deps.list(since, signal);
      if (meta.truncated) {
        deps.warn('a poll answer was truncated: narrow the filters (sport, league, window) or raise limit so no change is missed');
      }
      yield { poll, since, data: data.filter((row) => isNew(seen, deps.identity(row))), rows: data.length, meta };
      since = isoSeconds(deps.toService(startedAt) - overlapMs);
      await deps.sleep(intervalMs, signal);
    }
  } catch (error) {
    if (error instanceof Aborted || signal?.aborted) return;
    throw error;
  }
}

/** Records a row's version; false when that version (or a newer one) was seen already. */
function isNew(seen: Map<unknown, unknown>, { id, version }: { id: unknown; version: unknown }): boolean {
  if (id === undefined || id === null) return true;
  const previous = seen.get(id);
  if (seen.has(id) && previous === version) return false;
  if (typeof previous === 'number' && typeof version === 'number' && version < previous) return false;
  seen.set(id, version);
  return true;
}
