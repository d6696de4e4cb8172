/** The types of answer reuse (docs/caching.md): coalescing, the freshness cache, its options and counts, its store. */
import type { RouteDef } from '../../schemas/route';
import type { DataRouteId } from '../../schemas/routes';
import type { RawAnswer } from './answer';

/** The freshness cache of a client (`cache` of `new SportsOdds()`). */
export interface CacheOptions {
  /** How long a route's answer is served again without a request, ms, by route id (0: never); over the route table's defaults (docs/caching.md). */
  maxAge?: { [Id in DataRouteId]?: number | undefined } | undefined;
  /** Most bytes the process memory holds for cached answers (least recently used go first). Default 32 MiB. */
  maxBytes?: number | undefined;
}

/** What the cache and the coalescing did for a client's calls (`odds.cache.stats()`). */
export interface CacheStats {
  /** Calls served from the cache. */
  hits: number;
  /** Calls that looked in the cache, found nothing fresh and were sent. */
  misses: number;
  /** Calls that took the answer of an identical call in flight. */
  shared: number;
  /** Credits the hits and shared calls did not pay: the cost of the answers they reused. */
  creditsSaved: number;
  /** Answers in the cache now. */
  entries: number;
  /** Their bytes, as the bound counts them. */
  bytes: number;
}

/** An answer as a store keeps it. */
export interface StoredAnswer {
  routeId: string;
  url: string;
  path: string;
  query: string;
  status: number;
  headers: [string, string][];
  text: string;
  /** When its request was sent, on the client's clock (ms). */
  sentAt: number;
  cost: number;
}

/** Where cached answers live: process memory by default, or a shared store; every method may answer at once or as a promise. */
export interface AnswerStore {
  get(key: string): StoredAnswer | undefined | Promise<StoredAnswer | undefined>;
  /** Keeps `answer` under `key` for `ttlMs` at most (a store may drop it sooner). */
  set(key: string, answer: StoredAnswer, ttlMs: number): void | Promise<void>;
  /** Claims the fetching of `key` for `timeoutMs`: true when this caller fetches; false: wait for the holder's answer with `get`. */
  claim(key: string, timeoutMs: number): boolean | Promise<boolean>;
  delete(match: (answer: StoredAnswer) => boolean): void | Promise<void>;
  /** Answers kept and their bytes. */
  size(): { entries: number; bytes: number };
}

/** An answer the SDK received, with what reusing it needs. */
export interface FetchedAnswer extends RawAnswer {
  /** When the request of its last attempt was sent, on the client's clock (ms). */
  readonly sentAt: number;
  /** `X-Credits-Cost`, or undefined when not metered. */
  readonly cost: number | undefined;
}

/** Where a call's answer is filed: its route, path and query string. */
export interface AnswerPlace {
  route: RouteDef;
  path: string;
  query: string;
}

/** The freshness cache over its store (loaded by the first call that uses it). */
export interface AnswerCache {
  /** The answer under `key` if it was sent for less than `maxAge` ms before `now` (client clock), else undefined. */
  lookup(key: string, maxAge: number, now: number): Promise<StoredAnswer | undefined>;
  /** `answer` as a store keeps it, or undefined when it may not be kept (docs/caching.md, "Never cached"). */
  storable(answer: FetchedAnswer, place: AnswerPlace): StoredAnswer | undefined;
  /** Keeps `answer` for `keepMs` from its sending, if it may be kept (docs/caching.md, "Never cached"). */
  keep(key: string, answer: FetchedAnswer, place: AnswerPlace, keepMs: number): Promise<void>;
  clear(match: (answer: StoredAnswer) => boolean): void;
  /** Answers kept and their bytes. */
  size(): { entries: number; bytes: number };
}
