import { routeList, type RouteId } from '../src/schemas';
import type { OperationHandler, RouteHandler } from './context';
import { dataHandlers, prevalidateLiveCursor } from './routes';
import { getAccount, getUsage } from './routes/account';
import { billingPortal } from './routes/billing';
import { checkoutIntent, claimCheckout } from './routes/checkout';
import { createKey, isRotationReplay, listKeys, revokeKey, rotateKey } from './routes/keys';
import { claimRecovery, requestRecovery, screenRecoveryRequest } from './routes/recovery';
import { resendVerification, verifyRecoveryEmail } from './routes/recovery-email';
import { getRequestHealth } from './routes/request-health';

const operations: Partial<Record<RouteId, OperationHandler>> = {
  'account.get': getAccount,
  'account.usage': getUsage as OperationHandler,
  'account.requestHealth': getRequestHealth as OperationHandler,
  'keys.list': listKeys,
  'keys.create': createKey as OperationHandler,
  'keys.revoke': revokeKey as OperationHandler,
  'recoveryEmail.resend': resendVerification,
  'billing.portal': billingPortal,
  'checkout.intent': checkoutIntent as OperationHandler,
  'checkout.claim': claimCheckout as OperationHandler,
  'recovery.claim': claimRecovery as OperationHandler,
  'recoveryEmail.verify': verifyRecoveryEmail as OperationHandler,
};

/**
 * Every registered route's handler, by route id. A route of the table without an entry here
 * answers `404 not_found`, as a route the service does not register: those the table marks
 * unregistered (the billing portal) unless `enable` names them.
 */
export function createRegistry(enable: ReadonlySet<string> = new Set()): Partial<Record<string, RouteHandler>> {
  const registry: Partial<Record<string, RouteHandler>> = {};
  for (const [id, handle] of Object.entries(dataHandlers)) {
    registry[id] = { kind: 'data', handle: handle as never };
  }
  const events = registry['events.list'];
  if (events?.kind === 'data') events.prevalidate = prevalidateLiveCursor;
  for (const [id, handle] of Object.entries(operations)) registry[id] = { kind: 'operation', handle };
  // The two operations with a step of their own before input decoding.
  registry['keys.rotate'] = { kind: 'operation', handle: rotateKey, isReplay: isRotationReplay };
  registry['recovery.request'] = { kind: 'operation', handle: requestRecovery as OperationHandler, screenBody: screenRecoveryRequest };
  for (const route of routeList) if (!route.registered && !enable.has(route.id)) delete registry[route.id];
  return registry;
}
