import { API_KEY_PATTERN, BOTH_SCOPES, parseDateHeader, randomToken, ROTATION_REPLAY_WINDOW_MS } from '../../../src/schemas';
import { CannotCheck } from '../cannot-check';
import { codeOf, defineCheck, expectRefusal, expectSuccess, rowsOf, type CheckContext } from '../check';
import type { Exchange } from '../masked-exchange';
import type { RequestTemplate } from '../template';
import { SCOPE_EXCHANGE } from './auth';

/**
 * docs/service.md, "Account and key routes" and "Authentication, keys and scopes" (rotation). Only
 * with `allowMutations`, and only on keys the run creates: every one is revoked before the check ends.
 */

const NEEDS_MUTATIONS = (o: { allowMutations: boolean }) =>
  o.allowMutations ? undefined : 'creates, rotates and revokes keys: give --allow-mutations';
const TEMPORARY_NAME = 'sports-odds-mock verify (temporary)';

const create = (scopes: readonly string[] | undefined, purpose: string): RequestTemplate => ({
  method: 'POST',
  path: '/v1/account/keys',
  route: 'keys.create',
  key: 'main',
  body: scopes === undefined ? { name: TEMPORARY_NAME } : { name: TEMPORARY_NAME, scopes },
  purpose,
});
const accountWithTemporary = (purpose: string, times: number): RequestTemplate => ({
  method: 'GET',
  path: '/v1/account',
  route: 'account.get',
  key: 'temporary',
  purpose,
  times,
  refusal: true,
});
const revoke = (purpose: string, times = 1): RequestTemplate => ({
  method: 'POST',
  path: '/v1/account/keys/{id}/revoke',
  route: 'keys.revoke',
  key: 'main',
  purpose,
  times,
});

/** A created key's plaintext and id, or `CannotCheck` / a breaking problem when none was made. */
async function createKey(
  ctx: CheckContext,
  template: RequestTemplate,
): Promise<{ apiKey: string; id: string; answer: Exchange } | undefined> {
  const answer = await ctx.send(template);
  if (answer.status === 403 && codeOf(answer) === 'insufficient_scope')
    throw new CannotCheck('the key under test cannot manage the account: no key can be made', answer);
  if (answer.status === 409) throw new CannotCheck('the account has five active keys: no temporary key can be made', answer);
  if (!expectSuccess(ctx, answer)) return undefined;
  const body = answer.json as Record<string, unknown>;
  if (answer.status !== 201) ctx.breaking(`a key was created with ${answer.status}; the rule is 201`, answer);
  const { api_key: apiKey, id } = body;
  if (typeof apiKey !== 'string' || !API_KEY_PATTERN.test(apiKey) || typeof id !== 'string') {
    ctx.breaking('the creation answer has no api_key (svc_live_ + 32 letters and digits) and id', answer);
    return undefined;
  }
  ctx.useTemporaryKey(apiKey);
  if (body['prefix'] !== apiKey.slice(0, 13)) ctx.breaking("the record's prefix is not svc_live_ + the key's first 4 characters", answer);
  if (body['status'] !== 'active') ctx.breaking(`a new key has status ${String(body['status'])}`, answer);
  return { apiKey, id, answer };
}

/** Revokes the keys the run made, whatever happened before; a key it could not revoke is reported by id. */
async function revokeAll(ctx: CheckContext, template: RequestTemplate, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const answer = await ctx.send(template, { id });
    if (answer.status !== 200)
      throw new CannotCheck(
        `the temporary key ${id} could not be revoked (${answer.status ?? answer.error ?? 'no answer'}): revoke it yourself`,
        answer,
      );
    const record = answer.json as Record<string, unknown>;
    if (record['status'] !== 'revoked' || typeof record['revoked_at'] !== 'string')
      ctx.breaking('the revocation answer is not the record with status revoked and revoked_at', answer);
  }
}

const CREATE_DATA = create(undefined, 'a temporary key, no scopes asked: data:read');
const DATA_ON_ACCOUNT = accountWithTemporary('the account with it (403), then once revoked (401)', 2);
const REVOKE_DATA = revoke('revoke it');

export const keyLifecycle = defineCheck({
  id: 'keys.lifecycle',
  rule: 'accountRoutes',
  title: 'a created key is 201 with its record and the key once, data:read by default; revoked, it answers 401',
  requests: [CREATE_DATA, DATA_ON_ACCOUNT, REVOKE_DATA],
  unavailable: NEEDS_MUTATIONS,
  async run(ctx) {
    const created = await createKey(ctx, CREATE_DATA);
    if (created === undefined) return;
    const scopes = (created.answer.json as Record<string, unknown>)['scopes'];
    if (JSON.stringify(scopes) !== '["data:read"]')
      ctx.breaking(`a key made without scopes has ${JSON.stringify(scopes)}; the default is ["data:read"]`, created.answer);
    try {
      ctx.shared.set(SCOPE_EXCHANGE, await ctx.send(DATA_ON_ACCOUNT));
    } finally {
      await revokeAll(ctx, REVOKE_DATA, [created.id]);
    }
    expectRefusal(ctx, await ctx.send(DATA_ON_ACCOUNT), 401, 'invalid_api_key');
  },
});

