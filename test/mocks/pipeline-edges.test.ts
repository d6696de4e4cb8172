import { describe, expect, it } from 'vitest';
import { createMockService } from '../../mocks';
import { contextOf } from '../../mocks/service/internal';
import { dataEntry, operationEntry } from '../../mocks/service/route-entry';
import type { DataHandler } from '../../mocks/service/contract';
import { call, codeOf, NOW, useMockServer, type Answer } from '../helpers/mock-server';
import { countedBody } from '../helpers/streams';

/** The edges of the mock's one request path (mocks/service/request-path.ts; docs/service.md, "Order of checks"). */

const newMock = useMockServer();
const SPORTS = '/v1/catalog/sports';
const KEYS = '/v1/account/keys';
const message = (answer: Answer) => (answer.body as { error: { message: string } }).error.message;

describe('a mock mounted under a path', () => {
  it('serves only under its own base path, not under another path of the same length', async () => {
    const mock = createMockService({ now: NOW, baseUrl: 'https://api.example.test/odds-api' });
    const auth = { headers: { Authorization: `Bearer ${mock.apiKey}` } };
    expect((await mock.fetch(`https://api.example.test/odds-api${SPORTS}`, auth)).status).toBe(200);
    const other = await mock.fetch(`https://api.example.test/odds-xyz${SPORTS}`, auth);
    expect(other.status).toBe(404);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });
});

describe('a route that takes no body', () => {
  it('answers without reading the body sent with it, however large', async () => {
    const mock = newMock();
    const spare = await mock.createKey(mock.demoEmail, { name: 'spare' });
    const { body, pulled } = countedBody(1024 * 1024);
    const answer = await mock.fetch(`${mock.baseUrl}${KEYS}/${spare.id}/revoke`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { Authorization: `Bearer ${mock.apiKey}` },
    } as RequestInit);
    expect(answer.status).toBe(200);
    expect(pulled.bytes).toBe(0);
  });
});

describe('answers of operations', () => {
  it('marks an answer that sets a credential cookie Cache-Control: no-store', async () => {
    const mock = newMock();
    const session = await mock.startCheckout({ email: 'buyer@example.com' });
    const answer = await call(mock, '/v1/checkout/intents', {
      key: null,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ resume_token: session.resume_token }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Set-Cookie')).not.toBeNull();
    expect(JSON.stringify(answer.body)).not.toContain('api_key');
    expect(answer.headers.get('Cache-Control')).toBe('no-store');
  });

  it('answers an injected 503 on an operation after its work, instead of the answer', async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'keys.list', status: 503 });
    const answer = await call(mock, KEYS);
    expect([answer.status, codeOf(answer)]).toEqual([503, 'temporarily_unavailable']);
  });

  it('sends every answer, success or refusal, as application/json', async () => {
    const mock = newMock();
    for (const answer of [await call(mock, SPORTS), await call(mock, KEYS), await call(mock, SPORTS, { key: null })]) {
      expect(answer.headers.get('Content-Type')).toBe('application/json');
    }
  });
});

describe('long URLs', () => {
  it('reads a URL of exactly 8,192 characters and refuses one of 8,193', async () => {
    const mock = newMock();
    const pathOf = (length: number) => `/v1/catalog/${'a'.repeat(length - `${mock.baseUrl}/v1/catalog/`.length)}`;
    const exact = await call(mock, pathOf(8192));
    expect([exact.status, codeOf(exact)]).toEqual([404, 'not_found']);
    const over = await call(mock, pathOf(8193));
    expect([over.status, codeOf(over)]).toEqual([414, 'invalid_parameters']);
  });
});

describe("failures inside the mock are the mock's, not the caller's", () => {
  it('answers an unexpected failure during data work with 500 internal_error, saying nothing of it, free', async () => {
    const mock = newMock();
    await mock.ready;
    contextOf(mock).handlers['catalog.sports'] = dataEntry('catalog.sports', () => {
      throw new Error('secret detail of a broken handler');
    });
    const answer = await call(mock, SPORTS);
    expect([answer.status, codeOf(answer), message(answer)]).toEqual([500, 'internal_error', 'unexpected failure in the mock service']);
    expect(answer.headers.get('X-Credits-Cost')).toBeNull();
    expect(mock.ledger()[0]).toMatchObject({ charged: 0, reserved: 0 });
  });

  it('names the status an operation answered that its route does not declare', async () => {
    const mock = newMock();
    await mock.ready;
    // @ts-expect-error: a status keys.list does not declare, which the compiler refuses and the pipeline names
    contextOf(mock).handlers['keys.list'] = operationEntry('keys.list', () => Promise.resolve({ status: 201, body: [] }));
    const answer = await call(mock, KEYS);
    expect([answer.status, codeOf(answer), message(answer)]).toEqual([
      500,
      'internal_error',
      'the mock produced status 201, which keys.list does not declare',
    ]);
  });

  it("says where and why the mock's own answer failed its schema: a row's field by its path, or the root", async () => {
    const mock = newMock();
    await mock.ready;
    const refusalFor = async (body: unknown) => {
      const handler = (() => ({ body, rows: 1, truncated: false })) as unknown as DataHandler<'catalog.sports'>;
      contextOf(mock).handlers['catalog.sports'] = dataEntry('catalog.sports', handler);
      const answer = await call(mock, SPORTS);
      return [answer.status, codeOf(answer), message(answer)];
    };
    // Answers the compiler refuses (not the route's rows; a row whose name is not a string), which the pipeline names.
    expect(await refusalFor({ not: 'a list' })).toEqual([
      500,
      'internal_error',
      "the mock's answer failed its own schema at the root: Invalid input",
    ]);
    expect(await refusalFor([{ id: 1, name: 7 }])).toEqual([
      500,
      'internal_error',
      "the mock's answer failed its own schema at 0.name: Invalid input",
    ]);
  });
});

describe('JSON bodies, exactly', () => {
  it.each(['x-application/json', 'text/application/json'])('refuses %s, which only ends like JSON, with 415', async (type) => {
    const mock = newMock();
    const answer = await call(mock, KEYS, { method: 'POST', headers: { 'Content-Type': type }, body: '{"name":"k"}' });
    expect([answer.status, codeOf(answer)]).toEqual([415, 'unsupported_media_type']);
  });

  it.each([5, true])('refuses a token route body that is the bare value %j with invalid_parameters, not invalid_token', async (body) => {
    const mock = newMock();
    const answer = await call(mock, '/v1/recovery/claims', {
      key: null,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect([answer.status, codeOf(answer)]).toEqual([400, 'invalid_parameters']);
  });
});
