import type { Event } from '../../schemas/events';
import type { OddsSnapshot } from '../../schemas/prices';
import type { ScanPage, ScanProgress } from './scan';
import type { ResponseMeta, WithMeta } from '../types';

/** The window of an events scan: each instant RFC 3339 in UTC (`Z` or `+00:00`) or a `Date`, sent with `Z` (and kept so from the first page). */
export interface EventScanFilters {
  sport_id?: number | undefined;
  league_id?: number | undefined;
  /** Inclusive lower bound of `starts`: RFC 3339 in UTC (`Z` or `+00:00`) or a `Date`. */
  starts_from: string | Date;
  /** Inclusive upper bound of `starts`: RFC 3339 in UTC (`Z` or `+00:00`), a `Date`, or a complete UTC day `YYYY-MM-DD`. */
  starts_to: string | Date;
}

/** A part of the window still to list: the rest of it, or one kickoff instant narrowed to a sport or league. */
export interface EventScanSegment {
  sport_id?: number;
  league_id?: number;
  /** The next request's `starts_from`. */
  from: string;
  to: string;
  /** Events already yielded whose `starts` is the instant `from`. */
  seen: number[];
}

/** Where an events scan stands, as plain JSON: resume it with `odds.events.resumeScan(state)`. */
export interface EventScanState extends ScanProgress {
  filters: EventScanFilters;
  /** Rows per request (`limit`), 1 to 500. */
  pageSize: number;
  /** The parts of the window still to list, the next one first (none before the first page: the whole window of `filters`). */
  segments: EventScanSegment[];
  /** The scan's own credit allowance (`maxCredits` of `scan()`), if any. */
  maxCredits?: number;
}

/** One page of an events scan. */
export interface EventScanPage extends ScanPage<Event, EventScanState> {}

/** What the scan calls: the listing, and the catalog when it has to narrow one instant. */
export interface EventScanFetchers {
  events: (query: {
    sport_id?: number;
    league_id?: number;
    starts_from: string;
    starts_to: string;
    limit: number;
  }) => Promise<WithMeta<Event[]>>;
  sports: () => Promise<WithMeta<{ sport_id?: number | null | undefined }[]>>;
  leagues: (sportId: number) => Promise<WithMeta<{ league_id?: number | null | undefined }[]>>;
  envelope: (limit: number) => number;
  catalogEnvelope: number;
}

/** Where an odds history stands, as plain JSON: resume it with `odds.events.resumeOddsHistory(state)`. */
export interface OddsHistoryState extends ScanProgress {
  eventId: number;
  /** Primary rows only (`main_lines_only`). */
  mainLinesOnly: boolean;
  /**
   * The next request's `since`: the one given (RFC 3339 in UTC, or a `Date`, sent with `Z` and kept so from the first page), then the
   * last snapshot's `timestamp` so far.
   */
  since?: string | Date;
  /** The scan's own credit allowance (`maxCredits` of `oddsHistory()`), if any. */
  maxCredits?: number;
}

/** One page of an odds history. */
export interface OddsHistoryPage extends ScanPage<OddsSnapshot, OddsHistoryState> {}

/** What the scan calls: one history request, its reservation envelope and row cap. */
export interface OddsHistoryFetcher {
  odds: (query: { full_history: true; since?: string; main_lines_only?: boolean }) => Promise<WithMeta<OddsSnapshot[]>>;
  envelope: number;
  rowCap: number;
}

/** Where a live scan stands, as plain JSON: resume it with `odds.events.resumeLive(state)` while the cursor is fresh. */
export interface LiveScanState<F> extends ScanProgress {
  /** The original filters, repeated on every page. */
  filters: F;
  /** The cursor of the next page; absent before the first page and after the last. */
  cursor?: string;
  /** When the cursor was received, on the service's clock (ISO 8601): the five minutes run from here. */
  cursorReceivedAt?: string;
}

/** One page of a live scan. */
export interface LivePage<T, F> extends ScanPage<T, LiveScanState<F>> {}

/** Fetches one page with the original filters and, after the first, the cursor. */
export type PageFetcher<T, F> = (filters: F, cursor: string | undefined) => Promise<WithMeta<T[]>>;

/** Options of a polling loop. */
export interface PollOptions {
  /** Wait between polls, ms. Default 30,000. */
  intervalMs?: number | undefined;
  /** How far each `since` reaches back before the previous poll's start (service clock), ms, to cover recording delay. Default 60,000. */
  overlapMs?: number | undefined;
  /** First `since`: RFC 3339 in UTC (`Z` or `+00:00`) or a `Date`, sent with `Z`; default none, so the first poll lists every matching event. */
  since?: string | Date | undefined;
  /** Stops the loop: the iteration ends quietly. */
  signal?: AbortSignal | undefined;
}

/** One poll: what it asked, what it found new, and its headers. */
export interface PollBatch<T> {
  /** 1 for the first poll. */
  poll: number;
  /** The `since` this poll sent (none on a first poll without `options.since`). */
  since: string | undefined;
  /** New rows and rows with a new version, each once. */
  data: T[];
  /** Rows the answer held, before the ones already seen were dropped. */
  rows: number;
  /** The answer's headers: `credits.cost`, `truncated` (a truncated poll may have missed changes). */
  meta: ResponseMeta;
}

/** What the loop needs from its client. */
export interface PollDeps<T> {
  /** One poll: the listing with `since`. */
  list: (since: string | undefined, signal: AbortSignal | undefined) => Promise<WithMeta<T[]>>;
  /** A row's identity and version, to yield each version once. */
  identity: (row: T) => { id: unknown; version: unknown };
  now: () => number;
  toService: (localMs: number) => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Where a truncated poll is reported. */
  warn: (message: string) => void;
}
