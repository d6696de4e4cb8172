/** The SDK's cache defaults (docs/caching.md); imports nothing at run time, so the on-demand reuse code reads it alone. */
import type { DataRouteId } from './routes';

/** The service's own cache window of the cache-eligible routes (docs/service.md, "Cache": about an hour). */
export const SERVICE_CACHE_WINDOW_MS = 3_600_000;

/**
 * The `maxAge` (ms) an answer of each data route is served again without a request; 0: not cached
 * unless a client's `cache.maxAge` or a call's `maxAge` says so. The compiler names a route left out.
 */
export const cacheDefaults = {
  // Cache-eligible: the service answers the same within its window and still charges every HIT ("Cache").
  'catalog.sports': SERVICE_CACHE_WINDOW_MS,
  'catalog.leagues': SERVICE_CACHE_WINDOW_MS,
  'catalog.periods': SERVICE_CACHE_WINDOW_MS,
  'events.props': SERVICE_CACHE_WINDOW_MS,
  'outrights.list': SERVICE_CACHE_WINDOW_MS,
  // Fixtures change (their `version`) and live listings are never cached ("Events", "Cache").
  'events.list': 0,
  // Prices move: odds are never cached by the service ("Cache").
  'events.odds': 0,
  'props.odds': 0,
  // A line first quoted later opens later: new rows appear ("Prices", "Opening line").
  'events.openingLines': 0,
  // Final once available, not kept: corrections replace rows of that snapshot ("Prices", "Closing lines": refresh when revisions matter).
  'events.closingLines': 0,
  // Results can be corrected.
  'events.results': 0,
  // Measured against the closing line, which corrections can change.
  'analytics.clv': 0,
} as const satisfies Record<DataRouteId, number>;
