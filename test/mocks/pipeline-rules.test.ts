import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createMockService } from '../../mocks';
import { contextOf } from '../../mocks/service/internal';
import { dataEntry } from '../../mocks/service/route-entry';
import type { DataHandler } from '../../mocks/service/contract';
import { ApiKeyList, type RequestHealthReport } from '../../src/schemas';
import { newGate, until } from '../helpers/gate';
import { call, codeOf, NOW, useMockServer } from '../helpers/mock-server';
import { newRotationNonce } from '../../src/core/rotation/record';

const newMock = useMockServer();
const SPORTS = '/v1/catalog/sports';
const health = async (mock: ReturnType<typeof newMock>) =>
  (await call<RequestHealthReport>(mock, '/v1/account/request-health?days=1')).body;
const nonce = newRotationNonce;

describe('request health counts what reached the service (docs/service.md, Request health)', () => {
  it('leaves out a connection dropped before any work, and counts one dropped after the service committed', async () => {
    const mock = newMock();
    const before = (await health(mock)).summary.requests; // the report request itself is counted after it answers
    mock.faults.inject({ route: 'catalog.sports', drop: 'connection' });
    await expect(fetch(`${mock.baseUrl}${SPORTS}`, { headers: { Authorization: `Bearer ${mock.apiKey}` } })).rejects.toThrow();
    expect((await health(mock)).summary.requests).toBe(before + 1); // only the first report
    mock.faults.inject({ route: 'catalog.sports', drop: 'after_commit' });
    await expect(fetch(`${mock.baseUrl}${SPORTS}`, { headers: { Authorization: `Bearer ${mock.apiKey}` } })).rejects.toThrow();
    expect((await health(mock)).summary.requests).toBe(before + 3); // two reports and the committed request
  });

  it('measures latency on the mock clock, from arrival to answer', async () => {
    const mock = newMock();
    const gate = newGate();
    mock.faults.inject({ route: 'events.odds', hold: gate.opened });
    const held = call(mock, '/v1/events/999999999999/odds');
    await until(() => mock.ledger()[0]!.reserved > 0);
    mock.clock.advance(1_234);
    gate.open();
    expect((await held).status).toBe(404);
    const [event] = (await health(mock)).events;
    expect(event).toMatchObject({ endpoint: '/v1/events/{event_id}/odds', status: 404, latency_ms: 1_234 });
    expect(mock.requests().find((r) => r.route === 'events.odds')?.latency_ms).toBe(1_234);
  });
});

describe('a mock mounted under a path', () => {
  it('serves its routes under the base path only', async () => {
    const mock = createMockService({ now: NOW, baseUrl: 'https://api.example.test/odds-api' });
    const auth = { headers: { Authorization: `Bearer ${mock.apiKey}` } };
    expect((await mock.fetch(`${mock.baseUrl}${SPORTS}`, auth)).status).toBe(200);
    const outside = await mock.fetch(`https://api.example.test/elsewhere${SPORTS}`, auth);
    expect(outside.status).toBe(404);
    expect(((await outside.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });
});

describe('Retry-After only where the spec puts it', () => {
  it('is absent from every refusal but 429 and a 503 that sets it', async () => {
    const mock = newMock();
    const answers = [
      await call(mock, SPORTS, { key: null }), // 401
      await call(mock, '/v1/catalog/leagues'), // 400
      await call(mock, '/v1/events/999999999999/odds'), // 404
    ];
    mock.faults.inject({ route: 'catalog.sports', status: 500 });
    answers.push(await call(mock, SPORTS));
    mock.faults.inject({ route: 'catalog.sports', status: 502 });
    answers.push(await call(mock, SPORTS));
    mock.faults.inject({ route: 'catalog.sports', status: 503 });
    answers.push(await call(mock, SPORTS));
    expect(answers.map((a) => a.status)).toEqual([401, 400, 404, 500, 502, 503]);
    for (const a of answers) expect(a.headers.get('Retry-After'), `status ${a.status}`).toBeNull();
  });

  it('is 1 on an injected 429, and what the fault says on a 503', async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'catalog.sports', status: 429 });
    const limited = await call(mock, SPORTS);
    expect([limited.status, codeOf(limited), limited.headers.get('Retry-After')]).toEqual([429, 'rate_limited', '1']);
    mock.faults.inject({ route: 'catalog.sports', status: 503, retryAfter: 7 });
    expect((await call(mock, SPORTS)).headers.get('Retry-After')).toBe('7');
  });
});

