/**
 * Who answers each route: route id to its typed handler, with the steps a few routes add. A missing or
 * mistyped handler is a compile error.
 */
import type { DataRouteId } from '../../src/schemas';
import type { DataHandler, OperationHandler, OperationRouteId } from './contract';
import type { DataSteps, OperationSteps } from './route-entry';
import { getAccount, getUsage } from './routes/account';
import { closingLineValue } from './routes/analytics';
import { billingPortal } from './routes/billing';
import { listLeagues, listPeriods, listSports } from './routes/catalog';
import { checkoutIntent, claimCheckout } from './routes/checkout';
import { listEvents } from './routes/events';
import { createKey, isRotationReplay, listKeys, revokeKey, rotateKey } from './routes/keys';
import { closingLines, openingLines } from './routes/lines';
import { prevalidateLiveCursor } from './routes/live-cursor';
import { eventOdds } from './routes/odds';
import { listOutrights } from './routes/outrights';
import { eventProps, propOdds } from './routes/props';
import { claimRecovery, requestRecovery, screenRecoveryRequest } from './routes/recovery';
import { resendVerification, verifyRecoveryEmail } from './routes/recovery-email';
import { getRequestHealth } from './routes/request-health';
import { eventResults } from './routes/results';

/** A handler for each data route, typed by its route: it decodes the route's params and query and answers its rows. */
type DataHandlers = { readonly [Id in DataRouteId]: DataHandler<Id> };

/** A handler for each operation (account, key and credential route), typed by its route: its input and its success answers. */
type OperationHandlers = { readonly [Id in OperationRouteId]: OperationHandler<Id> };

/** A handler for every route of the table. */
export type Handlers = DataHandlers & OperationHandlers;

/** The handler of each route, by route id. */
export const handlers: Handlers = {
  'catalog.sports': listSports,
  'catalog.leagues': listLeagues,
  'catalog.periods': listPeriods,
  'events.list': listEvents,
  'events.odds': eventOdds,
  'events.openingLines': openingLines,
  'events.closingLines': closingLines,
  'events.results': eventResults,
  'events.props': eventProps,
  'props.odds': propOdds,
  'outrights.list': listOutrights,
  'analytics.clv': closingLineValue,
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

const dataHandlers: DataHandlers = handlers;
const operationHandlers: OperationHandlers = handlers;

/** A data route's handler, typed by its route even where the id is generic. */
export const dataHandlerOf = <Id extends DataRouteId>(id: Id): DataHandler<Id> => dataHandlers[id];

/** An operation's handler, likewise. */
export const operationHandlerOf = <Id extends OperationRouteId>(id: Id): OperationHandler<Id> => operationHandlers[id];

/** The data routes with a step of their own before the reservation. */
export const dataSteps: { readonly [Id in DataRouteId]?: DataSteps<Id> } = {
  'events.list': { prevalidate: prevalidateLiveCursor },
};

/** The operations with a step of their own before input decoding. */
export const operationSteps: { readonly [Id in OperationRouteId]?: OperationSteps } = {
  'keys.rotate': { isReplay: isRotationReplay },
  'recovery.request': { screenBody: screenRecoveryRequest },
};
