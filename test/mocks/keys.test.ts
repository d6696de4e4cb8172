import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ApiKey, ApiKeyCreated, ApiKeyList, type APIKeyScopes } from '../../src/schemas';
import type { MockService } from '../../mocks';
import { call, codeOf, useMockServer, type Answer } from '../helpers/mock-server';

const newMock = useMockServer();

const MIN = 60_000;
const SPORTS = '/v1/catalog/sports';
const RECORD_FIELDS = ['created_at', 'id', 'last_used_at', 'name', 'prefix', 'revoked_at', 'scopes', 'status'];
const iso = (ms: number) => new Date(ms).toISOString();
const postJson = (body: unknown, extra: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...extra },
  body: JSON.stringify(body),
});

const inventory = async (mock: MockService, key?: string) => {
  const answer = await call(mock, '/v1/account/keys', key === undefined ? {} : { key });
  expect(answer.status).toBe(200);
  return z.parse(ApiKeyList, answer.body);
};
const create = (mock: MockService, body: unknown, key?: string) =>
  call<ApiKeyCreated>(mock, '/v1/account/keys', { ...postJson(body), ...(key === undefined ? {} : { key }) });
const revoke = (mock: MockService, id: string, key?: string) =>
  call<ApiKey>(mock, `/v1/account/keys/${id}/revoke`, { method: 'POST', ...(key === undefined ? {} : { key }) });
const noSecrets = (answer: Answer, secrets: string[]) => {
  const text = JSON.stringify(answer.body);
  for (const secret of secrets) expect(text).not.toContain(secret);
};

describe('GET /v1/account/keys', () => {
  it('lists the records of docs/service.md, never a plaintext key', async () => {
    const mock = newMock();
    const t0 = mock.clock.now();
    const list = await inventory(mock);
    expect(list.length).toBe(1);
    const [primary] = list;
    expect(Object.keys(primary!).sort()).toEqual(RECORD_FIELDS);
    expect(primary).toMatchObject({
      name: 'Primary key',
      prefix: mock.apiKey.slice(0, 13),
      scopes: ['data:read', 'account:manage'],
      status: 'active',
      created_at: iso(t0),
      revoked_at: null,
    });
    expect(primary!.id).toMatch(/^key_[0-9a-f]{32}$/);
    expect(primary!.last_used_at).toBe(iso(t0)); // this very request used it

    const extra = await mock.createKey(mock.demoEmail, { name: 'extra' });
    const created = await create(mock, { name: 'made here' });
    const all = await inventory(mock);
    expect(all.map((k) => k.name)).toEqual(['Primary key', 'extra', 'made here']);
    const text = JSON.stringify(all);
    for (const secret of [mock.apiKey, extra.apiKey, created.body.api_key]) expect(text).not.toContain(secret);
    for (const k of all) expect(Object.keys(k).sort()).toEqual(RECORD_FIELDS);
  });

  it('records when a key was last used', async () => {
    const mock = newMock();
    const t0 = mock.clock.now();
    const reader = await mock.createKey(mock.demoEmail, { name: 'reader' });
    expect((await inventory(mock)).find((k) => k.id === reader.id)!.last_used_at).toBeNull();
    mock.clock.advance(5 * MIN);
    await call(mock, SPORTS, { key: reader.apiKey });
    const used = (await inventory(mock)).find((k) => k.id === reader.id)!;
    expect(used.last_used_at).toBe(iso(t0 + 5 * MIN));
  });

  it("shows only the calling account's keys", async () => {
    const mock = newMock();
    const other = await mock.createAccount({ email: 'other@example.com', plan: 'pro' });
    const mine = await inventory(mock);
    const theirs = await inventory(mock, other.apiKey);
    expect(mine.length).toBe(1);
    expect(theirs.length).toBe(1);
    expect(theirs[0]!.id).not.toBe(mine[0]!.id);
    expect(theirs[0]!.prefix).toBe(other.apiKey.slice(0, 13));
  });
});

