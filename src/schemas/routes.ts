import { accountRoutes } from './account-routes';
import { dataRoutes } from './data-routes';
import type { DataRouteDef, RouteDef } from './route';

/**
 * Every operation of the service: the data routes (data-routes.ts; docs/service.md, "Data routes"),
 * then the account and key routes and the credential-delivery operations (account-routes.ts;
 * docs/service.md, "Account and key routes" and "Credential delivery"). See CONTRIBUTING.md, "Adding a route".
 */
export const routes = { ...dataRoutes, ...accountRoutes } as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteId = keyof Routes;

/** The ids of the data routes: the routes of the table declared as data routes (metered, under `data:read`). */
export type DataRouteId = { [Id in RouteId]: Routes[Id] extends DataRouteDef ? Id : never }[RouteId];

/** The route table as a list, in declaration order. */
export const routeList: readonly RouteDef[] = Object.values(routes);
