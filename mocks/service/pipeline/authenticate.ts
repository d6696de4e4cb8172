import type { HeaderReader } from '../exchange';
import { API_KEY_PATTERN, type RouteDef } from '../../../src/schemas';
import type { Caller, ServiceContext } from '../context';
import { ServiceError } from '../service-error';
import { statusDenial } from '../state/accounts';
import { sha256Hex } from '../state/crypto';

const CHALLENGE = 'Bearer realm="sports-odds", error="invalid_token"';

const invalidKey = (message: string) => new ServiceError(401, 'invalid_api_key', message, { headers: { 'WWW-Authenticate': CHALLENGE } });

/**
 * The bearer key of a request, only from `Authorization: Bearer` (docs/service.md, "Authentication, keys and scopes"). A key in a query
 * parameter, cookie or other header is never read, so it is never looked up.
 */
export function readBearer(headers: HeaderReader): string | undefined {
  const value = headers.get('authorization');
  if (value === null) return undefined;
  const m = /^Bearer[ ]+(\S+)[ ]*$/i.exec(value);
  return m?.[1];
}

/** SHA-256 of a well-formed key (at once where the runtime hashes synchronously); a malformed one is not hashed at all. */
export function hashBearer(token: string | undefined): string | Promise<string> | undefined {
  return token !== undefined && API_KEY_PATTERN.test(token) ? sha256Hex(token) : undefined;
}

/** The caller behind a key hash: missing, malformed, unknown or revoked keys are `401 invalid_api_key`. */
export function resolveCaller(route: RouteDef, token: string | undefined, hash: string | undefined, service: ServiceContext): Caller {
  if (token === undefined) throw invalidKey('missing API key: send Authorization: Bearer <API_KEY>');
  if (hash === undefined) throw invalidKey('malformed API key');
  const key = service.state.keys.findByHash(hash);
  const replay = route.auth.kind === 'bearer' && route.auth.replayWithRevokedKey === true;
  if (!key || (key.status !== 'active' && !replay)) throw invalidKey('unknown or revoked API key');
  const account = service.state.accounts.get(key.accountId);
  if (!account) throw invalidKey('unknown or revoked API key');
  if (key.status === 'active') key.lastUsedAt = service.clock.now();
  return { account, key };
}

/** The `401` of a revoked key that a replayable route did not replay. */
export const revokedKey = () => invalidKey('unknown or revoked API key');

/** Scope of the key (docs/service.md, "Authentication, keys and scopes"), then data access of the account's status (docs/service.md, "Errors"). */
export function authorize(route: RouteDef, caller: Caller): void {
  if (route.auth.kind !== 'bearer') return;
  const { scope } = route.auth;
  if (!caller.key.scopes.includes(scope)) {
    throw new ServiceError(403, 'insufficient_scope', `this key lacks the ${scope} scope`);
  }
  if (route.metering) {
    const denial = statusDenial(caller.account.status);
    if (denial === 'plan_inactive') throw new ServiceError(403, denial, 'the plan of this account is inactive: contact support');
    if (denial) throw new ServiceError(403, denial, 'this account is suspended, expired or its subscription ended');
  }
}
