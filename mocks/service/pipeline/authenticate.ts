import { API_KEY_PATTERN, type RouteDef } from '../../../src/schemas';
import type { Caller, ServiceContext } from '../contract';
import { invalidKey } from '../bearer';
import { ServiceRefusal } from '../service-refusal';
import { statusDenial } from '../state/accounts';
import { sha256Hex } from '../state/crypto';

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

/** Scope of the key (docs/service.md, "Authentication, keys and scopes"), then data access of the account's status (docs/service.md, "Errors"). */
export function authorize(route: RouteDef, caller: Caller): void {
  if (route.auth.kind !== 'bearer') return;
  const { scope } = route.auth;
  if (!caller.key.scopes.includes(scope)) {
    throw new ServiceRefusal(403, 'insufficient_scope', `this key lacks the ${scope} scope`);
  }
  if (route.metering) {
    const denial = statusDenial(caller.account.status);
    if (denial === 'plan_inactive') throw new ServiceRefusal(403, denial, 'the plan of this account is inactive: contact support');
    if (denial) throw new ServiceRefusal(403, denial, 'this account is suspended, expired or its subscription ended');
  }
}
