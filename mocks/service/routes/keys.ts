import type { ServiceRequest } from '../http-messages';
import * as z from 'zod/mini';
import {
  IdempotencyKey,
  MAX_ACTIVE_KEYS,
  ROTATION_REPLAY_WINDOW_MS,
  type APIKeyScopes,
  type ApiKeyCreated,
  type KeyRotationSuccess,
} from '../../../src/schemas';
import type { OperationContextOf, OperationResultOf, ServiceContext } from '../contract';
import { readBearer, revokedKey } from '../bearer';
import { notFound, ServiceRefusal } from '../service-refusal';
import { newApiKey, sha256Hex } from '../state/crypto';
import { keyView, type KeyRecord } from '../state/keys';
import { seal, unseal } from '../state/sealed';

const ROTATION_PURPOSE = 'key-rotation';
/** Why a sixth active key is refused, for the route and the in-process handle alike. */
export const KEY_LIMIT_MESSAGE = `an account holds at most ${MAX_ACTIVE_KEYS} active keys: revoke one first`;

/** `GET /v1/account/keys`: every key of the account, active and revoked, never a plaintext. */
export function listKeys(ctx: OperationContextOf<'keys.list'>): OperationResultOf<'keys.list'> {
  return { status: 200, body: ctx.service.state.keys.ofAccount(ctx.caller!.account.id).map(keyView) };
}

/** `POST /v1/account/keys`: default scope `data:read`; a sixth active key is `409 key_limit_reached`. */
export async function createKey(ctx: OperationContextOf<'keys.create'>): Promise<OperationResultOf<'keys.create'>> {
  const { account } = ctx.caller!;
  const { keys } = ctx.service.state;
  const plaintext = newApiKey(ctx.service.state.random);
  const hash = await sha256Hex(plaintext);
  // The limit is checked after the await, right before the insert, so concurrent creations cannot pass it together.
  if (keys.atKeyLimit(account.id)) throw new ServiceRefusal(409, 'key_limit_reached', KEY_LIMIT_MESSAGE);
  const scopes: APIKeyScopes = ctx.body.scopes ?? ['data:read'];
  const record = keys.insert({ accountId: account.id, name: ctx.body.name, scopes, now: ctx.service.clock.now() }, plaintext, hash);
  const body: ApiKeyCreated = { ...keyView(record), api_key: plaintext };
  return { status: 201, body };
}

/** `POST /v1/account/keys/{id}/revoke`: the record; revoking a revoked key answers the same record. */
export function revokeKey(ctx: OperationContextOf<'keys.revoke'>): OperationResultOf<'keys.revoke'> {
  const { keys } = ctx.service.state;
  const record = keys.get(ctx.params.id);
  if (!record || record.accountId !== ctx.caller!.account.id) throw notFound('no such key in this account');
  keys.revoke(record, ctx.service.clock.now());
  return { status: 200, body: keyView(record) };
}

/**
 * Whether a revoked key's rotation request is the exact replay of a rotation that key committed
 * (same old key, well-formed nonce of that rotation, inside 15 minutes). The pipeline asks this
 * right after authentication: anything else from a revoked key is `401` before any window is touched.
 */
export async function isRotationReplay(key: KeyRecord, request: ServiceRequest, service: ServiceContext): Promise<boolean> {
  const nonce = request.headers.get('idempotency-key');
  if (nonce === null || !z.safeParse(IdempotencyKey, nonce).success) return false;
  const record = service.state.rotations.get(await sha256Hex(nonce), service.clock.now());
  return record !== undefined && record.oldKeyId === key.id && service.clock.now() < record.expiresAt;
}

/**
 * `POST /v1/account/keys/rotate` (docs/service.md, "Authentication, keys and scopes"): one replacement with the caller's exact
 * scopes, the old key revoked at once. The exact old key with the exact nonce replays the same
 * answer for 15 minutes; the nonce with another key is `409 idempotency_key_reused`.
 */
export async function rotateKey(ctx: OperationContextOf<'keys.rotate'>): Promise<OperationResultOf<'keys.rotate'>> {
  const { key: oldKey, account } = ctx.caller!;
  const { state, clock } = ctx.service;
  const nonce = ctx.request.headers.get('idempotency-key')!;
  const bearer = readBearer(ctx.request.headers)!;
  const nonceHash = await sha256Hex(nonce);
  const credential = `${bearer}\u0000${nonce}`;
  // The replacement is hashed before the commit, so that the commit and the insert are one synchronous step.
  const plaintext = newApiKey(ctx.service.state.random);
  const hash = await sha256Hex(plaintext);

  const existing = state.rotations.get(nonceHash, clock.now());
  if (existing) {
    if (existing.oldKeyId !== oldKey.id)
      throw new ServiceRefusal(409, 'idempotency_key_reused', 'this Idempotency-Key belongs to another rotation: use a fresh nonce');
    await existing.pending;
    if (clock.now() >= existing.expiresAt || !existing.answer) throw revokedKey();
    const answer = await unseal<KeyRotationSuccess>(existing.answer, credential, ROTATION_PURPOSE);
    if (!answer) throw revokedKey();
    return { status: 200, body: answer };
  }
  if (oldKey.status !== 'active') throw revokedKey();

  // Commit synchronously: of two rotations of one key racing with different nonces, exactly one wins.
  const now = clock.now();
  // A full store refuses the rotation before it changes anything: the old key stays active.
  state.rotations.assertRoom(now);
  state.keys.assertRoom(1, now);
  state.keys.revoke(oldKey, now);
  let done!: () => void;
  const record = {
    oldKeyId: oldKey.id,
    expiresAt: now + ROTATION_REPLAY_WINDOW_MS,
    pending: new Promise<void>((resolve) => (done = resolve)),
  };
  state.rotations.add(nonceHash, record, now);
  try {
    const replacement = state.keys.insert({ accountId: account.id, name: oldKey.name, scopes: oldKey.scopes, now }, plaintext, hash);
    const body: KeyRotationSuccess = {
      api_key: plaintext,
      scopes: [...replacement.scopes],
      recovery_expires_at: new Date(record.expiresAt).toISOString(),
      message: 'The old key is revoked. Store this key now: it is shown only in this response and its exact retries.',
    };
    Object.assign(record, { answer: await seal(body, credential, ROTATION_PURPOSE, state.random) });
    return { status: 200, body };
  } finally {
    done();
  }
}
