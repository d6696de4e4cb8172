/** The catalog cache of spec 8.4 ("roughly one hour") for cache-eligible routes. */
export const CACHE_TTL_MS = 60 * 60 * 1000;

/** A cached data result. */
export interface CachedResult {
  body: unknown;
  rows: number;
  truncated: boolean;
  expiresAt: number;
}

/** Responses of cache-eligible routes by route and canonical query. */
export class ResponseCache {
  private readonly entries = new Map<string, CachedResult>();

  get(key: string, now: number): CachedResult | undefined {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit;
    if (hit) this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: Omit<CachedResult, 'expiresAt'>, now: number): void {
    this.entries.set(key, { ...value, expiresAt: now + CACHE_TTL_MS });
  }

  clear(): void {
    this.entries.clear();
  }
}
