import * as z from 'zod/mini';
import { Account, BillingPortal, DaysQuery, Usage } from './account';
import { ClosingLineValue, ClvQuery } from './analytics';
import { League, PeriodDefinition, Sport, SportQuery } from './catalog';
import {
  AccountRecoveryAccepted,
  AccountRecoveryClaimRequest,
  AccountRecoveryRequest,
  AccountRecoverySuccess,
  CheckoutIntentRequest,
  CheckoutIntentResponse,
  ClaimPending,
  ClaimRequest,
  ClaimSuccess,
  EmptyBody,
  RecoveryEmailVerificationAccepted,
  RecoveryEmailVerificationRequest,
  RecoveryEmailVerificationSuccess,
} from './credentials';
import { Event, EventsQuery } from './events';
import { ApiKey, ApiKeyCreated, ApiKeyList, CreateKeyRequest, IdempotencyKey, KeyRotationSuccess } from './keys';
import { DEFAULT_ROW_CAP, HISTORY_ROW_CAP, liveEnvelope, ordinaryEnvelope } from './metering';
import { OddsQuery, PropOddsQuery } from './odds';
import { ClosingLine, OddsSnapshot, OpeningLine } from './prices';
import { KeyId } from './primitives';
import { Outright, OutrightsQuery, SpecialMarket, SpecialOddsSnapshot } from './props';
import { LIMIT_DEFAULT, NoQuery, qPositiveInt } from './query';
import { RequestHealthQuery, RequestHealthReport } from './request-health';
import { Result } from './results';
import { type DataRouteDef, defineRoute, type Metering, type RouteDef } from './route';

const NoParams = z.strictObject({});
const EventParams = z.strictObject({ event_id: qPositiveInt });
const PropParams = z.strictObject({ prop_id: qPositiveInt });
const KeyParams = z.strictObject({ id: KeyId });

const dataRead = { kind: 'bearer', scope: 'data:read' } as const;
const accountManage = { kind: 'bearer', scope: 'account:manage' } as const;
const tokenInBody = { kind: 'none', cookie: false } as const;
const tokenOrCookie = { kind: 'none', cookie: true } as const;

const isHistory = (q: Record<string, unknown>) => q['full_history'] === true || q['since'] !== undefined;

/** Metering of an ordinary data route (row cap by history mode); `cacheable`: `X-Cache` (docs/service.md, "Cache"). */
const metered = ({ cacheable }: { cacheable: boolean }): Metering => {
  const rowCap = (q: Record<string, unknown>) => (isHistory(q) ? HISTORY_ROW_CAP : DEFAULT_ROW_CAP);
  return { rowCap, envelope: (q) => ordinaryEnvelope(rowCap(q)), cacheable };
};

/** The events listing: `limit` bounds the rows, and a live page reserves its verification work too. */
const eventsMetering: Metering = {
  rowCap: (q) => Math.min(DEFAULT_ROW_CAP, (q['limit'] as number | undefined) ?? LIMIT_DEFAULT),
  envelope: (q) => {
    const limit = (q['limit'] as number | undefined) ?? LIMIT_DEFAULT;
    return q['live'] === true ? liveEnvelope(limit) : ordinaryEnvelope(limit);
  },
  cacheable: false,
};

const rows = <T extends z.ZodMiniType>(row: T) => z.array(row);

/** A GET data route under `data:read`, answering 200 with rows. */
const dataRoute = <const P extends z.ZodMiniType, const Q extends z.ZodMiniType, const R extends z.ZodMiniType>(
  id: string,
  path: string,
  summary: string,
  params: P,
  query: Q,
  response: R,
  metering: Metering,
): DataRouteDef<P, Q, R> => ({
  id,
  method: 'GET',
  path,
  summary,
  auth: dataRead,
  params,
  query,
  body: null,
  responses: { 200: response },
  metering,
  registered: true,
});

/**
 * Every operation of the service: the data routes (docs/service.md, "Data routes"), the account and
 * key routes (docs/service.md, "Account and key routes") and the credential-delivery operations
 * (docs/service.md, "Credential delivery"). See CONTRIBUTING.md, "Adding a route".
 */