describe('POST /v1/account/keys', () => {
  it('creates a data:read key by default: 201 with the record plus the plaintext, shown once', async () => {
    const mock = newMock();
    const t0 = mock.clock.now();
    const answer = await create(mock, { name: 'reader' });
    expect(answer.status).toBe(201);
    const body = z.parse(ApiKeyCreated, answer.body);
    expect(body).toMatchObject({
      name: 'reader',
      scopes: ['data:read'],
      status: 'active',
      created_at: iso(t0),
      last_used_at: null,
      revoked_at: null,
    });
    expect(body.api_key).toMatch(/^svc_live_[A-Za-z0-9]{32}$/);
    expect(body.api_key).not.toBe(mock.apiKey);
    expect(body.prefix).toBe(body.api_key.slice(0, 13));
    expect(answer.headers.get('X-Credits-Cost')).toBeNull();

    const { api_key: plaintext, ...record } = body;
    expect((await inventory(mock)).find((k) => k.id === body.id)).toEqual(record);

    expect((await call(mock, SPORTS, { key: plaintext })).status).toBe(200);
    const refused = await call(mock, '/v1/account', { key: plaintext });
    expect(refused.status).toBe(403);
    expect(codeOf(refused)).toBe('insufficient_scope');
  });

  it.each<[APIKeyScopes, boolean, boolean]>([
    [['data:read'], true, false],
    [['account:manage'], false, true],
    [['account:manage', 'data:read'], true, true],
    [['data:read', 'account:manage'], true, true],
  ])('creates a key with scopes %j: data %s, account %s', async (scopes, data, manage) => {
    const mock = newMock();
    const answer = await create(mock, { name: 'scoped', scopes });
    expect(answer.status).toBe(201);
    expect([...answer.body.scopes].sort()).toEqual([...scopes].sort());
    const key = answer.body.api_key;
    expect((await call(mock, SPORTS, { key })).status).toBe(data ? 200 : 403);
    expect((await call(mock, '/v1/account', { key })).status).toBe(manage ? 200 : 403);
  });

  it.each([
    ['empty scopes', { name: 'k', scopes: [] }],
    ['an unknown scope', { name: 'k', scopes: ['admin'] }],
    ['a repeated scope', { name: 'k', scopes: ['data:read', 'data:read'] }],
    ['three scopes', { name: 'k', scopes: ['data:read', 'account:manage', 'data:read'] }],
    ['scopes as a string', { name: 'k', scopes: 'data:read' }],
    ['no name', { scopes: ['data:read'] }],
    ['an empty name', { name: '' }],
    ['an unknown field', { name: 'k', expires: 'never' }],
    ['an array body', [{ name: 'k' }]],
  ])('refuses %s with 400 invalid_parameters and creates nothing', async (_label, body) => {
    const mock = newMock();
    const answer = await create(mock, body);
    expect(answer.status).toBe(400);
    expect(codeOf(answer)).toBe('invalid_parameters');
    expect((await inventory(mock)).length).toBe(1);
  });

  it('refuses a body that is not JSON (400) or not sent as JSON (415)', async () => {
    const mock = newMock();
    const broken = await call(mock, '/v1/account/keys', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":',
    });
    expect(broken.status).toBe(400);
    expect(codeOf(broken)).toBe('invalid_parameters');
    const plain = await call(mock, '/v1/account/keys', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{"name":"k"}' });
    expect(plain.status).toBe(415);
    expect(codeOf(plain)).toBe('unsupported_media_type');
    expect((await inventory(mock)).length).toBe(1);
  });

  it('refuses a sixth active key with 409 key_limit_reached; revoked keys do not count', async () => {
    const mock = newMock();
    const made: ApiKeyCreated[] = [];
    for (let i = 2; i <= 5; i++) {
      const answer = await create(mock, { name: `k${i}` });
      expect(answer.status).toBe(201);
      made.push(answer.body);
    }
    const sixth = await create(mock, { name: 'k6' });
    expect(sixth.status).toBe(409);
    expect(codeOf(sixth)).toBe('key_limit_reached');
    expect((await inventory(mock)).filter((k) => k.status === 'active').length).toBe(5);

    expect((await revoke(mock, made[0]!.id)).status).toBe(200);
    const replacement = await create(mock, { name: 'k6' });
    expect(replacement.status).toBe(201);
    expect((await call(mock, SPORTS, { key: replacement.body.api_key })).status).toBe(200);
    const list = await inventory(mock);
    expect(list.length).toBe(6);
    expect(list.filter((k) => k.status === 'active').length).toBe(5);
    expect(codeOf(await create(mock, { name: 'k7' }))).toBe('key_limit_reached');
  });

  it('lets exactly one of several simultaneous creations take the last free slot', async () => {
    const mock = newMock();
    for (let i = 2; i <= 4; i++) expect((await create(mock, { name: `k${i}` })).status).toBe(201);
    const answers = await Promise.all([1, 2, 3, 4].map((i) => create(mock, { name: `race${i}` })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    expect((await inventory(mock)).filter((k) => k.status === 'active').length).toBe(5);
  });

  it('counts the limit per account', async () => {
    const mock = newMock();
    for (let i = 2; i <= 5; i++) await create(mock, { name: `k${i}` });
    const other = await mock.createAccount({ email: 'other@example.com', plan: 'pro' });
    expect((await create(mock, { name: 'theirs' }, other.apiKey)).status).toBe(201);
  });
});

describe('POST /v1/account/keys/{id}/revoke', () => {
  it('answers 200 with the revoked record; the key is refused at once; a second revocation answers the same record', async () => {
    const mock = newMock();
    const t0 = mock.clock.now();
    const reader = await mock.createKey(mock.demoEmail, { name: 'reader' });
    expect((await call(mock, SPORTS, { key: reader.apiKey })).status).toBe(200);
    mock.clock.advance(MIN);
    const answer = await revoke(mock, reader.id);
    expect(answer.status).toBe(200);
    const record = z.parse(ApiKey, answer.body);
    expect(Object.keys(answer.body).sort()).toEqual(RECORD_FIELDS);
    expect(record).toMatchObject({ id: reader.id, name: 'reader', status: 'revoked', scopes: ['data:read'], revoked_at: iso(t0 + MIN) });
    noSecrets(answer, [reader.apiKey, mock.apiKey]);

    const refused = await call(mock, SPORTS, { key: reader.apiKey });
    expect(refused.status).toBe(401);
    expect(codeOf(refused)).toBe('invalid_api_key');
    expect(refused.headers.get('WWW-Authenticate')).toMatch(/^Bearer/);

    mock.clock.advance(MIN);
    const again = await revoke(mock, reader.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(answer.body);
    expect((await inventory(mock)).find((k) => k.id === reader.id)).toEqual(record);
  });

  it('lets a manage key revoke itself', async () => {
    const mock = newMock();
    const [primary] = await inventory(mock);
    const answer = await revoke(mock, primary!.id);
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('revoked');
    expect((await call(mock, '/v1/account')).status).toBe(401);
  });

  it("answers 404 not_found for an unknown key id and for another account's key, which stays active", async () => {
    const mock = newMock();
    const unknown = await revoke(mock, `key_${'ab'.repeat(16)}`);
    expect(unknown.status).toBe(404);
    expect(codeOf(unknown)).toBe('not_found');

    const other = await mock.createAccount({ email: 'other@example.com', plan: 'pro' });
    const theirs = await mock.createKey('other@example.com', { name: 'theirs' });
    const foreign = await revoke(mock, theirs.id);
    expect(foreign.status).toBe(404);
    expect(codeOf(foreign)).toBe('not_found');
    noSecrets(foreign, [theirs.apiKey, other.apiKey]);
    expect((await call(mock, SPORTS, { key: theirs.apiKey })).status).toBe(200);
    expect((await inventory(mock, other.apiKey)).every((k) => k.status === 'active')).toBe(true);
  });

  it.each(['abc', `key_${'AB'.repeat(16)}`, `key_${'a'.repeat(31)}`, `key_${'a'.repeat(33)}`, `svc_live_${'a'.repeat(32)}`])(
    'refuses a malformed id %s with 400 invalid_parameters',
    async (id) => {
      const mock = newMock();
      const answer = await revoke(mock, id);
      expect(answer.status).toBe(400);
      expect(codeOf(answer)).toBe('invalid_parameters');
      if (id.length > 8) noSecrets(answer, [id]);
    },
  );
});
