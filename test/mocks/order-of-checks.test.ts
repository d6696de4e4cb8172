import { describe, expect, it } from 'vitest';
import { routeList, expandPath, pathParamNames, type KeyRotationSuccess } from '../../src/schemas';
import type { MockService } from '../../mocks';
import { call, codeOf, CREDIT_HEADERS, useMockServer, type Answer } from '../helpers/mock-server';
import { countedBody } from '../helpers/streams';
import { newRotationNonce } from '../../src/core/rotation/record';

/** docs/service.md, "Order of checks". */

const newMock = useMockServer();

const SPORTS = '/v1/catalog/sports';
const KEYS = '/v1/account/keys';
const ROTATE = '/v1/account/keys/rotate';
const nonce = newRotationNonce;
const rotate = (mock: MockService, key: string, idempotencyKey: string) =>
  call<KeyRotationSuccess>(mock, ROTATE, { key, method: 'POST', headers: { 'Idempotency-Key': idempotencyKey } });
const text = (answer: Answer) => `${JSON.stringify(answer.body)} ${[...answer.headers].join(' ')}`;
const ledgerOf = (mock: MockService) =>
  mock.ledger().map((l) => ({ email: l.email, charged: l.charged, charges: l.charges.length, used: l.period.used, reserved: l.reserved }));

/** A trial account (2 requests per second) with a second manage key that is then rotated away. */
async function revokedByRotation(mock: MockService) {
  const account = await mock.createAccount({ email: 'trial@example.com', plan: 'trial' });
  const spare = await mock.createKey(account.email, { name: 'spare', scopes: ['data:read', 'account:manage'] });
  const committed = nonce();
  const rotated = await rotate(mock, spare.apiKey, committed);
  expect(rotated.status).toBe(200);
  mock.clock.advance(1000); // a fresh rate second
  return { account, revoked: spare.apiKey, committed, replacement: rotated.body.api_key };
}

describe('a revoked key touches no window of the account (issue 10, item 1)', () => {
  it('refuses 25 concurrent rotations with fresh nonces with 401, and the active key keeps its whole rate second', async () => {
    const mock = newMock();
    const { account, revoked } = await revokedByRotation(mock);
    const answers = await Promise.all(Array.from({ length: 25 }, () => rotate(mock, revoked, nonce())));
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(codeOf(answer)).toBe('invalid_api_key');
    }
    // The trial plan allows 2 per second: both go to the account's valid key.
    expect((await call(mock, SPORTS, { key: account.apiKey })).status).toBe(200);
    expect((await call(mock, SPORTS, { key: account.apiKey })).status).toBe(200);
    expect((await call(mock, SPORTS, { key: account.apiKey })).status).toBe(429);
  });

  it.each([
    ['a malformed nonce', 'rot_short'],
    ['no nonce', undefined],
    ["another rotation's nonce", 'other'],
  ])('answers a revoked key with %s 401 invalid_api_key, not 400 or 409', async (_label, value) => {
    const mock = newMock();
    const { revoked } = await revokedByRotation(mock);
    const other = nonce();
    expect((await rotate(mock, mock.apiKey, other)).status).toBe(200);
    const headers: Record<string, string> = value === undefined ? {} : { 'Idempotency-Key': value === 'other' ? other : value };
    const answer = await call(mock, ROTATE, { key: revoked, method: 'POST', headers });
    expect(answer.status).toBe(401);
    expect(codeOf(answer)).toBe('invalid_api_key');
  });

  it('answers the exact replay of its committed rotation, outside the rate window', async () => {
    const mock = newMock();
    const { account, revoked, committed, replacement } = await revokedByRotation(mock);
    for (let i = 0; i < 5; i++) {
      const replay = await rotate(mock, revoked, committed);
      expect(replay.status).toBe(200);
      expect(replay.body.api_key).toBe(replacement);
    }
    expect((await call(mock, SPORTS, { key: account.apiKey })).status).toBe(200);
    expect((await call(mock, SPORTS, { key: replacement })).status).toBe(200);
  });
});

