import { BoundedMap, type Bounds, textBytes } from './bounded';

/** The catalog cache of docs/service.md's "Constants" ("roughly one hour") for cache-eligible routes. */
export const CACHE_TTL_MS = 60 * 60 * 1000;
/** One hour, 1,000 answers, 16 MiB: a large listing's answer is megabytes, and a thousand would not fit a test machine. */
export const CACHE_BOUNDS: Bounds = { maxAgeMs: CACHE_TTL_MS, maxCount: 1_000, maxBytes: 16 * 1024 * 1024 };

/** An entry's bytes: its key, its body as text and as UTF-8 where kept so, and a fixed allowance for the entry's objects. */
export const cachedBytes = (key: string, value: CachedResult): number =>
  textBytes(key) + textBytes(value.text) + (value.utf8?.byteLength ?? 0) + ENTRY_OVERHEAD;
const ENTRY_OVERHEAD = 160;

/** A cached data answer: its body serialized once (and validated once), with what its headers say. */
export interface CachedResult {
  /** The JSON body as sent. */
  text: string;
  /** The same body as UTF-8, encoded once when kept, so a transport that sends bytes never encodes it again. */
  utf8?: Uint8Array | undefined;
  rows: number;
  truncated: boolean;
}

/** Responses of cache-eligible routes by route and canonical query. */
export class ResponseCache {
  private readonly entries = new BoundedMap<string, CachedResult>(CACHE_BOUNDS, cachedBytes);

  get(key: string, now: number): CachedResult | undefined {
    return this.entries.get(key, now);
  }

  set(key: string, value: CachedResult, now: number): void {
    this.entries.set(key, value, now);
  }

  /** The answers kept at `now` with when each was stored, oldest first (their bodies as text). */
  saved(now: number): { key: string; text: string; rows: number; truncated: boolean; at: number }[] {
    return this.entries
      .entries(now)
      .map(({ key, value, at }) => ({ key, text: value.text, rows: value.rows, truncated: value.truncated, at }));
  }

  /** Answers currently held. */
  get size(): number {
    return this.entries.size;
  }

  /** Bytes currently held (the byte bound counts these). */
  get bytes(): number {
    return this.entries.bytes;
  }
}
