import type { APIPromise } from '../core/answer';
import { internalsOf } from '../core/internals';
import {
  EventScan,
  OddsHistory,
  LiveScan,
  Poll,
  type EventScanFilters,
  type EventScanState,
  type OddsHistoryState,
  type LiveScanState,
  type PollOptions,
} from '../core/scans';
import {
  checkCount,
  checkDuration,
  checkNumber,
  checkOptions,
  given,
  checkRequestOptions,
  checkWait,
  REQUEST_CHECKS,
} from '../core/options';
import { notReused } from '../core/reuse';
import type { QueryOf, RequestOptions } from '../core/types';
import type { Event } from '../schemas/events';
import { LIMIT_DEFAULT, LIMIT_MAX } from '../schemas/query';
import type { ClosingLine, OddsSnapshot, OpeningLine } from '../schemas/prices';
import type { SpecialMarket } from '../schemas/props';
import type { Result } from '../schemas/results';
import type { Metering, RouteDef } from '../schemas/route';
import { dataRoutes } from '../schemas/data-routes';
import type { RouteId } from '../schemas/routes';
import { eventIdOf, type EventRef } from './refs';
import { APIResource } from './resource';

/** Filters of a live scan: the events listing's, without `live` and `cursor` (the scan sets them). */
export type LiveFilters = Omit<QueryOf<'events.list'>, 'live' | 'cursor'>;

/** Filters of pre-game polling: the listing's, without `live`, `cursor` and `since` (the poll moves it). */
export type PollFilters = Omit<QueryOf<'events.list'>, 'live' | 'cursor' | 'since'>;

/** A live scan of events. */
export type LiveEventScan = LiveScan<Event, LiveFilters>;

/** A poll of events. */
export type EventPoll = Poll<Event>;

/** Options of the whole-window scans (`scan`, `oddsHistory`): per-call options, plus a credit allowance of their own. */
export interface ScanOptions extends RequestOptions {
  /** Most credits the scan may spend: a request whose envelope does not fit is refused (`BudgetExceededError`). */
  maxCredits?: number | undefined;
}

/** Options of `scan()`. */
export interface EventScanOptions extends ScanOptions {
  /** Events per request, 1 to 500. Default 500 (fewest requests, fewest credits). */
  pageSize?: number | undefined;
}

/** Query of `oddsHistory()`: where to start, and primary rows only. */
export interface OddsHistoryQuery {
  /** Only snapshots recorded after this instant: RFC 3339 in UTC (`Z` or `+00:00`) or a `Date`, sent with `Z`; default the whole history. */
  since?: string | Date | undefined;
  /** Keep only primary rows (`alt_line_id` null). */
  main_lines_only?: boolean | undefined;
}

/** What `scan()` takes: a call's options, its credit allowance and page size (checked as it reads them). */
const SCAN_CHECKS = { ...REQUEST_CHECKS, maxCredits: 0, pageSize: 0 } as const;
/** What `oddsHistory()` takes: a call's options and its credit allowance. */
const HISTORY_CHECKS = { ...REQUEST_CHECKS, maxCredits: 0 } as const;
/** What `poll()` takes: a call's options and the poll's own (its first `since` is the listing's to check). */
const POLL_CHECKS = {
  ...REQUEST_CHECKS,
  intervalMs: checkDuration,
  overlapMs: checkWait,
  since: 0,
} as const;

/** A scan's own credit allowance: a non-negative integer of credits, or none. */
const checkScanCredits = (maxCredits: unknown): number | undefined =>
  given(maxCredits, undefined, (v) => checkCount('maxCredits', v, { unit: 'credits' }));

/** Events (fixtures) and everything per event: odds, lines, results, props; live scans, whole-window scans, histories and polling. */
export class Events extends APIResource {
  /**
   * Events: future pre-match by default; a past `starts_from`, an `event_id` or `parent_id` select
   * others. At most `limit` (default 100, at most 500): `meta.truncated` says more matched, and
   * `scan()` lists a whole window.
   *
   * @example
   * const upcoming = await odds.events.list({ sport_id: 29, starts_to: '2026-11-22', limit: 50 });
   */
  list(query: QueryOf<'events.list'> = {}, options?: RequestOptions): APIPromise<Event[]> {
    return this.client.request('events.list', { query }, options);
  }

  /**
   * Latest prices of an event (every primary and alternate row at the newest snapshot), or its
   * history with `full_history: true` and/or `since` (5,000 rows an answer: check `meta.truncated`,
   * or read it whole with `oddsHistory()`). Takes an event id or any row that carries one.
   *
   * @example
   * const latest = await odds.events.odds(42);
   * const { data, meta } = await odds.events.odds(event, { full_history: true }).withMeta();
   */
  odds(event: EventRef, query: QueryOf<'events.odds'> = {}, options?: RequestOptions): APIPromise<OddsSnapshot[]> {
    return this.requestWith('events.odds', () => ({ params: { event_id: eventIdOf(event) }, query }), options);
  }