describe('the bearer header, exactly (docs/service.md, Authentication, keys and scopes)', () => {
  it.each([
    ['a prefix before Bearer', (k: string) => `XBearer ${k}`],
    ['trailing junk', (k: string) => `Bearer ${k} junk`],
    ['no space', (k: string) => `Bearer${k}`],
    ['another scheme', (k: string) => `Basic ${k}`],
  ])('refuses %s with 401', async (_label, header) => {
    const mock = newMock();
    const answer = await fetch(`${mock.baseUrl}${SPORTS}`, { headers: { Authorization: header(mock.apiKey) } });
    expect(answer.status).toBe(401);
  });

  it.each([
    ['two spaces', (k: string) => `Bearer  ${k}`],
    ['a lower-case scheme', (k: string) => `bearer ${k}`],
    ['a trailing space', (k: string) => `Bearer ${k} `],
  ])('accepts %s', async (_label, header) => {
    const mock = newMock();
    const answer = await fetch(`${mock.baseUrl}${SPORTS}`, { headers: { Authorization: header(mock.apiKey) } });
    expect(answer.status).toBe(200);
  });

  it("does not touch a revoked key's last use when it replays its rotation", async () => {
    const mock = newMock();
    const manager = await mock.createKey(mock.demoEmail, { name: 'manager', scopes: ['data:read', 'account:manage'] });
    const n = nonce();
    const headers = { 'Idempotency-Key': n };
    expect((await call(mock, '/v1/account/keys/rotate', { method: 'POST', headers })).status).toBe(200);
    const lastUsed = async () =>
      z.parse(ApiKeyList, (await call(mock, '/v1/account/keys', { key: manager.apiKey })).body).find((k) => k.name === 'Primary key')!
        .last_used_at;
    const before = await lastUsed();
    mock.clock.advance(60_000);
    expect((await call(mock, '/v1/account/keys/rotate', { method: 'POST', headers })).status).toBe(200);
    expect(await lastUsed()).toBe(before);
  });
});

describe('JSON bodies', () => {
  const create = (mock: ReturnType<typeof newMock>, contentType: string, body: string) =>
    call(mock, '/v1/account/keys', { method: 'POST', headers: { 'Content-Type': contentType }, body });

  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset=UTF-8'])('takes %s', async (type) => {
    expect((await create(newMock(), type, '{"name":"k"}')).status).toBe(201);
  });

  it.each(['text/json', 'application/jsonx', 'application/json-patch+json', 'text/plain'])('refuses %s with 415', async (type) => {
    const answer = await create(newMock(), type, '{"name":"k"}');
    expect([answer.status, codeOf(answer)]).toEqual([415, 'unsupported_media_type']);
  });

  it('refuses a body that is not JSON with 400 saying so', async () => {
    const answer = await create(newMock(), 'application/json', '{"name":');
    expect([answer.status, codeOf(answer)]).toEqual([400, 'invalid_parameters']);
    expect((answer.body as { error: { message: string } }).error.message).toBe('the body is not valid JSON');
  });
});

describe("the mock's own answer fails its schema", () => {
  it('answers 500 internal_error naming the field, after data work and free of charge', async () => {
    const mock = newMock();
    await mock.ready;
    // A data handler that returns a broken row: the pipeline's last check must catch it.
    // @ts-expect-error: a row that breaks the route's schema, which the compiler refuses and the pipeline's last check catches
    const broken: DataHandler<'catalog.sports'> = () => ({ body: [{ sport_id: 'one' }], rows: 1, truncated: false });
    contextOf(mock).handlers['catalog.sports'] = dataEntry('catalog.sports', broken);
    const answer = await call(mock, SPORTS);
    expect([answer.status, codeOf(answer)]).toEqual([500, 'internal_error']);
    expect((answer.body as { error: { message: string } }).error.message).toMatch(/at 0\.sport_id/);
    expect(answer.headers.get('X-Credits-Cost')).toBeNull();
    expect(mock.ledger()[0]).toMatchObject({ charged: 0, reserved: 0 });
  });
});
