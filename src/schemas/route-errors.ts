import { ERROR_CODES, type KnownErrorCode } from './errors';
import type { RouteDef } from './route';
import type { RouteId } from './routes';

/**
 * The refusals an operation can answer, from the route table and docs/service.md's order of checks:
 * read by the mock's `mock.use` and docs/openapi.json only (not in the SDK's bundle).
 */

/** Codes every route can answer: a malformed request, and failures of the service itself. */
const ANY: readonly KnownErrorCode[] = ['invalid_parameters', 'internal_error', 'temporarily_unavailable'];
/** Codes of a route under a bearer key (docs/service.md, "Authentication, keys and scopes", "Rate limit"). */
const BEARER: readonly KnownErrorCode[] = ['invalid_api_key', 'insufficient_scope', 'rate_limited'];
/** Codes of a metered data route (docs/service.md, "Errors" and "Metering": account status, reservation, data work). */
const DATA: readonly KnownErrorCode[] = ['account_suspended', 'plan_inactive', 'not_found', 'quota_exceeded', 'service_error'];
/** Codes of a route that reads a JSON body (docs/service.md, "Order of checks"). */
const JSON_BODY: readonly KnownErrorCode[] = ['unsupported_media_type', 'payload_too_large'];

/** Route-specific codes (docs/service.md, "Errors" and "Credential delivery"). */
const OWN: Partial<Record<RouteId, readonly KnownErrorCode[]>> = {
  'keys.create': ['key_limit_reached'],
  'keys.revoke': ['not_found'],
  'keys.rotate': ['idempotency_key_reused'],
  'billing.portal': ['not_found'],
  // A checkout credential has no expiry of its own: an unknown one is invalid_token.
  'checkout.intent': ['invalid_token', 'origin_rejected'],
  'checkout.claim': ['invalid_token', 'token_used', 'origin_rejected'],
  'recovery.request': ['challenge_failed'],
  'recovery.claim': ['invalid_token', 'token_used', 'token_expired', 'recovery_unavailable'],
  'recoveryEmail.verify': ['invalid_token', 'token_used', 'token_expired'],
};

/**
 * The error codes a route can answer.
 *
 * @example
 * errorCodesOf(routes['events.odds']).has('not_found'); // true
 */
export function errorCodesOf(route: RouteDef): ReadonlySet<KnownErrorCode> {
  return new Set([
    ...ANY,
    ...(route.auth.kind === 'bearer' ? BEARER : []),
    ...(route.metering ? DATA : []),
    ...(route.body === null ? [] : JSON_BODY),
    ...(OWN[route.id as RouteId] ?? []),
  ]);
}

/**
 * Refusals before any route is known (docs/service.md, "Order of checks"): a URL over 8,192
 * characters, a request line or headers over the limits; every operation can answer them.
 */
const TRANSPORT_REFUSALS: Readonly<Record<number, KnownErrorCode>> = { 414: 'invalid_parameters', 431: 'invalid_parameters' };

/**
 * Every error status a route can answer with its codes (statuses ascending, codes in `ERROR_CODES` order).
 *
 * @example
 * errorStatusesOf(routes['catalog.sports']).get(403); // ['insufficient_scope', 'account_suspended', 'plan_inactive']
 */
export function errorStatusesOf(route: RouteDef): ReadonlyMap<number, readonly KnownErrorCode[]> {
  const codes = errorCodesOf(route);
  const byStatus = new Map<number, KnownErrorCode[]>();
  for (const code of Object.keys(ERROR_CODES) as KnownErrorCode[]) {
    if (codes.has(code)) byStatus.set(ERROR_CODES[code], [...(byStatus.get(ERROR_CODES[code]) ?? []), code]);
  }
  for (const [status, code] of Object.entries(TRANSPORT_REFUSALS)) byStatus.set(Number(status), [code]);
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}
