import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ApiKeyList, KeyRotationSuccess } from '../../src/schemas';
import type { MockService } from '../../mocks';
import { call, codeOf, useMockServer, type Answer } from '../helpers/mock-server';

const newMock = useMockServer();

const MIN = 60_000;
const SPORTS = '/v1/catalog/sports';
const iso = (ms: number) => new Date(ms).toISOString();
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
/** A fresh rotation nonce: `rot_` + unpadded base64url of 32 random bytes. */
const nonce = () => `rot_${b64url(crypto.getRandomValues(new Uint8Array(32)))}`;

const rotate = (mock: MockService, key: string, idempotencyKey?: string) =>
  call<KeyRotationSuccess>(mock, '/v1/account/keys/rotate', {
    key,
    method: 'POST',
    ...(idempotencyKey === undefined ? {} : { headers: { 'Idempotency-Key': idempotencyKey } }),
  });
const inventory = async (mock: MockService, key: string) => {
  const answer = await call(mock, '/v1/account/keys', { key });
  expect(answer.status).toBe(200);
  return z.parse(ApiKeyList, answer.body);
};
const works = async (mock: MockService, key: string, path = SPORTS) => (await call(mock, path, { key })).status;
const expectRevokedKey = (answer: Answer) => {
  expect(answer.status).toBe(401);
  expect(codeOf(answer)).toBe('invalid_api_key');
};
const noSecrets = (answer: Answer, secrets: string[]) => {
  const text = JSON.stringify(answer.body);
  for (const secret of secrets) expect(text).not.toContain(secret);
};

describe('POST /v1/account/keys/rotate: the Idempotency-Key', () => {
  const malformed = [
    ['a short nonce', 'rot_abc'],
    ['a padded nonce', `rot_${b64url(new Uint8Array(32).fill(7))}=`],
    ['standard base64', `rot_${Buffer.from(new Uint8Array(32).fill(251)).toString('base64').replace(/=+$/, '')}`],
    ['a 33-byte nonce', `rot_${b64url(new Uint8Array(33).fill(1))}`],
    ['a 31-byte nonce', `rot_${b64url(new Uint8Array(31).fill(1))}`],
    ['impossible trailing bits', `rot_${'A'.repeat(42)}B`],
    ['another prefix', `ROT_${b64url(new Uint8Array(32).fill(9))}`],
    ['no prefix', b64url(new Uint8Array(32).fill(9))],
    ['an empty value', ''],
  ] as const;

  it.each(malformed)('refuses %s with 400 invalid_parameters and rotates nothing', async (_label, value) => {
    const mock = newMock();
    const answer = await rotate(mock, mock.apiKey, value);
    expect(answer.status).toBe(400);
    expect(codeOf(answer)).toBe('invalid_parameters');
    noSecrets(answer, [mock.apiKey, ...(value.length > 8 ? [value] : [])]);
    expect(await works(mock, mock.apiKey)).toBe(200);
    const keys = await inventory(mock, mock.apiKey);
    expect(keys.length).toBe(1);
    expect(keys[0]!.status).toBe('active');
  });

  it('requires the header: 400 invalid_parameters naming it, nothing rotated', async () => {
    const mock = newMock();
    const answer = await rotate(mock, mock.apiKey);
    expect(answer.status).toBe(400);
    expect(codeOf(answer)).toBe('invalid_parameters');
    expect((answer.body as unknown as { error: { message: string } }).error.message.toLowerCase()).toContain('idempotency-key');
    expect(await works(mock, mock.apiKey)).toBe(200);
    expect((await inventory(mock, mock.apiKey)).length).toBe(1);
  });

  it('needs account:manage: a data:read key gets 403 insufficient_scope and keeps working', async () => {
    const mock = newMock();
    const reader = await mock.createKey(mock.demoEmail, { name: 'reader' });
    const answer = await rotate(mock, reader.apiKey, nonce());
    expect(answer.status).toBe(403);
    expect(codeOf(answer)).toBe('insufficient_scope');
    expect(await works(mock, reader.apiKey)).toBe(200);
  });
});

