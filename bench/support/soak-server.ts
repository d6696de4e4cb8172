/**
 * The server process of bench/mock-soak.ts, driven over IPC: runs the standalone mock server alone,
 * so that the RSS the soak reports is the mock's own, not its clients'. On `sample` it reports its
 * memory (after a full GC when run with --expose-gc) and how full its answer caches are.
 */
import { startMockServer } from '../../mocks/server/node';
import { contextOf } from '../../mocks/service/internal';

const plans = { soak: { slug: 'soak', name: 'Soak', periodCredits: 1e12, periodDays: 30, dailyCredits: 1e12, rateLimitRps: 1e9 } };
const server = await startMockServer({ port: 0, plans, demoAccount: { plan: 'soak' } });
const gc = (globalThis as { gc?: () => void }).gc;
const send = (message: unknown) => process.send?.(message);

send({ kind: 'ready', url: server.url, apiKey: server.mock.apiKey, now: server.mock.clock.now(), gc: gc !== undefined });
process.on('message', async (message: { kind: 'sample' | 'stop' }) => {
  if (message.kind === 'sample') {
    gc?.();
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
    const { cache, stable } = contextOf(server.mock).state;
    send({
      kind: 'sample',
      rss,
      heap: heapUsed,
      external,
      arrayBuffers,
      cached: cache.size,
      cachedBytes: cache.bytes,
      kept: stable.size,
      keptBytes: stable.bytes,
    });
  }
  if (message.kind === 'stop') await server.close().finally(() => process.exit(0));
});
