import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod/mini';
import type { AddedEventSummary, ActivityEntry, MockService, OutboxMessage } from '../../mocks';
import type { AnswerBody } from '../../mocks/server/control/define';
import { type ControlOperations, controlOperations, type OperationId, operationList } from '../../mocks/server/control/operations';
import { startMockServer, type MockServer } from '../../mocks/server/node';
import { NOW } from '../helpers/mock-server';

/**
 * The operations table of the control plane (docs/mock-server.md, "Control plane: `/__admin`") as the
 * standalone server serves it: every operation answers its declared status with a body its strict
 * answer schema accepts, the JSON index lists the table, and every handle it names exists.
 */

let server: MockServer;
const called = new Set<OperationId>();

beforeAll(async () => {
  server = await startMockServer({ port: 0, now: NOW });
  server.mock.clock.freeze(NOW);
});
afterAll(async () => {
  await server?.close();
});

interface Call {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

/** Calls an operation by its id, as the console's client does, and checks the answer against the table. */
async function call<Id extends OperationId>(id: Id, input: Call = {}): Promise<AnswerBody<ControlOperations[Id]>> {
  const operation = controlOperations[id];
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(input.params?.[name] ?? ''));
  const query = input.query ? `?${new URLSearchParams(input.query)}` : '';
  const res = await fetch(`${server.url}/__admin${path}${query}`, {
    method: operation.method,
    headers: { Accept: 'application/json', ...(operation.method === 'GET' ? {} : { 'Content-Type': 'application/json' }) },
    ...(input.body === undefined ? {} : { body: JSON.stringify(input.body) }),
  });
  const json: unknown = await res.json();
  expect(res.status, `${id}: ${JSON.stringify(json)}`).toBe(operation.status);
  const checked = z.safeParse(operation.answer, json);
  expect(checked.success, `${id} answers what its schema declares: ${checked.error?.message}`).toBe(true);
  called.add(id);
  return json as AnswerBody<ControlOperations[Id]>;
}