export const routes = {
  'catalog.sports': dataRoute(
    'catalog.sports',
    '/v1/catalog/sports',
    'Sports with their offering flags',
    NoParams,
    NoQuery,
    rows(Sport),
    metered({ cacheable: true }),
  ),
  'catalog.leagues': dataRoute(
    'catalog.leagues',
    '/v1/catalog/leagues',
    'Leagues of a sport',
    NoParams,
    SportQuery,
    rows(League),
    metered({ cacheable: true }),
  ),
  'catalog.periods': dataRoute(
    'catalog.periods',
    '/v1/catalog/periods',
    'Period definitions of a sport',
    NoParams,
    SportQuery,
    rows(PeriodDefinition),
    metered({ cacheable: true }),
  ),
  'events.list': dataRoute(
    'events.list',
    '/v1/events',
    'Events (fixtures): upcoming by default, live with live=1',
    NoParams,
    EventsQuery,
    rows(Event),
    eventsMetering,
  ),
  'events.odds': dataRoute(
    'events.odds',
    '/v1/events/{event_id}/odds',
    'Latest or historical prices of an event',
    EventParams,
    OddsQuery,
    rows(OddsSnapshot),
    metered({ cacheable: false }),
  ),
  'events.openingLines': dataRoute(
    'events.openingLines',
    '/v1/events/{event_id}/lines/opening',
    'Opening lines of an event',
    EventParams,
    NoQuery,
    rows(OpeningLine),
    metered({ cacheable: false }),
  ),
  'events.closingLines': dataRoute(
    'events.closingLines',
    '/v1/events/{event_id}/lines/closing',
    'Closing lines of an event',
    EventParams,
    NoQuery,
    rows(ClosingLine),
    metered({ cacheable: false }),
  ),
  'events.results': dataRoute(
    'events.results',
    '/v1/events/{event_id}/results',
    'Results per period of an event',
    EventParams,
    NoQuery,
    rows(Result),
    metered({ cacheable: false }),
  ),
  'events.props': dataRoute(
    'events.props',
    '/v1/events/{event_id}/props',
    'Props (special markets) of an event',
    EventParams,
    NoQuery,
    rows(SpecialMarket),
    metered({ cacheable: true }),
  ),
  'props.odds': dataRoute(
    'props.odds',
    '/v1/props/{prop_id}/odds',
    'Latest or historical prices of one prop',
    PropParams,
    PropOddsQuery,
    rows(SpecialOddsSnapshot),
    metered({ cacheable: false }),
  ),
  'outrights.list': dataRoute(
    'outrights.list',
    '/v1/outrights',
    'Outrights, optionally of one sport',
    NoParams,
    OutrightsQuery,
    rows(Outright),
    metered({ cacheable: true }),
  ),
  'analytics.clv': dataRoute(
    'analytics.clv',
    '/v1/analytics/clv',
    'Closing-line value of one bet',
    NoParams,
    ClvQuery,
    ClosingLineValue,
    metered({ cacheable: false }),
  ),

  'account.get': defineRoute({
    id: 'account.get',
    method: 'GET',
    path: '/v1/account',
    summary: 'The account record with plan and quota windows',
    auth: accountManage,
    params: NoParams,
    query: NoQuery,
    body: null,
    responses: { 200: Account },
    registered: true,
  }),
  'account.usage': defineRoute({
    id: 'account.usage',
    method: 'GET',
    path: '/v1/account/usage',
    summary: 'Zero-filled daily series of requests and credits',
    auth: accountManage,
    params: NoParams,
    query: DaysQuery,
    body: null,
    responses: { 200: Usage },
    registered: true,
  }),
  'account.requestHealth': defineRoute({
    id: 'account.requestHealth',
    method: 'GET',
    path: '/v1/account/request-health',
    summary: 'Request-health report with failure details',
    auth: accountManage,
    params: NoParams,
    query: RequestHealthQuery,
    body: null,
    responses: { 200: RequestHealthReport },
    registered: true,
  }),
  'keys.list': defineRoute({
    id: 'keys.list',
    method: 'GET',
    path: '/v1/account/keys',
    summary: 'Key inventory',
    auth: accountManage,
    params: NoParams,
    query: NoQuery,
    body: null,
    responses: { 200: ApiKeyList },
    registered: true,
  }),
  'keys.create': defineRoute({
    id: 'keys.create',
    method: 'POST',
    path: '/v1/account/keys',
    summary: 'Create a key (default scope data:read)',
    auth: accountManage,
    params: NoParams,
    query: NoQuery,
    body: CreateKeyRequest,
    responses: { 201: ApiKeyCreated },
    registered: true,
  }),
  'keys.revoke': defineRoute({
    id: 'keys.revoke',
    method: 'POST',
    path: '/v1/account/keys/{id}/revoke',
    summary: 'Revoke a key',
    auth: accountManage,
    params: KeyParams,
    query: NoQuery,
    body: null,
    responses: { 200: ApiKey },
    registered: true,
  }),
  'keys.rotate': defineRoute({
    id: 'keys.rotate',
    method: 'POST',
    path: '/v1/account/keys/rotate',
    summary: 'Rotate the calling key (exact-replay nonce)',
    auth: { ...accountManage, replayWithRevokedKey: true },
    params: NoParams,
    query: NoQuery,
    body: null,
    headers: { 'idempotency-key': IdempotencyKey },
    responses: { 200: KeyRotationSuccess },
    registered: true,
  }),
  'recoveryEmail.resend': defineRoute({
    id: 'recoveryEmail.resend',
    method: 'POST',
    path: '/v1/account/recovery-email/verification/resend',
    summary: 'Resend the recovery-email verification',
    auth: accountManage,
    params: NoParams,
    query: NoQuery,
    body: EmptyBody,
    responses: { 202: RecoveryEmailVerificationAccepted },
    registered: true,
  }),
  'billing.portal': defineRoute({
    id: 'billing.portal',
    method: 'POST',
    path: '/v1/account/billing-portal',
    summary: 'Hosted billing session (not registered in the private beta)',
    auth: accountManage,
    params: NoParams,
    query: NoQuery,
    body: null,
    responses: { 200: BillingPortal },
    registered: false,
  }),

  'checkout.intent': defineRoute({
    id: 'checkout.intent',
    method: 'POST',
    path: '/v1/checkout/intents',
    summary: 'Checkout intent (resume token or cookie)',
    auth: tokenOrCookie,
    params: NoParams,
    query: NoQuery,
    body: CheckoutIntentRequest,
    responses: { 200: CheckoutIntentResponse },
    invalidBodyCode: 'invalid_token',
    registered: true,
  }),
  'checkout.claim': defineRoute({
    id: 'checkout.claim',
    method: 'POST',
    path: '/v1/checkout/claims',
    summary: 'Claim the first key (claim token or cookie)',
    auth: tokenOrCookie,
    params: NoParams,
    query: NoQuery,
    body: ClaimRequest,
    responses: { 200: ClaimSuccess, 202: ClaimPending },
    invalidBodyCode: 'invalid_token',
    registered: true,
  }),
  'recovery.request': defineRoute({
    id: 'recovery.request',
    method: 'POST',
    path: '/v1/recovery/requests',
    summary: 'Request a lost-key recovery link',
    auth: tokenInBody,
    params: NoParams,
    query: NoQuery,
    body: AccountRecoveryRequest,
    responses: { 202: AccountRecoveryAccepted },
    registered: true,
  }),
  'recovery.claim': defineRoute({
    id: 'recovery.claim',
    method: 'POST',
    path: '/v1/recovery/claims',
    summary: 'Claim a recovery link: revokes every key, returns one replacement',
    auth: tokenInBody,
    params: NoParams,
    query: NoQuery,
    body: AccountRecoveryClaimRequest,
    responses: { 200: AccountRecoverySuccess },
    invalidBodyCode: 'invalid_token',
    registered: true,
  }),
  'recoveryEmail.verify': defineRoute({
    id: 'recoveryEmail.verify',
    method: 'POST',
    path: '/v1/recovery-email/verifications',
    summary: 'Confirm a recovery-email verification link',
    auth: tokenInBody,
    params: NoParams,
    query: NoQuery,
    body: RecoveryEmailVerificationRequest,
    responses: { 200: RecoveryEmailVerificationSuccess },
    invalidBodyCode: 'invalid_token',
    registered: true,
  }),
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteId = keyof Routes;

/** The ids of the data routes: the routes of the table declared as data routes (metered, under `data:read`). */
export type DataRouteId = { [Id in RouteId]: Routes[Id] extends DataRouteDef ? Id : never }[RouteId];

/** The route table as a list, in declaration order. */
export const routeList: readonly RouteDef[] = Object.values(routes);
