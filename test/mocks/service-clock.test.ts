import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockService } from '../../mocks';
import { startMockServer, type MockServer } from '../../mocks/server/node';
import { SDK_VERSION_HEADER } from '../../src/schemas';
import { NOW } from '../helpers/mock-server';

const PINNED = 'Sat, 21 Nov 2026 15:00:00 GMT';

describe("the mock's own clock in its answers", () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => server.close());

  it('sends Date from its clock on every answer (success, refusal, through MSW and mock.fetch)', async () => {
    const mock = createMockService({ now: NOW });
    mock.clock.freeze(NOW);
    server.resetHandlers(...mock.handlers);
    const auth = { Authorization: `Bearer ${mock.apiKey}` };
    const ok = await fetch(`${mock.baseUrl}/v1/catalog/sports`, { headers: auth });
    expect(ok.headers.get('Date')).toBe(PINNED);
    mock.clock.advance(26 * 3_600_000);
    const refused = await fetch(`${mock.baseUrl}/v1/catalog/sports`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('Date')).toBe('Sun, 22 Nov 2026 17:00:00 GMT');
    const direct = await mock.fetch(`${mock.baseUrl}/v1/events/abc/odds`, { headers: auth });
    expect(direct.status).toBe(400);
    expect(direct.headers.get('Date')).toBe('Sun, 22 Nov 2026 17:00:00 GMT');
  });

  it('is ready when returned: the demo account is in the ledger before anything is awaited', async () => {
    const mock = createMockService({ now: NOW });
    const entry = mock.ledger().find((e) => e.email === mock.demoEmail);
    expect(entry).toMatchObject({ charges: [], charged: 0, reserved: 0 });
    expect(entry?.daily.remaining).toBe(100_000);
    await mock.ready;
    expect(mock.ledger()).toHaveLength(1);
  });
});

describe('the standalone server and browsers', () => {
  const servers: MockServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  it("exposes Date and allows the SDK's version header through CORS, with Date from the mock's clock", async () => {
    const server = await startMockServer({ port: 0, now: NOW, corsOrigins: ['http://app.example'] });
    servers.push(server);
    server.mock.clock.freeze(NOW);
    const preflight = await fetch(`${server.url}/v1/catalog/sports`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://app.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': `authorization, ${SDK_VERSION_HEADER.toLowerCase()}`,
      },
    });
    expect(preflight.headers.get('Access-Control-Allow-Headers')).toContain(SDK_VERSION_HEADER);
    expect(preflight.headers.get('Date')).toBe(PINNED);
    const get = await fetch(`${server.url}/v1/catalog/sports`, {
      headers: {
        Origin: 'http://app.example',
        Authorization: `Bearer ${server.mock.apiKey}`,
        [SDK_VERSION_HEADER]: 'sports-odds-data/0.0.0',
      },
    });
    expect(get.status).toBe(200);
    expect(get.headers.get('Access-Control-Expose-Headers')?.split(', ')).toContain('Date');
    expect(get.headers.get('Date')).toBe(PINNED);
    const missing = await fetch(`${server.url}/nothing-here`);
    expect(missing.headers.get('Date')).toBe(PINNED);
  });
});
