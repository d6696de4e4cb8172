import type { RouteDef } from '../../schemas/route';
import { dataRoutes } from '../../schemas/data-routes';
import type { DataRouteId } from '../../schemas/routes';
import { checkOptions, refuse } from '../options';
import type { CacheStats, ClientContext, ParamsOf, QueryOf } from '../types';

/** The input of a route `clear()` selects by: its path parameters, and its query when given. */
export interface CachedInput<Id extends DataRouteId> {
  params?: ParamsOf<Id>;
  query?: QueryOf<Id>;
}

/**
 * The freshness cache and the coalescing of a client (`odds.cache`, docs/caching.md).
 *
 * @example
 * odds.cache.clear('events.odds', { params: { event_id: 42 } }); // every cached answer of event 42's odds
 * const { hits, misses, shared, creditsSaved } = odds.cache.stats();
 */
export class CacheControl {
  readonly #ctx: ClientContext;

  constructor(ctx: ClientContext) {
    this.#ctx = ctx;
  }

  /** Drops cached answers (all, a route's, or its answers for `input`); whatever was asked before a `clear()` is never served after it. */
  clear<Id extends DataRouteId>(routeId?: Id, input: CachedInput<Id> = {}): void {
    const route = routeId === undefined ? undefined : (dataRoutes as Partial<Record<string, RouteDef>>)[routeId];
    if (routeId !== undefined && route?.metering === undefined) refuse('clear(routeId)', routeId, 'the id of a data route');
    checkOptions('cache.clear()', input, ['params', 'query']);
    // A fleet's answers, even before this process reused any; then this process's.
    this.#ctx.coordinator.answers?.clearRoute(route, input);
    this.#ctx.reuse.loaded?.clear(this.#ctx, route, input);
  }

  /** Hits, misses, shared calls and the credits they saved, with the cache's entries and bytes now. */
  stats(): CacheStats {
    const { counts, loaded } = this.#ctx.reuse;
    return { ...counts, ...(loaded?.size(this.#ctx) ?? { entries: 0, bytes: 0 }) };
  }
}
