import type { DataRouteId } from '../schemas/routes';
import { routes } from '../schemas/routes';
import type { RouteDef } from '../schemas/route';
import { SportsOddsError } from './errors/base';
import { encoderOf } from './fast-encoders';
import { refuse } from './input-checks';
import type { CacheStats, ClientContext, ParamsOf, QueryOf, StoredAnswer } from './types';
import { fillPath, queryString } from './url';

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

  /**
   * Drops cached answers: all of them; a route's; or, with `input`, the route's for those path
   * parameters (and that query, when given). Calls in flight are not shared past it, and their
   * answers are not kept: whatever was asked before a `clear()` is never served after it.
   */
  clear<Id extends DataRouteId>(routeId?: Id, input: CachedInput<Id> = {}): void {
    const state = this.#ctx.reuse;
    const match = routeId === undefined ? () => true : matcherOf(routeId, input);
    state.generation += 1;
    state.inflight.clear();
    void state.cache?.then((cache) => cache?.clear(match));
  }

  /** Hits, misses, shared calls and the credits they saved, with the cache's entries and bytes now. */
  stats(): CacheStats {
    const { counts, ready } = this.#ctx.reuse;
    return { ...counts, ...(ready?.size() ?? { entries: 0, bytes: 0 }) };
  }
}

/** What selects the answers of a route (for those parameters, and that query when given). */
function matcherOf(routeId: string, input: CachedInput<DataRouteId>): (answer: StoredAnswer) => boolean {
  const route = (routes as Readonly<Record<string, RouteDef>>)[routeId];
  if (route?.metering === undefined) return refuse('clear(routeId)', routeId, 'the id of a data route');
  const encode = (part: 'params' | 'query', value: unknown): Record<string, string> => {
    const encoded = encoderOf(route[part])?.(value ?? {});
    if (encoded === undefined) throw new SportsOddsError(`clear('${routeId}'): ${part} ${JSON.stringify(value)} are not ${routeId}'s`);
    return encoded;
  };
  const path = input.params === undefined ? undefined : fillPath(route.path, encode('params', input.params));
  const query = input.query === undefined ? undefined : queryString(encode('query', input.query));
  return (answer) =>
    answer.routeId === routeId && (path === undefined || answer.path === path) && (query === undefined || answer.query === query);
}
