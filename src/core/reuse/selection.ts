/**
 * What `odds.cache.clear()` selects: a route's answers, for the path of some parameters and a query
 * when given. Shared by the process's cache (`runner.ts`) and a fleet's store.
 */
import type { RouteDef } from '../../schemas/route';
import { SportsOddsError } from '../errors/base';
import { encoderOf } from '../validation/fast-encoders';
import { withUtcInstants } from '../validation/instants';
import { fillPath, queryString } from '../validation/url';

/** The answers a clear selects: all of them (no route id), a route's, its path's, its query's. */
export interface AnswerSelection {
  routeId?: string;
  path?: string;
  query?: string;
}

/**
 * The selection of `clear(route, input)`; its parameters and query are encoded as a call's are (a
 * value that is not the route's is refused).
 *
 * @example
 * selectionOf(routes['events.odds'], { params: { event_id: 42 } }); // { routeId: 'events.odds', path: '/v1/events/42/odds' }
 */
export function selectionOf(route: RouteDef | undefined, input: { params?: unknown; query?: unknown }): AnswerSelection {
  if (route === undefined) return {};
  const routeId = route.id;
  const encode = (part: 'params' | 'query', value: unknown): Record<string, string> => {
    const encoded = encoderOf(route[part])?.(value ?? {});
    if (encoded === undefined) throw new SportsOddsError(`clear('${routeId}'): ${part} ${JSON.stringify(value)} are not ${routeId}'s`);
    return encoded;
  };
  return {
    routeId,
    ...(input.params === undefined ? {} : { path: fillPath(route.path, encode('params', input.params)) }),
    ...(input.query === undefined ? {} : { query: queryString(encode('query', withUtcInstants(input.query))) }),
  };
}
