import { Account, BillingPortal, DaysQuery, Usage } from './account';
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
import { ApiKey, ApiKeyCreated, ApiKeyList, CreateKeyRequest, IdempotencyKey, KeyRotationSuccess } from './keys';
import { NoQuery } from './query';
import { RequestHealthQuery, RequestHealthReport } from './request-health';
import type { RouteDef } from './route';
import { KeyParams, NoParams } from './route-params';

const accountManage = { kind: 'bearer', scope: 'account:manage' } as const;
const tokenInBody = { kind: 'none', cookie: false } as const;
const tokenOrCookie = { kind: 'none', cookie: true } as const;

/** An operation as the table declares it: every field of its definition by name but its id, the key it is declared under. */
type OperationEntry = Omit<RouteDef, 'id'>;

/** The operations of a table of entries, each with its schemas' types kept and its id its key. */
type OperationsOf<T extends Readonly<Record<string, OperationEntry>>> = {
  readonly [Id in keyof T & string]: RouteDef<T[Id]['params'], T[Id]['query'], T[Id]['body'], T[Id]['responses']> & { readonly id: Id };
};

/** The operations of the table's entries, in declaration order. */
function operationTable<const T extends Readonly<Record<string, OperationEntry>>>(entries: T): OperationsOf<T> {
  const table: Record<string, RouteDef> = {};
  for (const [id, entry] of Object.entries(entries)) table[id] = { id, ...entry };
  return table as OperationsOf<T>;
}

/**
 * The account and key routes (docs/service.md, "Account and key routes") and the credential-delivery
 * operations (docs/service.md, "Credential delivery"): the route table's second part, which the SDK
 * loads with the first call of one of them (src/core/request/route-of.ts).
 */
export const accountRoutes = operationTable({
  'account.get': {
    method: 'GET',
    path: '/v1/account',
    summary: 'The account record with plan and quota windows',
    auth: accountManage,
    params: NoParams,
    query: NoQuery,
    body: null,
    responses: { 200: Account },
    registered: true,
  },
  'account.usage': {
    method: 'GET',
    path: '/v1/account/usage',
    summary: 'Zero-filled daily series of requests and credits',
    auth: accountManage,
    params: NoParams,
    query: DaysQuery,
    body: null,
    responses: { 200: Usage },
    registered: true,
  },
  'account.requestHealth': {
    method: 'GET',
    path: '/v1/account/request-health',
    summary: 'Request-health report with failure details',
    auth: accountManage,
    params: NoParams,
    query: RequestHealthQuery,
    body: null,
    responses: { 200: RequestHealthReport },
    registered: true,
  },
  'keys.list': {
    method: 'GET',
    path: '/v1/account/keys',
    summary: 'Key inventory',
    auth: accountManage,
    params: NoParams,
    query: NoQuery,
    body: null,
    responses: { 200: ApiKeyList },
    registered: true,
  },
  'keys.create': {
    method: 'POST',
    path: '/v1/account/keys',
    summary: 'Create a key (default scope data:read)',
    auth: accountManage,
    params: NoParams,
    query: NoQuery,
    body: CreateKeyRequest,
    responses: { 201: ApiKeyCreated },
    registered: true,
  },
  'keys.revoke': {
    method: 'POST',
    path: '/v1/account/keys/{id}/revoke',
    summary: 'Revoke a key',
    auth: accountManage,
    params: KeyParams,
    query: NoQuery,
    body: null,
    responses: { 200: ApiKey },
    registered: true,
  },
  'keys.rotate': {
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
  },
  'recoveryEmail.resend': {
    method: 'POST',
    path: '/v1/account/recovery-email/verification/resend',
    summary: 'Resend the recovery-email verification',
    auth: accountManage,
    params: NoParams,
    query: NoQuery,
    body: EmptyBody,
    responses: { 202: RecoveryEmailVerificationAccepted },
    registered: true,
  },
  'billing.portal': {
    method: 'POST',
    path: '/v1/account/billing-portal',
    summary: 'Hosted billing session (not registered in the private beta)',
    auth: accountManage,
    params: NoParams,
    query: NoQuery,
    body: null,
    responses: { 200: BillingPortal },
    registered: false,
  },

  'checkout.intent': {
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
  },
  'checkout.claim': {
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
  },
  'recovery.request': {
    method: 'POST',
    path: '/v1/recovery/requests',
    summary: 'Request a lost-key recovery link',
    auth: tokenInBody,
    params: NoParams,
    query: NoQuery,
    body: AccountRecoveryRequest,
    responses: { 202: AccountRecoveryAccepted },
    registered: true,
  },
  'recovery.claim': {
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
  },
  'recoveryEmail.verify': {
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
  },
});