  /**
   * Opening lines: the earliest snapshot per market, period and line.
   *
   * @example
   * const opening = await odds.events.openingLines(42);
   */
  openingLines(event: EventRef, options?: RequestOptions): APIPromise<OpeningLine[]> {
    return this.requestWith('events.openingLines', () => ({ params: { event_id: eventIdOf(event) } }), options);
  }

  /**
   * Closing lines: the latest closing snapshot per market, period and line (can be corrected).
   *
   * @example
   * const closing = await odds.events.closingLines(42);
   */
  closingLines(event: EventRef, options?: RequestOptions): APIPromise<ClosingLine[]> {
    return this.requestWith('events.closingLines', () => ({ params: { event_id: eventIdOf(event) } }), options);
  }

  /**
   * Results, one row per period (can be re-settled).
   *
   * @example
   * const results = await odds.events.results(42);
   */
  results(event: EventRef, options?: RequestOptions): APIPromise<Result[]> {
    return this.requestWith('events.results', () => ({ params: { event_id: eventIdOf(event) } }), options);
  }

  /**
   * Props (special markets) of an event; their prices through `odds.props.odds(prop)`.
   *
   * @example
   * const props = await odds.events.props(42);
   */
  props(event: EventRef, options?: RequestOptions): APIPromise<SpecialMarket[]> {
    return this.requestWith('events.props', () => ({ params: { event_id: eventIdOf(event) } }), options);
  }

  /**
   * A live scan of in-play events: iterate it for events, or `.pages()` for pages. It follows the
   * cursor past empty pages; `scan.state` is a JSON checkpoint for `resumeLive`.
   *
   * @example
   * for await (const event of odds.events.live({ sport_id: 29 })) console.log(event.runner_home);
   */
  live(filters: LiveFilters = {}, options?: RequestOptions): LiveEventScan {
    return LiveScan.start(
      filters,
      this.#fetchLivePage(options, 'events.live()'),
      internalsOf(this.client).ctx.clock,
      liveCost(filters.limit),
    );
  }

  /**
   * Resumes a saved live scan (`CursorExpiredError` when its cursor is past five minutes).
   *
   * @example
   * const scan = odds.events.resumeLive(JSON.parse(saved));
   */
  resumeLive(state: LiveScanState<LiveFilters>, options?: RequestOptions): LiveEventScan {
    return new LiveScan(
      state,
      this.#fetchLivePage(options, 'events.resumeLive()'),
      internalsOf(this.client).ctx.clock,
      liveCost(state.filters.limit),
    );
  }

