import type { EventBoard, LineChange } from '../domain';
import type { RequestOptions } from '../core/types';

/**
 * The types of the price watch (`watchPrices`): its options, its mode, its meta and its state (plain JSON).
 */

/** How a watch reads the boards: each event's history since its last read (`incremental`), or its latest board each poll (`latest`). */
export type WatchMode = 'incremental' | 'latest';

/** An event to watch: its id, or any row that carries one (an `Event`, an `OddsSnapshot`...). */
export type WatchedEventRef = number | { readonly event_id?: number | null | undefined };

/** A change the watch yields: a line's (keyed `event|period|market|alt_line_id`) or an event's in-play state. */
export type PriceChange = LineChange;

/** Options of `watchPrices`: a call's options for each request (but the reuse, which the watch sets), and the watch's own. */
export interface PriceWatchOptions extends Omit<RequestOptions, 'maxAge' | 'cache' | 'coalesce'> {
  /**
   * `auto` (default): `incremental` when the history route's envelope (250 credits) fits the credits left, else `latest`
   * (25 credits an envelope); or one of them. In latest mode a change that came and went between two polls is not seen.
   */
  mode?: 'auto' | WatchMode | undefined;
  /** The least wait between two polls, ms. Default 10,000; longer when the plan's rate or `until` and the credits left ask for it. */
  intervalMs?: number | undefined;
  /** Most credits the watch may spend: it ends with `BudgetExceededError` (`limit: 'scanMaxCredits'`) before a poll that could pass it. */
  maxCredits?: number | undefined;
  /** When the watch ends, quietly (RFC 3339 in UTC or a `Date`, on the service's clock); the polls are spaced so the credits left last till then. */
  until?: string | Date | undefined;
  /**
   * Incremental mode: read each event's history after this instant first (RFC 3339 in UTC or a `Date`), so that every change
   * since then is yielded; default none: the boards as they stand at the start (each line `line_opened`), then every change.
   */
  since?: string | Date | undefined;
  /** Primary lines only (`main_lines_only`). Default true: one row per market and period, the fewest credits. */
  mainLinesOnly?: boolean | undefined;
}

/** Options of `resumePriceWatch`: those of `watchPrices` but the mode, `since` and `mainLinesOnly`, which the state keeps. */
export type ResumeWatchOptions = Omit<PriceWatchOptions, 'mode' | 'since' | 'mainLinesOnly'>;

/** One watched event, as plain JSON. */
export interface WatchedEvent {
  event_id: number;
  /** What is known of its board. */
  board: EventBoard;
  /** Incremental mode: the next history read's `since` (the newest snapshot read so far); absent before the first read. */
  since?: string;
}

/** Where a watch stands, as plain JSON: resume it with `resumePriceWatch(odds, state)`. Changes read but not yet yielded are in `pending`. */
export interface PriceWatchState {
  mode: WatchMode;
  mainLinesOnly: boolean;
  events: WatchedEvent[];
  /** Changes read and not yet yielded, the next first. */
  pending: PriceChange[];
  /** Polls made (one request per event, more for a history past its row cap). */
  polls: number;
  /** Requests sent (those answered by an identical call's answer included). */
  requests: number;
  /** Credits charged (`X-Credits-Cost`; 0 for an answer another process or call paid). */
  credits: number;
  /** The watch's own credit allowance, if any. */
  maxCredits?: number;
  /** When the watch ends, on the service's clock (RFC 3339). */
  until?: string;
}

/** What a watch chose and did. */
export interface PriceWatchMeta {
  mode: WatchMode;
  /** Why that mode, with the figures. */
  reason: string;
  /** The wait before the next poll as last chosen, ms. */
  intervalMs: number;
  polls: number;
  requests: number;
  credits: number;
  /** What one request of the mode reserves at most. */
  perRequest: number;
}