describe('POST /v1/account/keys/rotate (docs/service.md, Authentication, keys and scopes)', () => {
  it('replaces the calling key with one of the same scopes and revokes the old key at once, with no overlap', async () => {
    const mock = newMock();
    const t0 = mock.clock.now();
    const answer = await rotate(mock, mock.apiKey, nonce());
    expect(answer.status).toBe(200);
    const body = z.parse(KeyRotationSuccess, answer.body);
    expect(Object.keys(answer.body).sort()).toEqual(['api_key', 'message', 'recovery_expires_at', 'scopes']);
    expect(body.scopes).toEqual(['data:read', 'account:manage']);
    expect(body.api_key).not.toBe(mock.apiKey);
    expect(body.recovery_expires_at).toBe(iso(t0 + 15 * MIN));
    expect(answer.headers.get('X-Credits-Cost')).toBeNull();

    // The old key is dead on the very next request, for data and account routes alike.
    expectRevokedKey(await call(mock, SPORTS));
    expectRevokedKey(await call(mock, '/v1/account'));
    expect(await works(mock, body.api_key)).toBe(200);
    expect(await works(mock, body.api_key, '/v1/account')).toBe(200);

    const keys = await inventory(mock, body.api_key);
    expect(keys.length).toBe(2);
    const [old, fresh] = keys;
    expect(old).toMatchObject({ status: 'revoked', revoked_at: iso(t0), prefix: mock.apiKey.slice(0, 13) });
    expect(fresh).toMatchObject({ status: 'active', name: old!.name, scopes: old!.scopes, prefix: body.api_key.slice(0, 13) });
  });

  it('keeps the exact scopes of an account:manage-only key', async () => {
    const mock = newMock();
    const manager = await mock.createKey(mock.demoEmail, { name: 'manager', scopes: ['account:manage'] });
    const answer = await rotate(mock, manager.apiKey, nonce());
    expect(answer.status).toBe(200);
    expect(answer.body.scopes).toEqual(['account:manage']);
    expect(await works(mock, answer.body.api_key)).toBe(403);
    expect(await works(mock, answer.body.api_key, '/v1/account')).toBe(200);
    expectRevokedKey(await call(mock, '/v1/account', { key: manager.apiKey }));
    // The other keys of the account are untouched.
    expect(await works(mock, mock.apiKey)).toBe(200);
  });

  it('replays the same replacement to the exact old key and nonce for 15 minutes, then 401', async () => {
    const mock = newMock();
    const n = nonce();
    const first = await rotate(mock, mock.apiKey, n);
    expect(first.status).toBe(200);

    mock.clock.advance(15 * MIN - 1);
    const replay = await rotate(mock, mock.apiKey, n);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    // The replay neither revives the old key nor makes another replacement.
    expectRevokedKey(await call(mock, SPORTS));
    const keys = await inventory(mock, first.body.api_key);
    expect(keys.filter((k) => k.status === 'active').length).toBe(1);
    expect(keys.length).toBe(2);

    mock.clock.advance(1);
    const late = await rotate(mock, mock.apiKey, n);
    expectRevokedKey(late);
    noSecrets(late, [first.body.api_key, mock.apiKey, n]);
    expect(await works(mock, first.body.api_key)).toBe(200);
  });

  it('refuses a fresh nonce with the revoked old key (401) and creates nothing', async () => {
    const mock = newMock();
    const first = await rotate(mock, mock.apiKey, nonce());
    const second = await rotate(mock, mock.apiKey, nonce());
    expectRevokedKey(second);
    noSecrets(second, [first.body.api_key]);
    expect((await inventory(mock, first.body.api_key)).length).toBe(2);
  });

  it('refuses the nonce with another key: 409 idempotency_key_reused, and that key is not rotated', async () => {
    const mock = newMock();
    const manager = await mock.createKey(mock.demoEmail, { name: 'manager', scopes: ['account:manage'] });
    const n = nonce();
    const first = await rotate(mock, mock.apiKey, n);
    expect(first.status).toBe(200);
    const reused = await rotate(mock, manager.apiKey, n);
    expect(reused.status).toBe(409);
    expect(codeOf(reused)).toBe('idempotency_key_reused');
    noSecrets(reused, [first.body.api_key, manager.apiKey, n]);
    expect(await works(mock, manager.apiKey, '/v1/account')).toBe(200);
    expect((await inventory(mock, manager.apiKey)).filter((k) => k.status === 'active').length).toBe(2);

    // Also across accounts, and also with the new key the rotation produced.
    const other = await mock.createAccount({ email: 'other@example.com', plan: 'pro' });
    expect(codeOf(await rotate(mock, other.apiKey, n))).toBe('idempotency_key_reused');
    expect(codeOf(await rotate(mock, first.body.api_key, n))).toBe('idempotency_key_reused');
    expect(await works(mock, other.apiKey)).toBe(200);
    expect(await works(mock, first.body.api_key)).toBe(200);
  });

  it('lets a replacement be rotated again with a fresh nonce', async () => {
    const mock = newMock();
    const first = await rotate(mock, mock.apiKey, nonce());
    const second = await rotate(mock, first.body.api_key, nonce());
    expect(second.status).toBe(200);
    expect(second.body.api_key).not.toBe(first.body.api_key);
    expectRevokedKey(await call(mock, SPORTS, { key: first.body.api_key }));
    expect(await works(mock, second.body.api_key)).toBe(200);
  });

  it('lets exactly one of two simultaneous rotations of one key with different nonces win', async () => {
    const mock = newMock();
    const [n1, n2] = [nonce(), nonce()];
    const answers = await Promise.all([rotate(mock, mock.apiKey, n1), rotate(mock, mock.apiKey, n2)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    const winner = answers.find((a) => a.status === 200)!;
    const loser = answers.find((a) => a.status === 401)!;
    expect(codeOf(loser)).toBe('invalid_api_key');
    noSecrets(loser, [winner.body.api_key]);

    const keys = await inventory(mock, winner.body.api_key);
    expect(keys.filter((k) => k.status === 'active').length).toBe(1);
    expect(keys.length).toBe(2);
    expect(await works(mock, winner.body.api_key)).toBe(200);

    // Only the winner's nonce replays; the loser's stays refused.
    const winningNonce = answers[0]!.status === 200 ? n1 : n2;
    const losingNonce = winningNonce === n1 ? n2 : n1;
    expect((await rotate(mock, mock.apiKey, winningNonce)).body).toEqual(winner.body);
    expectRevokedKey(await rotate(mock, mock.apiKey, losingNonce));
  });

  it('answers simultaneous exact retries of one rotation with the same replacement', async () => {
    const mock = newMock();
    const n = nonce();
    const answers = await Promise.all([rotate(mock, mock.apiKey, n), rotate(mock, mock.apiKey, n), rotate(mock, mock.apiKey, n)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.api_key)).size).toBe(1);
    expect((await inventory(mock, answers[0]!.body.api_key)).filter((k) => k.status === 'active').length).toBe(1);
  });

  it('gives the retry of a rotation whose response was lost after commit the key that works', async () => {
    const mock = newMock();
    const t0 = mock.clock.now();
    const n = nonce();
    mock.faults.inject({ route: 'keys.rotate', drop: 'after_commit' });
    await expect(
      fetch(`${mock.baseUrl}/v1/account/keys/rotate`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${mock.apiKey}`, 'Idempotency-Key': n },
      }),
    ).rejects.toThrow();
    // The service committed: the old key is already revoked.
    expectRevokedKey(await call(mock, SPORTS));

    mock.clock.advance(5 * MIN);
    const retry = await rotate(mock, mock.apiKey, n);
    expect(retry.status).toBe(200);
    expect(retry.body.recovery_expires_at).toBe(iso(t0 + 15 * MIN));
    expect(await works(mock, retry.body.api_key)).toBe(200);
    expect(await works(mock, retry.body.api_key, '/v1/account')).toBe(200);
    const keys = await inventory(mock, retry.body.api_key);
    expect(keys.length).toBe(2);
    expect(keys.filter((k) => k.status === 'active').map((k) => k.prefix)).toEqual([retry.body.api_key.slice(0, 13)]);
  });
});
