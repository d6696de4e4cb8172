import { type DataRouteId, routes, type Routes } from '../../src/schemas';
import type { KeyRecord } from './state';
import type { DataHandler, DecodedInputOf, OperationHandler, OperationRouteId, RouteHandler, ServiceContext } from './contract';
import type { ServiceRequest } from './http-messages';
import { decodeInput } from './pipeline/input';

/** What a data route may add to its handler. */
export interface DataSteps<Id extends DataRouteId> {
  /** Input checks that need async work (a live cursor's signature): after decoding, before the reservation, so free. */
  prevalidate?: (input: DecodedInputOf<Routes[Id]>, service: ServiceContext) => Promise<void>;
}

/** What an operation route may add to its handler. */
export interface OperationSteps {
  /** Whether this is an exact replay with a revoked key: decided before any window of the account is touched. */
  isReplay?: (key: KeyRecord, request: ServiceRequest, service: ServiceContext) => Promise<boolean>;
  /** Sees the parsed JSON body before its schema, for a refusal that must come first. */
  screenBody?: (json: unknown) => void;
}

/**
 * A data route's registry entry: decodes with the route's schemas and runs its handler, typed by the route id.
 *
 * @example
 * registry['events.results'] = dataEntry('events.results', eventResults);
 */
export function dataEntry<Id extends DataRouteId>(id: Id, handle: DataHandler<Id>, steps: DataSteps<Id> = {}): RouteHandler {
  const route: Routes[Id] = routes[id];
  return {
    kind: 'data',
    accept(raw) {
      const input = decodeInput(route, raw);
      const { prevalidate } = steps;
      return {
        kind: 'data',
        input,
        ...(prevalidate === undefined ? {} : { prevalidate: (service: ServiceContext) => prevalidate(input, service) }),
        handle: (env) => handle({ ...env, params: input.params, query: input.query }),
      };
    },
  };
}

/**
 * An operation route's registry entry: decodes with the route's schemas and runs its handler, typed by the route id.
 *
 * @example
 * registry['keys.list'] = operationEntry('keys.list', listKeys);
 */
export function operationEntry<Id extends OperationRouteId>(
  id: Id,
  handle: OperationHandler<Id>,
  steps: OperationSteps = {},
): RouteHandler {
  const route: Routes[Id] = routes[id];
  const { isReplay, screenBody } = steps;
  return {
    kind: 'operation',
    ...(isReplay === undefined ? {} : { isReplay }),
    accept(raw) {
      const input = decodeInput(route, raw, screenBody);
      return {
        kind: 'operation',
        input,
        handle: (env) => handle({ ...env, params: input.params, query: input.query, body: input.body }),
      };
    },
  };
}
