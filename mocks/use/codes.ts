import { type KnownErrorCode, type RouteDef, type RouteId } from '../../src/schemas';

/** Codes every route can answer: a malformed request, and failures of the service itself. */
const ANY: readonly KnownErrorCode[] = ['invalid_parameters', 'internal_error', 'temporarily_unavailable'];
/** Codes of a route under a bearer key (spec 5 rule 8, 8.2). */
const BEARER: readonly KnownErrorCode[] = ['invalid_api_key', 'insufficient_scope', 'rate_limited'];
/** Codes of a metered data route (spec 7; decisions.md, account status and data access). */
const DATA: readonly KnownErrorCode[] = ['account_suspended', 'plan_inactive', 'not_found', 'quota_exceeded', 'service_error'];
/** Codes of a route that reads a JSON body (decisions.md). */
const JSON_BODY: readonly KnownErrorCode[] = ['unsupported_media_type', 'payload_too_large'];
/** Codes of the token routes (decisions.md, "Errors beyond the spec's table"). */
const TOKENS: readonly KnownErrorCode[] = ['invalid_token', 'token_used', 'token_expired'];

/** Route-specific codes (decisions.md). */
const OWN: Partial<Record<RouteId, readonly KnownErrorCode[]>> = {
  'keys.create': ['key_limit_reached'],
  'keys.revoke': ['not_found'],
  'keys.rotate': ['idempotency_key_reused'],
  'billing.portal': ['not_found'],
  'checkout.intent': [...TOKENS, 'origin_rejected'],
  'checkout.claim': [...TOKENS, 'origin_rejected'],
  'recovery.request': ['challenge_failed'],
  'recovery.claim': [...TOKENS, 'recovery_unavailable'],
  'recoveryEmail.verify': TOKENS,
};

/**
 * The error codes a route can answer: what `mock.error(code)` may throw from its resolver (an
 * override that throws another code is a fixture bug, `422 fixture_invalid`).
 *
 * @example
 * codesOf(routes['events.odds']).has('not_found'); // true
 */
export function codesOf(route: RouteDef): ReadonlySet<KnownErrorCode> {
  return new Set([
    ...ANY,
    ...(route.auth.kind === 'bearer' ? BEARER : []),
    ...(route.metering ? DATA : []),
    ...(route.body === null ? [] : JSON_BODY),
    ...(OWN[route.id as RouteId] ?? []),
  ]);
}
