import { type DataRouteId, routeList } from '../../src/schemas';
import type { OperationHandler, OperationRouteId, RouteHandler } from './context';
import { type DataSteps, dataEntry, type OperationSteps, operationEntry } from './route-entry';
import { dataHandlers, prevalidateLiveCursor } from './routes';
import { getAccount, getUsage } from './routes/account';
import { billingPortal } from './routes/billing';
import { checkoutIntent, claimCheckout } from './routes/checkout';
import { createKey, isRotationReplay, listKeys, revokeKey, rotateKey } from './routes/keys';
import { claimRecovery, requestRecovery, screenRecoveryRequest } from './routes/recovery';
import { resendVerification, verifyRecoveryEmail } from './routes/recovery-email';
import { getRequestHealth } from './routes/request-health';

/**
 * A handler for each operation (account, key and credential route) of the route table, typed by
 * its route: an operation without one here, or a handler whose input or answers do not match its
 * route's schemas, is a compile error.
 */
type OperationHandlers = { readonly [Id in OperationRouteId]: OperationHandler<Id> };

const operations: OperationHandlers = {
  'account.get': getAccount,
  'account.usage': getUsage,
  'account.requestHealth': getRequestHealth,
  'keys.list': listKeys,
  'keys.create': createKey,
  'keys.revoke': revokeKey,
  'keys.rotate': rotateKey,
  'recoveryEmail.resend': resendVerification,
  'billing.portal': billingPortal,
  'checkout.intent': checkoutIntent,
  'checkout.claim': claimCheckout,
  'recovery.request': requestRecovery,
  'recovery.claim': claimRecovery,
  'recoveryEmail.verify': verifyRecoveryEmail,
};

/** The data routes with a step of their own before the reservation. */
const dataSteps: { readonly [Id in DataRouteId]?: DataSteps<Id> } = {
  'events.list': { prevalidate: prevalidateLiveCursor },
};

/** The operations with a step of their own before input decoding. */
const operationSteps: { readonly [Id in OperationRouteId]?: OperationSteps } = {
  'keys.rotate': { isReplay: isRotationReplay },
  'recovery.request': { screenBody: screenRecoveryRequest },
};

const isDataRoute = (id: string): id is DataRouteId => Object.hasOwn(dataHandlers, id);
const isOperation = (id: string): id is OperationRouteId => Object.hasOwn(operations, id);

/** A data route's entry: its handler and steps, looked up by the same id so that their types agree. */
const dataEntryOf = <Id extends DataRouteId>(id: Id): RouteHandler => dataEntry(id, dataHandlers[id], dataSteps[id]);
/** An operation's entry, likewise. */
const operationEntryOf = <Id extends OperationRouteId>(id: Id): RouteHandler => operationEntry(id, operations[id], operationSteps[id]);

/**
 * Every registered route's handler, by route id. Every route of the table has one; those the table
 * marks unregistered (the billing portal) are left out unless `enable` names them, and answer
 * `404 not_found` as a route the service does not register.
 */
export function createRegistry(enable: ReadonlySet<string> = new Set()): Partial<Record<string, RouteHandler>> {
  const registry: Partial<Record<string, RouteHandler>> = {};
  for (const { id, registered } of routeList) {
    if (!registered && !enable.has(id)) continue;
    if (isDataRoute(id)) registry[id] = dataEntryOf(id);
    else if (isOperation(id)) registry[id] = operationEntryOf(id);
  }
  return registry;
}
