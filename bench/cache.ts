/**
 * Coalescing and the freshness cache (issue 32, docs/caching.md), against the standalone mock.
 *
 * 1. One process: what a cache hit costs per call (microseconds, awaited one after another), next
 *    to a call sent to the loopback mock; and the memory of the cache (its own count of bytes, and
 *    the heap it takes) for one answer per sport's leagues.
 * 2. "Busy backend": one process, 50 virtual users each asking the latest odds of one of 10 events
 *    in a loop (a page view every 0 to 20 ms), paced at the pro plan's 20 requests a second, for
 *    BENCH_SECONDS (default 30). The same workload three ways in the same run: nothing reused, only
 *    coalescing (the default for events.odds), and `maxAge` 2 s for events.odds. Requests and
 *    credits as the mock's ledger counts them, against the minimum (10 events x one request per
 *    2 s window), `rate_limited` answers, and the calls' latency p50 / p99.
 *
 * 3. Redis: what a hit from the fleet's answers costs per call (one process, loopback Redis).
 * 4. "Busy backend" of a fleet: 4 processes on one Redis (test/cache/children/answer-worker.ts),
 *    50 users each, the same workload, paced at 20 requests a second for the fleet: no reuse, each
 *    process its own (answers: false), and the fleet's answers, in the same run.
 *
 *   node --expose-gc scripts/run-ts.mjs bench/cache.ts
 */
import { Redis } from 'ioredis';
import { startRedisServer } from '../examples/lib/redis-server';
import { startMockServer } from '../mocks/server/node';
import { SportsOdds, type ClientOptions } from '../src';
import { redisCoordinator } from '../src/redis';
import { forkAnswerWorker } from '../test/cache/children/answer-fleet';
import type { AnswerWorkerConfig } from '../test/cache/children/answer-worker';
import { buildWorker, removeWorkerBundle } from '../test/fleet/harness';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 30);
const USERS = 50;
const EVENTS = 10;
const MAX_AGE_MS = 2_000;
const FAST = { slug: 'fast', name: 'Fast', periodCredits: 1e9, periodDays: 30, dailyCredits: 1e9, rateLimitRps: 1e6 };

const server = await startMockServer({ port: 0, plans: { fast: FAST } });
let accounts = 0;