describe('unknown names are never echoed (item 2)', () => {
  it('points at a key pasted as a query parameter name by position, in every refusal message', async () => {
    const mock = newMock();
    const key = mock.apiKey;
    for (const path of [
      `${SPORTS}?${key}`,
      `${SPORTS}?${key}=1`,
      `${SPORTS}?${key}&${key}`,
      `/v1/events?limit=5&${key}=x`,
      `/v1/catalog/leagues?sport_id=1&${encodeURIComponent(key)}=1&${encodeURIComponent(key)}=2`,
    ]) {
      const answer = await call(mock, path);
      expect(answer.status, path).toBe(400);
      expect(codeOf(answer)).toBe('invalid_parameters');
      expect(text(answer)).not.toContain(key);
      expect(text(answer)).not.toContain(key.slice(9));
      expect((answer.body as { error: { message: string } }).error.message).toMatch(/position \d/);
    }
  });

  it('points at a key pasted as a body field name, and names fields the service knows', async () => {
    const mock = newMock();
    const key = mock.apiKey;
    const answer = await call(mock, KEYS, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'x', [key]: 1 }),
    });
    expect(answer.status).toBe(400);
    expect(text(answer)).not.toContain(key.slice(9));
    expect((answer.body as { error: { message: string } }).error.message).toContain('position 2');
    // A parameter of another route is not a secret: it is named.
    const known = await call(mock, `${SPORTS}?sport_id=1`);
    expect((known.body as { error: { message: string } }).error.message).toContain('sport_id');
  });

  it('keeps pasted keys out of request health too', async () => {
    const mock = newMock();
    await call(mock, `${SPORTS}?${mock.apiKey}`);
    const report = await call(mock, '/v1/account/request-health');
    expect(JSON.stringify(report.body)).not.toContain(mock.apiKey.slice(9));
  });
});

describe('prototype names are unknown parameters (item 3)', () => {
  const getRoutes = routeList.filter((r) => r.method === 'GET' && r.registered);
  const pathOf = (template: string) => expandPath(template, Object.fromEntries(pathParamNames(template).map((n) => [n, '1'])));

  it.each(getRoutes.map((r) => [r.id, r.path]))('%s refuses __proto__, constructor and friends with 400, free', async (_id, template) => {
    const mock = newMock();
    await mock.ready;
    const before = ledgerOf(mock);
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', '__defineGetter__', 'prototype']) {
      for (const query of [`${name}=1`, `${name}[x]=1`, `${name}=1&${name}=2`]) {
        const answer = await call(mock, `${pathOf(template)}?${query}`);
        expect(answer.status, `${template}?${query}`).toBe(400);
        expect(codeOf(answer)).toBe('invalid_parameters');
        for (const header of CREDIT_HEADERS) expect(answer.headers.get(header)).toBeNull();
      }
    }
    expect(ledgerOf(mock)).toEqual(before);
  });
});

const postStream = (
  mock: MockService,
  path: string,
  body: ReadableStream<Uint8Array>,
  key: string | null,
  headers: Record<string, string> = {},
) =>
  mock.fetch(`${mock.baseUrl}${path}`, {
    method: 'POST',
    body,
    duplex: 'half',
    headers: { 'Content-Type': 'application/json', ...(key === null ? {} : { Authorization: `Bearer ${key}` }), ...headers },
  } as RequestInit);

describe('authentication before the body, and a 64 KiB bound (item 6)', () => {
  it('refuses a missing, malformed or revoked key without reading a byte of the body', async () => {
    const mock = newMock();
    const { revoked } = await revokedByRotation(mock);
    for (const key of [null, 'svc_live_short', revoked]) {
      const { body, pulled } = countedBody(10 * 1024 * 1024);
      const answer = await postStream(mock, KEYS, body, key);
      expect(answer.status).toBe(401);
      expect(pulled.bytes).toBe(0);
    }
  });

  it('refuses a body over 64 KiB with 413 payload_too_large as soon as it is, and a declared one before reading', async () => {
    const mock = newMock();
    const streamed = countedBody(1024 * 1024);
    const answer = await postStream(mock, KEYS, streamed.body, mock.apiKey);
    expect(answer.status).toBe(413);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
    expect(answer.headers.get('X-Request-Id')).toMatch(/^req_[0-9a-f]{32}$/);
    expect(streamed.pulled.bytes).toBeLessThanOrEqual(64 * 1024 + 2 * 16 * 1024);
    const declared = countedBody(200 * 1024 * 1024);
    const early = await postStream(mock, KEYS, declared.body, mock.apiKey, { 'Content-Length': String(200 * 1024 * 1024) });
    expect(early.status).toBe(413);
    expect(declared.pulled.bytes).toBe(0);
    // Nothing was created, and the tokens routes keep the same bound.
    expect((await call<unknown[]>(mock, KEYS)).body.length).toBe(1);
    const token = countedBody(1024 * 1024);
    expect((await postStream(mock, '/v1/recovery/claims', token.body, null)).status).toBe(413);
  });

  it('checks the content type before reading the body', async () => {
    const mock = newMock();
    const { body, pulled } = countedBody(1024 * 1024);
    const answer = await postStream(mock, KEYS, body, mock.apiKey, { 'Content-Type': 'text/plain' });
    expect(answer.status).toBe(415);
    expect(pulled.bytes).toBe(0);
  });

  it('reads a body of exactly 64 KiB', async () => {
    const mock = newMock();
    const json = JSON.stringify({ name: 'n' });
    const padded = json.padEnd(64 * 1024, ' ');
    const answer = await call(mock, KEYS, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: padded });
    expect(answer.status).toBe(201);
    const over = await call(mock, KEYS, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: `${padded} ` });
    expect(over.status).toBe(413);
  });
});

