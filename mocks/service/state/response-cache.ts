import { BoundedMap, type Bounds } from './bounded';

/** The catalog cache of docs/service.md's "Constants" ("roughly one hour") for cache-eligible routes. */
export const CACHE_TTL_MS = 60 * 60 * 1000;
/** One hour per answer, and the 1,000 most recently cached answers. */
export const CACHE_BOUNDS: Bounds = { maxAgeMs: CACHE_TTL_MS, maxCount: 1_000 };

/** A cached data answer: its body serialized once (and validated once), with what its headers say. */
export interface CachedResult {
  /** The JSON body as sent. */
  text: string;
  rows: number;
  truncated: boolean;
}

/** Responses of cache-eligible routes by route and canonical query. */
export class ResponseCache {
  private readonly entries = new BoundedMap<string, CachedResult>(CACHE_BOUNDS);

  get(key: string, now: number): CachedResult | undefined {
    return this.entries.get(key, now);
  }

  set(key: string, value: CachedResult, now: number): void {
    this.entries.set(key, value, now);
  }

  /** Answers currently held. */
  get size(): number {
    return this.entries.size;
  }
}
