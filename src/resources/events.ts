import type { APIPromise } from '../core/api-promise';
import type { InternalLogger } from '../core/logger';
import { LiveScan, type LiveScanState } from '../core/pagination';
import { poll, type PollOptions } from '../core/polling';
import type { Now, Sleep } from '../core/runtime';
import type { QueryOf, RequestOptions } from '../core/types';
import type { Event } from '../schemas/events';
import type { ClosingLine, OddsSnapshot, OpeningLine } from '../schemas/prices';
import type { SpecialMarket } from '../schemas/props';
import type { Result } from '../schemas/results';
import { APIResource, type RouteCaller } from './resource';

/** Filters of a live scan: the events listing's, without `live` and `cursor` (the scan sets them). */
export type LiveFilters = Omit<QueryOf<'events.list'>, 'live' | 'cursor'>;

/** Filters of pre-game polling: the listing's, without `live`, `cursor` and `since` (the poll moves it). */
export type PollFilters = Omit<QueryOf<'events.list'>, 'live' | 'cursor' | 'since'>;

/** A live scan of events. */
export type LiveEventScan = LiveScan<Event, LiveFilters>;

/** The client's clock, sleep and logger, for scans and polls. */
export interface EventsRuntime {
  now: Now;
  sleep: Sleep;
  logger: InternalLogger;
}

/** Events (fixtures) and everything per event: odds, lines, results, props; live scans and polling. */
export class Events extends APIResource {
  readonly #runtime: EventsRuntime;

  constructor(client: RouteCaller, runtime: EventsRuntime) {
    super(client);
    this.#runtime = runtime;
  }

  /**
   * Events: future pre-match by default; a past `starts_from`, an `event_id` or `parent_id` select others.
   *
   * @example
   * const upcoming = await odds.events.list({ sport_id: 29, starts_to: '2026-11-22', limit: 50 });
   */
  list(query: QueryOf<'events.list'> = {}, options?: RequestOptions): APIPromise<Event[]> {
    return this.client.request('events.list', { query }, options);
  }

  /**
   * Latest prices of an event (every primary and alternate row at the newest snapshot), or its
   * history with `full_history: true` and/or `since`. Check `meta.truncated` on history.
   *
   * @example
   * const latest = await odds.events.odds(42);
   * const { data, meta } = await odds.events.odds(42, { full_history: true }).withMeta();
   */
  odds(eventId: number, query: QueryOf<'events.odds'> = {}, options?: RequestOptions): APIPromise<OddsSnapshot[]> {
    return this.client.request('events.odds', { params: { event_id: eventId }, query }, options);
  }

  /**
   * Opening lines: the earliest snapshot per market, period and line.
   *
   * @example
   * const opening = await odds.events.openingLines(42);
   */
  openingLines(eventId: number, options?: RequestOptions): APIPromise<OpeningLine[]> {
    return this.client.request('events.openingLines', { params: { event_id: eventId } }, options);
  }

  /**
   * Closing lines: the latest closing snapshot per market, period and line (can be corrected).
   *
   * @example
   * const closing = await odds.events.closingLines(42);
   */
  closingLines(eventId: number, options?: RequestOptions): APIPromise<ClosingLine[]> {
    return this.client.request('events.closingLines', { params: { event_id: eventId } }, options);
  }

  /**
   * Results, one row per period (can be re-settled).
   *
   * @example
   * const results = await odds.events.results(42);
   */
  results(eventId: number, options?: RequestOptions): APIPromise<Result[]> {
    return this.client.request('events.results', { params: { event_id: eventId } }, options);
  }

  /**
   * Props (special markets) of an event; their prices through `odds.props.odds(special_id)`.
   *
   * @example
   * const props = await odds.events.props(42);
   */
  props(eventId: number, options?: RequestOptions): APIPromise<SpecialMarket[]> {
    return this.client.request('events.props', { params: { event_id: eventId } }, options);
  }

  /**
   * A live scan of in-play events: iterate it for events, or `.pages()` for pages. It follows the
   * cursor past empty pages; `scan.state` is a JSON checkpoint for `resumeLive`.
   *
   * @example
   * for await (const event of odds.events.live({ sport_id: 29 })) console.log(event.runner_home);
   */
  live(filters: LiveFilters = {}, options?: RequestOptions): LiveEventScan {
    return LiveScan.start(filters, this.#fetchLivePage(options), this.#runtime.now);
  }

  /**
   * Resumes a saved live scan (`CursorExpiredError` when its cursor is past five minutes).
   *
   * @example
   * const scan = odds.events.resumeLive(JSON.parse(saved));
   */
  resumeLive(state: LiveScanState<LiveFilters>, options?: RequestOptions): LiveEventScan {
    return new LiveScan(state, this.#fetchLivePage(options), this.#runtime.now);
  }

  /**
   * Pre-game discovery with a moving `since`: yields each changed event once per new `version`,
   * until `options.signal` aborts (the loop then ends quietly) or the consumer breaks.
   *
   * @example
   * const stop = new AbortController();
   * for await (const event of odds.events.poll({ sport_id: 29 }, { intervalMs: 15_000, signal: stop.signal })) {
   *   console.log(event.event_id, event.version);
   * }
   */
  poll(filters: PollFilters = {}, options: PollOptions & Omit<RequestOptions, 'signal'> = {}): AsyncGenerator<Event, void, undefined> {
    const { intervalMs: _interval, overlapMs: _overlap, since: _since, signal: _signal, ...requestOptions } = options;
    const list = (since: string | undefined, signal: AbortSignal | undefined) =>
      this.list(since === undefined ? filters : { ...filters, since }, signal === undefined ? requestOptions : { ...requestOptions, signal }).withMeta();
    return poll<Event>({ list, identity: (e) => ({ id: e.event_id, version: e.version }), ...this.#runtime }, options);
  }

  #fetchLivePage(options: RequestOptions | undefined) {
    return (filters: LiveFilters, cursor: string | undefined) =>
      this.list({ ...filters, live: true, ...(cursor === undefined ? {} : { cursor }) }, options).withMeta();
  }
}
