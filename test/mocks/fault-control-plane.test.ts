import { afterEach, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../mocks/server/node';
import { MAX_ARMED_FAULTS } from '../../mocks/service/state/faults';
import { NOW } from '../helpers/mock-server';

/** The control plane's faults (docs/mock-server.md: "armed faults: until used, at most 1,000; arming one more is refused (400)"). */
describe('/__admin/faults', () => {
  let server: MockServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const admin = async (path: string, init: { method?: string; body?: unknown } = {}) => {
    const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
    const response = await fetch(`${server!.url}/__admin${path}`, {
      method,
      headers: method === 'GET' ? {} : { 'Content-Type': 'application/json' },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('disarms one fault by id (404 once it is gone), and refuses a 1,001st with 400', async () => {
    server = await startMockServer({ port: 0, now: NOW });
    const armed = await admin('/faults', { body: { route: 'catalog.sports', status: 503 } });
    expect(armed.status).toBe(201);
    const id = (armed.body['armed'] as { id: string }).id;
    expect(await admin(`/faults/${id}`, { method: 'DELETE' })).toEqual({ status: 200, body: { disarmed: id } });
    const again = await admin(`/faults/${id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect((again.body['error'] as { code: string }).code).toBe('not_found');

    for (let i = 0; i < MAX_ARMED_FAULTS; i++) server.mock.faults.inject({ route: 'catalog.sports', status: 500 });
    const refused = await admin('/faults', { body: { route: 'catalog.sports', status: 503 } });
    expect(refused.status).toBe(400);
    expect((refused.body['error'] as { message: string }).message).toMatch(/at most 1000 faults can be armed at once/);
  });
});
