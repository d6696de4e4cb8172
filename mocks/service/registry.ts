import { type DataRouteId, routeList, routes } from '../../src/schemas';
import type { OperationRouteId, RouteHandler } from './contract';
import { dataHandlerOf, dataSteps, operationHandlerOf, operationSteps } from './handlers';
import { dataEntry, operationEntry } from './route-entry';

const isRoute = (id: string): id is keyof typeof routes => Object.hasOwn(routes, id);
/** A data route is a metered one, as its table entry (`DataRouteDef`) declares. */
const isDataRoute = (id: string): id is DataRouteId => isRoute(id) && routes[id].metering !== undefined;
const isOperation = (id: string): id is OperationRouteId => isRoute(id) && routes[id].metering === undefined;

/** A data route's entry: its handler and steps, looked up by the same id so that their types agree. */
const dataEntryOf = <Id extends DataRouteId>(id: Id): RouteHandler => dataEntry(id, dataHandlerOf(id), dataSteps[id]);
/** An operation's entry, likewise. */
const operationEntryOf = <Id extends OperationRouteId>(id: Id): RouteHandler =>
  operationEntry(id, operationHandlerOf(id), operationSteps[id]);

/** Every registered route's handler by id; routes marked unregistered (billing portal) are left out (`404`) unless `enable` names them. */
export function createRegistry(enable: ReadonlySet<string> = new Set()): Partial<Record<string, RouteHandler>> {
  const registry: Partial<Record<string, RouteHandler>> = {};
  for (const { id, registered } of routeList) {
    if (!registered && !enable.has(id)) continue;
    if (isDataRoute(id)) registry[id] = dataEntryOf(id);
    else if (isOperation(id)) registry[id] = operationEntryOf(id);
  }
  return registry;
}
