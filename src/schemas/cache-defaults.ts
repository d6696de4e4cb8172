/** The SDK's cache defaults (docs/caching.md), read from the route table; imports nothing at run time, so the on-demand reuse code reads it alone. */
import type { RouteDef } from './route';

/** The service's own cache window of the cache-eligible routes (docs/service.md, "Cache": about an hour). */
export const SERVICE_CACHE_WINDOW_MS = 3_600_000;

/**
 * How long (ms) the SDK serves an answer of a route again without a request, unless a client's `cache.maxAge` or a call's
 * `maxAge` says otherwise. The route's table entry decides it (`metering.cacheable`): a cache-eligible route's answer for the
 * service's own window, within which the service answers the same and still charges every `HIT`; any other route's not at
 * all (0): its answers change, or can be corrected.
 *
 * @example
 * defaultMaxAge(routes['catalog.sports']); // 3_600_000
 * defaultMaxAge(routes['events.odds']); // 0
 */
export const defaultMaxAge = (route: RouteDef): number => (route.metering?.cacheable === true ? SERVICE_CACHE_WINDOW_MS : 0);
