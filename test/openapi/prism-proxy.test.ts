import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../mocks/server/node';
import { errorStatusesOf } from '../../src/schemas/route-errors';
import { routeList } from '../../src/schemas';
import { runTraffic, TRAFFIC_MOCK_OPTIONS, type Exchange } from '../../scripts/openapi/traffic';
import { OPENAPI_REGENERATE, startPrism, type RunningPrism } from './tools';

let server: MockServer;
let prism: RunningPrism;

beforeAll(async () => {
  server = await startMockServer({ ...TRAFFIC_MOCK_OPTIONS, port: 0 });
  // Prism's own header limit above the mock's 16 KiB, so that the mock answers the oversized header (431).
  prism = await startPrism(['proxy', 'docs/openapi.json', server.url, '--errors'], ['--max-http-header-size=65536']);
}, 60_000);

afterAll(async () => {
  await prism?.stop();
  await server?.close();
});

describe('Prism as a validation proxy (prism proxy --errors) in front of the standalone mock', () => {
  it('sees every operation answer every status the document lists, with no violation of the document', async () => {
    let exchanges: Exchange[];
    try {
      exchanges = await runTraffic(prism.url, server.mock, { reserializedBodies: true });
    } catch (error) {
      throw new Error(`${String(error)}\n--- prism's log (end) ---\n${prism.log().slice(-4000)}`);
    }
    const violations = exchanges
      .filter((e) => e.answer.headers['sl-violations'] !== undefined)
      .map((e) => `${e.routeId} ${e.answer.status}: ${e.answer.headers['sl-violations']}`);
    expect(violations, OPENAPI_REGENERATE).toEqual([]);
    // Every answer came from the mock through Prism, not from Prism itself.
    expect(exchanges.every((e) => /^req_[0-9a-f]{32}$/.test(e.answer.headers['x-request-id'] ?? ''))).toBe(true);
    for (const route of routeList.filter((r) => r.registered)) {
      const seen = new Set(exchanges.filter((e) => e.routeId === route.id).map((e) => e.answer.status));
      // Prism re-serializes JSON bodies, so no request it forwards is over 64 KiB: its 413 answers are checked by the generated client (hey-api.test.ts).
      const listed = [...Object.keys(route.responses).map(Number), ...errorStatusesOf(route).keys()].filter((status) => status !== 413);
      expect(
        [...seen].sort((a, b) => a - b),
        `${route.id}: ${OPENAPI_REGENERATE}`,
      ).toEqual(listed.sort((a, b) => a - b));
    }
    console.log(`prism proxy: ${exchanges.length} requests over ${routeList.filter((r) => r.registered).length} operations, 0 violations`);
  }, 120_000);
});
