import { dataRoutes } from '../../schemas/data-routes';
import type { RouteDef } from '../../schemas/route';
import type { RouteId } from '../../schemas/routes';

/** The account, key and credential routes, once the first call of one has loaded them. */
let loaded: Readonly<Record<string, RouteDef>> | undefined;

/**
 * A route's definition now: a data route's always, another route's once `loadRoute` has loaded it.
 *
 * @example
 * routeOf('catalog.sports')?.path; // '/v1/catalog/sports'
 */
export const routeOf = (id: RouteId): RouteDef | undefined => (dataRoutes as Readonly<Record<string, RouteDef>>)[id] ?? loaded?.[id];

/**
 * A route's definition, loading the account, key and credential routes (with their schemas) with
 * the first call of one of them: a data route's call never needs them.
 *
 * @example
 * const route = routeOf('account.get') ?? (await loadRoute('account.get'));
 */
export async function loadRoute(id: RouteId): Promise<RouteDef> {
  loaded ??= (await import('../../schemas/account-routes')).accountRoutes;
  return routeOf(id) as RouteDef;
}
