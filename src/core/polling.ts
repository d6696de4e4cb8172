import { AbortError } from './errors/connection';
import type { ResponseMeta, WithMeta } from './types';

/** Options of a polling loop. */
export interface PollOptions {
  /** Wait between polls, ms. Default 30,000. */
  intervalMs?: number;
  /**
   * How far each `since` reaches back before the previous poll's start (on the service's clock),
   * ms, to cover the time the service took to record a change; duplicates are filtered by version.
   * Default 60,000.
   */
  overlapMs?: number;
  /** First `since` (RFC 3339 UTC); default none, so the first poll lists every matching event. */
  since?: string;
  /** Stops the loop: the iteration ends quietly. */
  signal?: AbortSignal;
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
  /** The client's clock. */
  now: () => number;
  /** An instant of the client's clock on the service's clock. */
  toService: (localMs: number) => number;
  /** Waits between polls (rejects when the signal aborts). */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Where a truncated poll is reported. */
  warn: (message: string) => void;
}

/** An RFC 3339 UTC timestamp to the second, as the `since` parameter takes it. */
export const toUtcSeconds = (ms: number): string => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

/**
 * Incremental discovery with a moving `since` (docs/service.md, "Events", "Incremental discovery"): iterate it for each
 * row once per new version, or `batches()` for one batch per poll with its headers, until the
 * signal aborts or the consumer stops. Each `since` is the previous poll's start on the service's
 * clock (learned from its answers' `Date`), less `overlapMs`, so a client clock hours off, or a
 * mock pinned to another day, still sees every change.
 *
 * @example
 * for await (const event of odds.events.poll({ sport_id: 29 }, { signal })) console.log(event.event_id);
 * for await (const batch of odds.events.poll({ sport_id: 29 }, { signal }).batches()) console.log(batch.poll, batch.data.length, batch.meta.credits.cost);
 */
export class Poll<T> implements AsyncIterable<T> {
  constructor(
    private readonly deps: PollDeps<T>,
    private readonly options: PollOptions = {},
  ) {}

  /** One batch per poll. Each call starts a loop of its own. */
  async *batches(): AsyncGenerator<PollBatch<T>, void, undefined> {
    // The loop itself is loaded with the first poll, given what it uses of the rest of the SDK (a leaf).
    const { pollBatches } = await import('./scan-pages');
    yield* pollBatches(this.deps, this.options, AbortError, toUtcSeconds);
  }

  /** Each new or changed row once, across polls. */
  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const batch of this.batches()) yield* batch.data;
  }
}
