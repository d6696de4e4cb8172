import { API_KEY_PATTERN, type RouteDef } from '../../../src/schemas';
import type { Caller } from '../contract';
import type { Routed } from './context';
import { invalidKey } from '../bearer';
import { ServiceRefusal } from '../service-refusal';
import { statusDenial } from '../state/accounts';
import { sha256Hex } from '../state/crypto';

/** How many recent keys' digests are kept: a test suite's or a load test's few keys, never a store that grows with traffic. */
const DIGESTS_KEPT = 64;
/** The digests of the keys last seen, oldest first: a key's SHA-256 never changes, so a request with a key seen before needs no digest. */
const digests = new Map<string, string>();

/**
 * SHA-256 of a well-formed key, remembered for the next request with it (at once where the runtime hashes synchronously, or the key
 * was seen); a malformed one is not hashed at all. The digest is only what the key is looked up by: revocation and rotation are the
 * keys store's, read on every request.
 */
export function hashBearer(token: string | undefined): string | Promise<string> | undefined {
  if (token === undefined || !API_KEY_PATTERN.test(token)) return undefined;
  const known = digests.get(token);
  if (known !== undefined) return known;
  const digest = sha256Hex(token);
  if (typeof digest === 'string') return remember(token, digest);
  return digest.then((hex) => remember(token, hex));
}

function remember(token: string, digest: string): string {
  if (digests.size >= DIGESTS_KEPT) digests.delete(digests.keys().next().value as string);
  digests.set(token, digest);
  return digest;
}

/** The caller behind the key a routed request sent (`digest`: its SHA-256): missing, malformed, unknown or revoked keys are `401 invalid_api_key`. */
export function resolveCaller(
  { route, bearer, service }: Pick<Routed, 'route' | 'bearer' | 'service'>,
  digest: string | undefined,
): Caller {
  if (bearer === undefined) throw invalidKey('missing API key: send Authorization: Bearer <API_KEY>');
  if (digest === undefined) throw invalidKey('malformed API key');
  const key = service.state.keys.findByHash(digest);
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