const dataGet = (path: string, key = server.mock.apiKey) => fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${key}` } });

describe('the operations table', () => {
  it('every operation answers its status with a body its answer schema accepts', async () => {
    await call('reset');
    await call('clock.get');
    await call('clock.set', { body: { advance_ms: 1_000 } });
    expect(await call('clock.set', { body: { frozen: false } })).toMatchObject({ frozen: false });
    expect((await call('clock.set', { body: { advance_ms: 1_000, frozen: true } })).frozen).toBe(true);
    const state = await call('state.get');
    expect(await call('state.put', { body: state })).toEqual({
      restored: true,
      now: new Date(state.clock.now).toISOString(),
      frozen: true,
      omitted: [],
    });
    expect((await call('plans.list')).map((p) => p.slug)).toEqual(['trial', 'starter', 'pro']);

    const created = await call('accounts.create', { body: { email: 'table@example.com', plan: 'starter' } });
    await call('accounts.update', { params: { email: created.email }, body: { status: 'past_due' } });
    const key = await call('keys.create', { params: { email: created.email }, body: { name: 'ci', scopes: ['data:read'] } });
    expect((await dataGet('/v1/catalog/sports', key.api_key)).status).toBe(200);
    const revoked = await call('keys.revoke', { params: { id: key.id } });
    expect([revoked.id, revoked.status, revoked.name]).toEqual([key.id, 'revoked', 'ci']);
    expect((await dataGet('/v1/catalog/sports', key.api_key)).status).toBe(401);
    expect((await call('accounts.list')).find((a) => a.email === created.email)?.status).toBe('past_due');
    await call('ledger');

    const { armed } = await call('faults.inject', { body: { route: 'catalog.leagues', status: 503 } });
    await call('faults.list');
    await call('faults.remove', { params: { id: armed.id } });
    await call('faults.inject', { body: { route: 'catalog.leagues', latency_ms: 1 } });
    expect(await call('faults.clear')).toEqual({ disarmed: 1 });

    const requests = await call('requests.list', { query: { limit: '5', route: 'catalog.sports' } });
    expect(requests.map((r) => r.status)).toEqual([200, 401]);
    await call('requests.summary');
    const detail = await call('requests.get', { params: { id: requests[0]!.request_id } });
    expect(detail.key).toEqual({ id: key.id, name: 'ci', prefix: key.api_key.slice(0, 13) });

    await call('outbox');
    await call('challenges.issue', { body: {} });
    const checkout = await call('checkouts.start', { body: { email: 'buyer@example.com', plan: 'trial' } });
    await call('checkouts.complete', { params: { id: checkout.session_id } });
    expect((await call('checkouts.list')).map((c) => [c.session_id, c.status])).toEqual([[checkout.session_id, 'complete']]);
    await call('guidance.add', { body: { email: created.email, title: 'Maintenance', body: 'Odds history is rebuilt tonight.' } });

    const { event_id } = await call('events.add', {
      body: { sport_id: 29, runner_home: 'Harbor City', runner_away: 'Northfield', minute: -120 },
    });
    const [listed] = await call('events.list');
    await call('events.remove', { params: { id: String(event_id) } });
    // The listed spec adds the same event again.
    expect((await call('events.add', { body: listed!.spec })).event_id).toBe(event_id);
    expect((await call('events.list')).map((e) => ({ ...e, spec: undefined }))).toEqual([{ ...listed, spec: undefined }]);
    await call('events.remove', { params: { id: String(event_id) } });
    const override = await call('overrides.add', { body: { route: 'catalog.sports', error: { code: 'service_error' }, once: true } });
    await call('overrides.list');
    await call('overrides.remove', { params: { id: override.id } });
    await call('overrides.add', { body: { route: 'catalog.sports', answer: [] } });
    expect(await call('overrides.clear')).toEqual({ removed: 1 });
    await call('index');

    expect([...called].sort()).toEqual(Object.keys(controlOperations).sort());
  });

  it('GET /__admin lists the table: ids, methods, paths, summaries and the handles each mirrors', async () => {
    const index = await call('index');
    expect(index.operations).toEqual(
      operationList.map((o) => ({
        id: o.id,
        method: o.method,
        path: `/__admin${o.path}`,
        summary: o.summary,
        handles: o.handles.map((h) => `mock.${h}()`),
      })),
    );
    expect(new Set(operationList.map((o) => o.id)).size).toBe(operationList.length);
    expect(new Set(operationList.map((o) => `${o.method} ${o.path}`)).size).toBe(operationList.length);
    for (const [id, operation] of Object.entries(controlOperations)) expect(operation.id).toBe(id);
  });

  it('names only handles that exist on createMockService()', () => {
    const handleOf = (name: string) => name.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown>)[part], server.mock);
    for (const operation of operationList)
      for (const name of operation.handles) expect(typeof handleOf(name), `${operation.id}: mock.${name}`).toBe('function');
  });

  it('declares the wire shapes the in-process handles share, exactly', () => {
    type Answer<Id extends OperationId> = AnswerBody<ControlOperations[Id]>;
    expectTypeOf<ReturnType<MockService['requests']>>().toEqualTypeOf<Answer<'requests.list'>>();
    expectTypeOf<Awaited<ReturnType<MockService['outbox']>>>().toEqualTypeOf<Answer<'outbox'>>();
    expectTypeOf<ReturnType<MockService['data']['added']>>().toEqualTypeOf<Answer<'events.list'>>();
    expectTypeOf<Awaited<ReturnType<MockService['startCheckout']>>>().toEqualTypeOf<Answer<'checkouts.start'>>();
    expectTypeOf<ActivityEntry[]>().toEqualTypeOf<Answer<'requests.list'>>();
    expectTypeOf<OutboxMessage[]>().toEqualTypeOf<Answer<'outbox'>>();
    expectTypeOf<AddedEventSummary[]>().toEqualTypeOf<Answer<'events.list'>>();
  });
});