const CREATE_BOTH = create(BOTH_SCOPES, 'a temporary key with both scopes, to rotate');
const ROTATE: RequestTemplate = {
  method: 'POST',
  path: '/v1/account/keys/rotate',
  route: 'keys.rotate',
  key: 'temporary',
  headers: { 'Idempotency-Key': '{nonce}' },
  purpose: 'rotate it, then the exact replay (same key, same nonce)',
  times: 2,
};
const ROTATED_ON_ACCOUNT = accountWithTemporary('the account with the old key (401) and the new one (200)', 2);
const INVENTORY: RequestTemplate = {
  method: 'GET',
  path: '/v1/account/keys',
  route: 'keys.list',
  key: 'main',
  purpose: "the inventory: the new key's id",
};
const REVOKE_ROTATED = revoke('revoke the new key (or the old one, if the rotation failed)');

export const keyRotation = defineCheck({
  id: 'keys.rotation',
  rule: 'auth',
  title: 'a rotation answers one replacement with the same scopes, revokes the old key at once, and its exact replay answers the same key',
  requests: [CREATE_BOTH, ROTATE, ROTATED_ON_ACCOUNT, INVENTORY, REVOKE_ROTATED],
  unavailable: NEEDS_MUTATIONS,
  async run(ctx) {
    const created = await createKey(ctx, CREATE_BOTH);
    if (created === undefined) return;
    let toRevoke = [created.id];
    try {
      const replacement = await rotate(ctx, created.apiKey);
      if (replacement === undefined) return;
      const old = await ctx.send(ROTATED_ON_ACCOUNT);
      // The old key is revoked by the rotation only if the service says so.
      if (expectRefusal(ctx, old, 401, 'invalid_api_key')) toRevoke = [];
      ctx.useTemporaryKey(replacement);
      expectSuccess(ctx, await ctx.send(ROTATED_ON_ACCOUNT));
      const inventory = await ctx.send(INVENTORY);
      const records = expectSuccess(ctx, inventory) ? (rowsOf(inventory) ?? []) : [];
      const record = records.find((r) => r['prefix'] === replacement.slice(0, 13) && r['status'] === 'active');
      if (record === undefined || typeof record['id'] !== 'string')
        throw new CannotCheck('the new key is not in the inventory: revoke the temporary key yourself', inventory);
      toRevoke.push(record['id']);
      if (records.find((r) => r['id'] === created.id)?.['status'] !== 'revoked')
        ctx.breaking('the rotated key is not revoked in the inventory', inventory);
    } finally {
      await revokeAll(ctx, REVOKE_ROTATED, toRevoke);
    }
  },
});

/** Rotates `oldKey` and replays it exactly: the replacement, or undefined when the rotation failed. */
async function rotate(ctx: CheckContext, oldKey: string): Promise<string | undefined> {
  const nonce = randomToken('rot_');
  const first = await ctx.send(ROTATE, { nonce });
  if (!expectSuccess(ctx, first)) return undefined;
  const body = first.json as Record<string, unknown>;
  const replacement = body['api_key'];
  if (typeof replacement !== 'string' || !API_KEY_PATTERN.test(replacement) || replacement === oldKey) {
    ctx.breaking('the rotation answered no new api_key', first);
    return undefined;
  }
  if (JSON.stringify(body['scopes']) !== JSON.stringify(BOTH_SCOPES))
    ctx.breaking(`the replacement has scopes ${JSON.stringify(body['scopes'])}; a rotation keeps the old key's`, first);
  const date = parseDateHeader(first.answerHeaders.get('Date'));
  const expires = typeof body['recovery_expires_at'] === 'string' ? Date.parse(body['recovery_expires_at']) : NaN;
  if (date !== undefined && !(Math.abs(expires - date.getTime() - ROTATION_REPLAY_WINDOW_MS) <= 5_000)) {
    ctx.breaking(`recovery_expires_at ${String(body['recovery_expires_at'])} is not 15 minutes after the answer`, first);
  }
  // The replay goes with the old key, revoked by now.
  const replay = await ctx.send(ROTATE, { nonce });
  if (expectSuccess(ctx, replay) && (replay.json as Record<string, unknown>)['api_key'] !== replacement)
    ctx.breaking('the exact replay answered another key', replay);
  return replacement;
}