describe('request health says whether the answer was metered (item 12)', () => {
  it('reports a free pre-dispatch 400 on a metered route as metered: false, a charged 404 as metered: true', async () => {
    const mock = newMock();
    const refused = await call(mock, '/v1/events/1/odds?full_history=maybe');
    expect(refused.status).toBe(400);
    expect(refused.headers.get('X-Credits-Cost')).toBeNull();
    const missing = await call(mock, '/v1/events/999999999991/odds');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('X-Credits-Cost')).toBe('1');
    const report = await call<{ events: { request_id: string; metered: boolean }[] }>(mock, '/v1/account/request-health');
    const metered = (answer: Answer) => report.body.events.find((e) => e.request_id === answer.headers.get('X-Request-Id'))?.metered;
    expect(metered(refused)).toBe(false);
    expect(metered(missing)).toBe(true);
  });
});

describe('token routes: invalid_token is for the token itself (item 14)', () => {
  it.each([
    ['/v1/recovery/claims', 'recovery_token', 'rcv_'],
    ['/v1/recovery-email/verifications', 'verification_token', 'emv_'],
  ])('%s: a bad token is invalid_token, a bad body around it invalid_parameters', async (path, field, prefix) => {
    const mock = newMock();
    const wellFormed = `${prefix}${'A'.repeat(43)}`;
    const post = (body: unknown) =>
      call(mock, path, { key: null, method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    for (const body of [{ [field]: wellFormed }, { [field]: 'short' }, { [field]: 5 }, {}])
      expect(codeOf(await post(body)), JSON.stringify(body)).toBe('invalid_token');
    for (const body of [{ [field]: wellFormed, extra: 1 }, [], [wellFormed], null, 'x', { [field]: 'short', extra: 1 }]) {
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expect(codeOf(answer), JSON.stringify(body)).toBe('invalid_parameters');
    }
  });
});

describe('the in-process createKey handle (item 15)', () => {
  it('refuses a sixth active key with a clear error, like the route; a revoked key frees a slot', async () => {
    const mock = newMock();
    const created = [];
    for (let i = 0; i < 4; i++) created.push(await mock.createKey(mock.demoEmail, { name: `k${i}` }));
    await expect(mock.createKey(mock.demoEmail, { name: 'sixth' })).rejects.toThrow(/at most 5 active keys/);
    expect(
      (await call(mock, KEYS, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":"sixth"}' })).status,
    ).toBe(409);
    expect((await call(mock, `${KEYS}/${created[0]!.id}/revoke`, { method: 'POST' })).status).toBe(200);
    await expect(mock.createKey(mock.demoEmail, { name: 'fifth again' })).resolves.toMatchObject({
      apiKey: expect.stringMatching(/^svc_live_/),
    });
  });
});

describe('answers carrying a plaintext key are not stored (item 10)', () => {
  it('sends Cache-Control: no-store on key creation and rotation, and not on data', async () => {
    const mock = newMock();
    const created = await call(mock, KEYS, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":"n","scopes":["data:read","account:manage"]}',
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('Cache-Control')).toBe('no-store');
    const rotated = await rotate(mock, (created.body as { api_key: string }).api_key, nonce());
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('Cache-Control')).toBe('no-store');
    expect((await call(mock, KEYS)).headers.get('Cache-Control')).toBeNull();
  });
});

describe('long URLs (item 4)', () => {
  it('answers a URL over 8,192 characters with the 414 envelope, in process and through MSW', async () => {
    const mock = newMock();
    for (const path of [`/v1/catalog/${'a'.repeat(9000)}`, `${SPORTS}?x=${'a'.repeat(20_000)}`]) {
      const answer = await call(mock, path);
      expect(answer.status).toBe(414);
      expect(codeOf(answer)).toBe('invalid_parameters');
      expect(answer.headers.get('X-Request-Id')).toMatch(/^req_/);
      expect(answer.headers.get('X-Credits-Cost')).toBeNull();
    }
  });
});