/** A client of a fresh account of `plan` on the mock, and the ledger's charges of that account. */
async function clientOn(plan: string, options: ClientOptions = {}) {
  accounts += 1;
  const { apiKey, email } = await server.mock.createAccount({ email: `cache-${accounts}@example.com`, plan });
  const odds = new SportsOdds({ apiKey, baseUrl: server.url, logLevel: 'off', tracing: false, ...options });
  const ledger = () => server.mock.ledger().find((e) => e.email === email) ?? { charges: [], charged: 0 };
  return { odds, ledger };
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- one process

async function hitCost(): Promise<void> {
  const { odds } = await clientOn('fast');
  const N = 20_000;
  const SENT = 500;
  await odds.catalog.sports();
  for (let i = 0; i < 2_000; i++) await odds.catalog.sports();
  let start = performance.now();
  for (let i = 0; i < N; i++) await odds.catalog.sports();
  const hit = ((performance.now() - start) * 1_000) / N;
  start = performance.now();
  for (let i = 0; i < SENT; i++) await odds.catalog.sports({ cache: false });
  const sent = ((performance.now() - start) * 1_000) / SENT;
  const { hits } = odds.cache.stats();
  console.log(`| a hit (catalog.sports, 44 rows, parsed and validated) | ${hit.toFixed(1)} µs per call | ${hits} hits |`);
  // The smallest answer: what the cache itself costs, nearly without the parse and the validation.
  const sports = await odds.catalog.sports();
  const sizes = await Promise.all(
    sports.map(async (s) => [s.sport_id as number, (await odds.catalog.leagues({ sport_id: s.sport_id as number })).length] as const),
  );
  const [smallest, rows] = sizes.filter(([, n]) => n > 0).sort((a, b) => a[1] - b[1])[0] as readonly [number, number];
  for (let i = 0; i < 2_000; i++) await odds.catalog.leagues({ sport_id: smallest });
  start = performance.now();
  for (let i = 0; i < N; i++) await odds.catalog.leagues({ sport_id: smallest });
  const small = ((performance.now() - start) * 1_000) / N;
  console.log(`| a hit (catalog.leagues, ${rows} row${rows === 1 ? '' : 's'}) | ${small.toFixed(1)} µs per call | |`);
  console.log(`| the same call sent to the loopback mock | ${sent.toFixed(0)} µs per call | ${(sent / hit).toFixed(0)}x a hit |`);

  const filled = await clientOn('fast');
  const all = await filled.odds.catalog.sports();
  const heapNow = () => {
    globalThis.gc?.();
    globalThis.gc?.();
    return process.memoryUsage().heapUsed;
  };
  const before = heapNow();
  for (const s of all) await filled.odds.catalog.leagues({ sport_id: s.sport_id as number });
  const heap = heapNow() - before;
  const { entries, bytes } = filled.odds.cache.stats();
  // Without --expose-gc, or when other garbage went meanwhile, the heap's growth says nothing.
  const grown =
    globalThis.gc === undefined || heap <= 0 ? 'heap growth not measurable in this run' : `${(heap / 1024).toFixed(0)} KiB heap growth`;
  console.log(
    `| memory: ${entries} answers (one sport's leagues each) | ${(bytes / 1024).toFixed(0)} KiB counted by the bound | ${grown} |`,
  );
}

// ---------------------------------------------------------------- busy backend

interface Outcome {
  requests: number;
  credits: number;
  limited: number;
  p50: number;
  p99: number;
  calls: number;
}

async function busyBackend(label: string, options: ClientOptions): Promise<Outcome & { label: string }> {
  const { odds, ledger } = await clientOn('pro', {
    rateLimit: { requestsPerSecond: 20 },
    hooks: { afterResponse: [({ status }) => void (status === 429 && limited++)] },
    ...options,
  });
  let limited = 0;
  const events = (await odds.events.list({ limit: EVENTS }, { coalesce: false })).map((e) => e.event_id as number);
  const before = ledger();
  const beforeCharges = before.charges.length;
  const beforeCharged = before.charged;
  const latencies: number[] = [];
  const end = performance.now() + SECONDS * 1_000;
  const user = async (u: number) => {
    for (let i = 0; performance.now() < end; i++) {
      const event = events[(u + i) % events.length] as number;
      const start = performance.now();
      await odds.events.odds(event);
      latencies.push(performance.now() - start);
      await sleep(Math.random() * 20);
    }
  };
  await Promise.all(Array.from({ length: USERS }, (_, u) => user(u)));
  const after = ledger();
  return {
    label,
    requests: after.charges.length - beforeCharges,
    credits: after.charged - beforeCharged,
    limited,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    calls: latencies.length,
  };
}

console.log(`node ${process.version}, the standalone mock on loopback (${server.url})\n`);
console.log('| one process | cost | |\n| --- | --- | --- |');
await hitCost();

const minimum = EVENTS * Math.ceil((SECONDS * 1_000) / MAX_AGE_MS);
console.log(
  `\nbusy backend: ${USERS} users x ${EVENTS} events for ${SECONDS} s, pro plan (20 requests/s, paced); minimum ${minimum} requests (${EVENTS} events x ${minimum / EVENTS} windows of ${MAX_AGE_MS} ms)\n`,
);
console.log('| reuse | calls | requests (x minimum) | credits charged | rate_limited | latency p50 / p99 |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const [label, options] of [
  ['none (cache: false, coalesce: false)', { cache: false, coalesce: false }],
  ['coalescing only (the default for events.odds)', {}],
  [`maxAge ${MAX_AGE_MS} ms for events.odds`, { cache: { maxAge: { 'events.odds': MAX_AGE_MS } } }],
] as const) {
  const r = await busyBackend(label, options as ClientOptions);
  console.log(
    `| ${r.label} | ${r.calls} | ${r.requests} (${(r.requests / minimum).toFixed(2)}x) | ${r.credits} | ${r.limited} | ${r.p50.toFixed(1)} / ${r.p99.toFixed(1)} ms |`,
  );
}

// ---------------------------------------------------------------- Redis: hits and the fleet

const redisServer = await startRedisServer();

