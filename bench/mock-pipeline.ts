/**
 * The mock service's request path alone, without HTTP: `serveRequest` on the requests of
 * bench/mock-throughput.ts (a catalog cache hit, the 429 path: an account allowed 1 request a second), in-process, with node:crypto's
 * synchronous SHA-256 as the standalone server uses. Prints microseconds of CPU per request, so a
 * change to the pipeline can be weighed in seconds; the throughput bench gives the ratios that count. The cache hit is measured
 * again on a deterministic mock (`deterministic: true`: ids drawn from the seed and a counter, not Web Crypto's pool).
 *
 *   npx node scripts/run-ts.mjs bench/mock-pipeline.ts [requests]
 */
import { hash } from 'node:crypto';
import { createMockService } from '../mocks/service/mock-service';
import { contextOf } from '../mocks/service/internal';
import type { ServiceRequest } from '../mocks/service/http-messages';
import { serveRequest } from '../mocks/service/request-path';
import { useSha256 } from '../mocks/service/state/crypto';

const N = Number(process.argv[2] ?? 100_000);
useSha256((text) => hash('sha256', text, 'hex'));
const plans = {
  bench: { slug: 'bench', name: 'Bench', periodCredits: 1e12, periodDays: 30, dailyCredits: 1e12, rateLimitRps: 1e9 },
  slow: { slug: 'slow', name: 'Slow', periodCredits: 1e12, periodDays: 30, dailyCredits: 1e12, rateLimitRps: 1 },
};
const mock = createMockService({ baseUrl: 'http://127.0.0.1:4010', plans, demoAccount: { plan: 'bench' } });
await mock.ready;
const { apiKey: trialKey } = await mock.createAccount({ email: 'bench-trial@example.com', plan: 'slow' });
const service = contextOf(mock);
const seeded = createMockService({ baseUrl: 'http://127.0.0.1:4010', plans, demoAccount: { plan: 'bench' }, deterministic: true });
await seeded.ready;

const requestOf = (key: string): ServiceRequest => {
  const headers = { authorization: `Bearer ${key}` } as Record<string, string>;
  return {
    method: 'GET',
    url: 'http://127.0.0.1:4010/v1/catalog/sports',
    headers: { get: (name) => headers[name.toLowerCase()] ?? null },
    readBody: async () => '',
  };
};

async function measure(name: string, request: ServiceRequest, status: number, on = service): Promise<void> {
  for (let i = 0; i < 2_000; i++) await serveRequest(request, on);
  let others = 0;
  const start = process.cpuUsage();
  for (let i = 0; i < N; i++) {
    const answer = await serveRequest(request, on);
    if (answer.status !== status) others++;
  }
  const used = process.cpuUsage(start);
  console.log(`${name}: ${((used.user + used.system) / N).toFixed(2)} us of CPU per request (${N} requests, ${others} not ${status})`);
}

await measure('catalog (cache hit)', requestOf(mock.apiKey), 200);
for (let i = 0; i < 3; i++) await serveRequest(requestOf(trialKey), service);
await measure('429 rate_limited', requestOf(trialKey), 429);
await measure('catalog (cache hit), deterministic', requestOf(seeded.apiKey), 200, contextOf(seeded));
