/**
 * Snapshots and forks of the mock (docs/testing.md, "Snapshots and forks"), in one process:
 * - `snapshot()` + `restore()` of the default state and of a state after 10,000 requests (medians);
 * - `fork()` against `createMockService()` (each until its first answer);
 * - 500 tests run concurrently, each on a fork of one prepared mock, against the same 500 on fresh mocks: time, heap, and
 *   whether each saw exactly its own credits, keys and faults (leaks: 0 is the only passing figure).
 *
 *   npx node --expose-gc scripts/run-ts.mjs bench/mock-state.ts [tests]
 */
import { hash } from 'node:crypto';
import { createMockService, type MockService } from '../mocks';
import { useSha256 } from '../mocks/service/state/crypto';

const TESTS = Number(process.argv[2] ?? 500);
const NOW = '2026-11-21T15:00:00Z';
useSha256((text) => hash('sha256', text, 'hex'));
const plans = { bench: { slug: 'bench', name: 'Bench', periodCredits: 1e12, periodDays: 30, dailyCredits: 1e12, rateLimitRps: 1e9 } };
const gc = (globalThis as { gc?: () => void }).gc;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
async function timed(runs: number, work: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return median(times);
}

const get = (mock: MockService, path: string, key = mock.apiKey) =>
  mock.fetch(`${mock.baseUrl}${path}`, { headers: { Authorization: `Bearer ${key}` } });

const fresh = () => createMockService({ now: NOW, plans, demoAccount: { plan: 'bench' } });

// 1. snapshot() + restore(): the default state, then after 10,000 requests.
const mock = fresh();
mock.clock.freeze();
await mock.ready;
const cycle = async () => {
  const saved = mock.snapshot();
  await mock.restore(saved);
};
const defaultCycle = await timed(200, cycle);
const defaultBytes = JSON.stringify(mock.snapshot()).length;
const paths = ['/v1/catalog/sports', '/v1/events?sport_id=29&limit=5', '/v1/catalog/leagues?sport_id=29', '/v1/account'];
for (let i = 0; i < 10_000; i++) {
  if (i % 1000 === 0) mock.clock.advance(1000);
  await (await get(mock, paths[i % paths.length] as string)).arrayBuffer();
}
const loadedSnapshot = await timed(50, () => mock.snapshot());
const loadedCycle = await timed(50, cycle);
const loadedBytes = JSON.stringify(mock.snapshot()).length;
console.log(
  `snapshot()+restore(), default state:        ${defaultCycle.toFixed(3)} ms (median of 200; ${(defaultBytes / 1024).toFixed(1)} KiB of JSON)`,
);
console.log(
  `snapshot()+restore(), after 10,000 requests: ${loadedCycle.toFixed(3)} ms (snapshot() alone ${loadedSnapshot.toFixed(3)} ms; median of 50; ${(loadedBytes / 1024).toFixed(1)} KiB of JSON)`,
);

// 2. fork() against createMockService(), each until its first answer.
const parent = fresh();
parent.clock.freeze();
await parent.ready;
await parent.createAccount({ email: 'prepared@example.com', plan: 'bench' });
parent.data.addEvent({ event_id: 101, sport_id: 29, runner_home: 'Harbor City', runner_away: 'Northfield', minute: -120 });
const firstAnswer = async (m: MockService) => (await get(m, '/v1/catalog/sports')).arrayBuffer();
const forkMs = await timed(200, () => firstAnswer(parent.fork()));
const newMs = await timed(200, () => firstAnswer(fresh()));
console.log(`fork():              ${forkMs.toFixed(3)} ms to its first answer (median of 200)`);
console.log(`createMockService(): ${newMs.toFixed(3)} ms to its first answer (median of 200); fork/new = ${(forkMs / newMs).toFixed(2)}`);

// 3. TESTS concurrent tests: each arms a fault, makes a key, spends credits, then checks it sees exactly its own.
async function oneTest(m: MockService, n: number): Promise<number> {
  const before = m.accounts()[0]?.keys.length ?? 0;
  m.faults.inject({ route: 'catalog.leagues', status: 503, count: 1 + (n % 3) });
  const { apiKey } = await m.createKey(m.demoEmail, { name: `test ${n}` });
  const calls = 1 + (n % 4);
  for (let i = 0; i < calls; i++) await (await get(m, '/v1/catalog/periods?sport_id=29', apiKey)).arrayBuffer();
  let leaks = 0;
  const charged = m
    .ledger()
    .find((e) => e.email === m.demoEmail)
    ?.charges.filter((c) => c.routeId === 'catalog.periods').length;
  if (charged !== calls) leaks += 1;
  if (m.accounts()[0]?.keys.length !== before + 1) leaks += 1;
  const faults = m.faults.list();
  if (faults.length !== 1 || faults[0]?.remaining !== 1 + (n % 3)) leaks += 1;
  return leaks;
}

async function suite(make: () => MockService | Promise<MockService>): Promise<{ ms: number; heapMiB: number; leaks: number }> {
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const start = performance.now();
  const mocks: MockService[] = [];
  const results = await Promise.all(
    Array.from({ length: TESTS }, async (_, n) => {
      const m = await make();
      mocks.push(m);
      return oneTest(m, n);
    }),
  );
  const ms = performance.now() - start;
  const heapMiB = (process.memoryUsage().heapUsed - heapBefore) / 1_048_576;
  mocks.length = 0;
  return { ms, heapMiB, leaks: results.reduce((a, b) => a + b, 0) };
}

const onForks = await suite(() => parent.fork());
const onFresh = await suite(async () => {
  const m = fresh();
  m.clock.freeze();
  await m.createAccount({ email: 'prepared@example.com', plan: 'bench' });
  m.data.addEvent({ event_id: 101, sport_id: 29, runner_home: 'Harbor City', runner_away: 'Northfield', minute: -120 });
  return m;
});
// The parent never saw any of it.
const parentLeaks = parent.faults.list().length + (parent.accounts()[0]?.keys.length === 1 ? 0 : 1) + parent.ledger()[0]!.charges.length;
const heap = (r: { heapMiB: number }) => (gc ? `${r.heapMiB.toFixed(1)} MiB of heap held at the end` : 'heap: run with --expose-gc');
console.log(
  `${TESTS} concurrent tests on forks:       ${onForks.ms.toFixed(0)} ms, ${heap(onForks)}, leaks ${onForks.leaks + parentLeaks}`,
);
console.log(`${TESTS} concurrent tests on fresh mocks: ${onFresh.ms.toFixed(0)} ms, ${heap(onFresh)}, leaks ${onFresh.leaks}`);
console.log(`forks/fresh: time ${(onForks.ms / onFresh.ms).toFixed(2)}, heap ${(onForks.heapMiB / onFresh.heapMiB).toFixed(2)}`);