async function redisHitCost(): Promise<void> {
  const redis = new Redis(redisServer.url);
  const coordinator = redisCoordinator({ redis, namespace: 'bench-hits', onWarning: () => undefined });
  const { odds } = await clientOn('fast', { coordinator });
  const [event] = (await odds.events.list({ limit: 1 }, { cache: false })).map((e) => e.event_id as number);
  const N = 5_000;
  await odds.events.odds(event as number, {}, { maxAge: 600_000 });
  for (let i = 0; i < 500; i++) await odds.events.odds(event as number, {}, { maxAge: 600_000 });
  const start = performance.now();
  for (let i = 0; i < N; i++) await odds.events.odds(event as number, {}, { maxAge: 600_000 });
  const hit = ((performance.now() - start) * 1_000) / N;
  const { hits } = odds.cache.stats();
  console.log(`| a hit from the fleet's answers in Redis (events.odds, loopback) | ${hit.toFixed(0)} µs per call | ${hits} hits |`);
  await redis.quit();
}

async function fleetBackend(bundle: string, label: string, over: Partial<AnswerWorkerConfig>): Promise<void> {
  accounts += 1;
  const email = `cache-fleet-${accounts}@example.com`;
  const { apiKey } = await server.mock.createAccount({ email, plan: 'pro' });
  const lister = new SportsOdds({ apiKey, baseUrl: server.url, logLevel: 'off', cache: false, coalesce: false });
  const events = (await lister.events.list({ limit: EVENTS })).map((e) => e.event_id as number);
  const config: AnswerWorkerConfig = {
    baseUrl: server.url,
    apiKey,
    redisUrl: redisServer.url,
    answersUrl: null,
    namespace: `bench-fleet-${accounts}`,
    skewMs: 0,
    waitMs: null,
    rate: 20,
    fleet: true,
    sendAll: false,
    ...over,
  };
  const children = await Promise.all(Array.from({ length: PROCESSES }, () => forkAnswerWorker(bundle, config)));
  const charges = () => server.mock.ledger().find((e) => e.email === email) ?? { charges: [], charged: 0 };
  const before = charges();
  const [beforeCount, beforeCharged] = [before.charges.length, before.charged];
  const maxAge = over.sendAll ? null : MAX_AGE_MS;
  const stats = await Promise.all(children.map((c) => c.loop(SECONDS, USERS, events, maxAge, 20)));
  await Promise.all(children.map((c) => c.close()));
  const after = charges();
  const requests = after.charges.length - beforeCount;
  const latencies = stats.flatMap((s) => s.latencies);
  const failed = stats.reduce((n, s) => n + Object.values(s.failed).reduce((a, b) => a + b, 0), 0);
  const limited = stats.reduce((n, s) => n + s.limited, 0);
  console.log(
    `| ${label} | ${latencies.length} | ${requests} (${(requests / minimum).toFixed(2)}x) | ${after.charged - beforeCharged} | ${limited} | ${failed} | ${percentile(latencies, 50).toFixed(1)} / ${percentile(latencies, 99).toFixed(1)} ms |`,
  );
}

console.log('\n| Redis | cost | |\n| --- | --- | --- |');
await redisHitCost();

const PROCESSES = Number(process.env['BENCH_PROCESSES'] ?? 4);
console.log(
  `\nbusy backend, a fleet: ${PROCESSES} processes on one Redis, ${USERS} users each, ${EVENTS} events, ${SECONDS} s, pro plan (20 requests/s for the fleet, paced by the Redis coordinator); minimum ${minimum}\n`,
);
console.log('| reuse | calls | requests (x minimum) | credits charged | rate_limited | failed | latency p50 / p99 |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
const bundle = await buildWorker('test/cache/children/answer-worker.ts');
try {
  await fleetBackend(bundle, 'none (cache: false, coalesce: false)', { sendAll: true });
  await fleetBackend(bundle, `each process its own (answers: false), maxAge ${MAX_AGE_MS} ms`, { fleet: false });
  await fleetBackend(bundle, `the fleet's answers in Redis, maxAge ${MAX_AGE_MS} ms`, {});
} finally {
  removeWorkerBundle(bundle);
  await redisServer.close();
  await server.close();
}