  /**
   * Every event of a kickoff window, with no truncation: pages of up to 500 events, each truncated
   * page continued from its last kickoff instant (see `EventScan`). `scan.state` is a JSON checkpoint
   * for `resumeScan`; `scan.estimate()` prices a request before any is sent (budget and pacer apply).
   *
   * @example
   * const scan = odds.events.scan({ sport_id: 29, starts_from: '2026-10-01T00:00:00Z', starts_to: '2026-10-31' });
   * console.log(scan.estimate(3_000)); // { perRequest: 25, rowsPerRequest: 500, spent: 0, requests: 6, credits: 150 }
   * for await (const event of scan) save(event);
   */
  scan(filters: EventScanFilters, options: EventScanOptions = {}): EventScan {
    const { pageSize = LIMIT_MAX, maxCredits, ...requestOptions } = checkRequestOptions(options, 'events.scan()', SCAN_CHECKS);
    const size = checkNumber('pageSize', pageSize, { integer: true, max: LIMIT_MAX });
    return EventScan.start(filters, size, this.#scanFetchers(requestOptions), checkScanCredits(maxCredits));
  }

  /**
   * Resumes a saved events scan from its checkpoint.
   *
   * @example
   * for await (const event of odds.events.resumeScan(JSON.parse(saved))) save(event);
   */
  resumeScan(state: EventScanState, options: RequestOptions = {}): EventScan {
    return new EventScan(state, this.#scanFetchers(checkRequestOptions(options, 'events.resumeScan()')));
  }

  /**
   * The complete price history of an event, past the 5,000-row cap of one answer: each truncated
   * answer continues from its last snapshot's `timestamp`, without gaps or duplicates.
   *
   * @example
   * const history = odds.events.oddsHistory(event, { main_lines_only: true });
   * console.log(history.estimate()); // { perRequest: 250, rowsPerRequest: 5000, spent: 0 }
   * for await (const row of history) store(row);
   */
  oddsHistory(event: EventRef, query: OddsHistoryQuery = {}, options: ScanOptions = {}): OddsHistory {
    const { maxCredits, ...requestOptions } = checkRequestOptions(options, 'events.oddsHistory()', HISTORY_CHECKS);
    const { since, main_lines_only } = checkOptions<OddsHistoryQuery>('events.oddsHistory() query', query, ['since', 'main_lines_only']);
    const eventId = eventIdOf(event);
    return OddsHistory.start(
      eventId,
      main_lines_only === true,
      this.#historyFetcher(eventId, requestOptions),
      since,
      checkScanCredits(maxCredits),
    );
  }

  /**
   * Resumes a saved odds history from its checkpoint.
   *
   * @example
   * for await (const row of odds.events.resumeOddsHistory(JSON.parse(saved))) store(row);
   */
  resumeOddsHistory(state: OddsHistoryState, options: RequestOptions = {}): OddsHistory {
    return new OddsHistory(state, this.#historyFetcher(state.eventId, checkRequestOptions(options, 'events.resumeOddsHistory()')));
  }

  /**
   * Pre-game discovery with a moving `since`: each changed event once per new `version` (or
   * `.batches()`), until `options.signal` aborts (quietly) or the consumer breaks. `since` moves on
   * the service's clock, so a skewed client clock misses nothing.
   *
   * @example
   * const stop = new AbortController();
   * for await (const event of odds.events.poll({ sport_id: 29 }, { intervalMs: 15_000, signal: stop.signal })) {
   *   console.log(event.event_id, event.version);
   * }
   */
  poll(filters: PollFilters = {}, options: PollOptions & Omit<RequestOptions, 'signal'> = {}): EventPoll {
    const {
      intervalMs: _interval,
      overlapMs: _overlap,
      since: _since,
      signal: _signal,
      ...requestOptions
    } = checkRequestOptions(options, 'events.poll()', POLL_CHECKS);
    const { options: o, clock } = internalsOf(this.client).ctx;
    const list = (since: string | undefined, signal: AbortSignal | undefined) =>
      this.list(
        since === undefined ? filters : { ...filters, since },
        notReused(signal === undefined ? requestOptions : { ...requestOptions, signal }),
      ).withMeta();
    const deps = {
      list,
      identity: (e: Event) => ({ id: e.event_id, version: e.version }),
      now: o.now,
      toService: (localMs: number) => clock.toService(localMs),
      sleep: o.sleep,
      warn: (message: string) => o.logger.warn(message),
    };
    return new Poll<Event>(deps, options);
  }

  #fetchLivePage(given: RequestOptions | undefined, owner: string) {
    const options = notReused(given === undefined ? given : checkRequestOptions(given, owner));
    return (filters: LiveFilters, cursor: string | undefined) =>
      this.list({ ...filters, live: true, ...(cursor === undefined ? {} : { cursor }) }, options).withMeta();
  }

  // The pages of a scan, and its catalog lookups, are never reused: each is its own request and charge.
  #scanFetchers(given: RequestOptions) {
    const options = notReused(given);
    return {
      events: (query: QueryOf<'events.list'>) => this.list(query, options).withMeta(),
      sports: () => this.client.request('catalog.sports', {}, options).withMeta(),
      leagues: (sportId: number) => this.client.request('catalog.leagues', { query: { sport_id: sportId } }, options).withMeta(),
      envelope: (limit: number) => meteringOf('events.list').envelope({ limit }),
      catalogEnvelope: meteringOf('catalog.leagues').envelope({}),
    };
  }

  #historyFetcher(eventId: number, given: RequestOptions) {
    const options = notReused(given);
    const history = { full_history: true };
    return {
      odds: (query: QueryOf<'events.odds'>) => this.odds(eventId, query, options).withMeta(),
      envelope: meteringOf('events.odds').envelope(history),
      rowCap: meteringOf('events.odds').rowCap(history),
    };
  }
}

/** What one live page reserves and answers at most. */
function liveCost(limit: number | undefined): { perRequest: number; rowsPerRequest: number } {
  const query = { live: true, limit: limit ?? LIMIT_DEFAULT };
  return { perRequest: meteringOf('events.list').envelope(query), rowsPerRequest: query.limit };
}

/** The metering of a data route, from the route table. */
function meteringOf(id: RouteId): Metering {
  const metering = (dataRoutes as Partial<Record<string, RouteDef>>)[id]?.metering;
  if (metering === undefined) throw new TypeError(`${id} is not metered`);
  return metering;
}
