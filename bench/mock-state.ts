/**
 * Snapshots and forks of the mock (docs/testing.md, "Snapshots and forks"), in one process:
 * - `snapshot()` + `restore()` of the default state and of a state after 10,000 requests (medians);
 * - `fork()` of a prepared mock against `createMockService()` with the same set-up, and bare (each until its first answer,
 *   medians of 50 in four rounds taking turns);
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
const loadedText = JSON.stringify(mock.snapshot());
const loadedBytes = loadedText.length;
// A document from a file or PUT /__admin/state: parsed and checked as it is restored.
const fromText = await timed(20, () => mock.restore(JSON.parse(loadedText)));
console.log(
  `snapshot()+restore(), default state:        ${defaultCycle.toFixed(3)} ms (median of 200; ${(defaultBytes / 1024).toFixed(1)} KiB of JSON)`,
);
console.log(`restore() after 10,000 requests, from JSON text (parsed and checked): ${fromText.toFixed(3)} ms (median of 20)`);
console.log(
  `snapshot()+restore(), after 10,000 requests: ${loadedCycle.toFixed(3)} ms (snapshot() alone ${loadedSnapshot.toFixed(3)} ms; median of 50; ${(loadedBytes / 1024).toFixed(1)} KiB of JSON)`,
);

// 2. fork() against createMockService(), each until its first answer.
/** The set-up every test of a suite shares: 5 accounts, 10 added events with a price timeline of 60 steps each. */
async function setUp(m: MockService): Promise<void> {
  m.clock.freeze();
  for (let a = 0; a < 5; a++) await m.createAccount({ email: `prepared-${a}@example.com`, plan: 'bench' });
  for (let e = 0; e < 10; e++) {
    const prices = Array.from({ length: 60 }, (_, i) => ({ at: -600 + i * 10, odds: [2 + i / 100, 3.4, 3.6 - i / 100] }));
    m.data.addEvent({
      event_id: 101 + e,
      sport_id: 29,
      runner_home: `Home ${e}`,
      runner_away: `Away ${e}`,
      minute: -120,
      markets: [{ market: 'moneyline', prices }],
    });
  }
}
const parent = fresh();
await parent.ready;
await setUp(parent);
const firstAnswer = async (m: MockService) => (await get(m, '/v1/catalog/sports')).arrayBuffer();
/** A new mock set up as the parent was: what a test without forks makes for itself. */
const prepared = async () => {
  const m = fresh();
  await setUp(m);
  return m;
};
let forkMs = 0;
let newMs = 0;
let preparedMs = 0;
// Taking turns, so that each side meets the same state of the process.
for (let round = 0; round < 4; round++) {
  forkMs += await timed(50, () => firstAnswer(parent.fork()));
  newMs += await timed(50, () => firstAnswer(fresh()));
  preparedMs += await timed(50, async () => firstAnswer(await prepared()));
}
console.log(`fork() of a prepared mock (5 accounts, 10 priced events): ${(forkMs / 4).toFixed(3)} ms to its first answer`);
console.log(
  `createMockService(), the same set-up made again:         ${(preparedMs / 4).toFixed(3)} ms; fork/new = ${(forkMs / preparedMs).toFixed(2)}`,
);
console.log(
  `createMockService(), bare:                                ${(newMs / 4).toFixed(3)} ms; fork/bare = ${(forkMs / newMs).toFixed(2)}`,
);

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
  // What the 500 mocks hold while still referenced, garbage collected first.
  gc?.();
  const heapMiB = (process.memoryUsage().heapUsed - heapBefore) / 1_048_576;
  mocks.length = 0;
  return { ms, heapMiB, leaks: results.reduce((a, b) => a + b, 0) };
}

const onForks = await suite(() => parent.fork());
const onFresh = await suite(prepared);
// The parent never saw any of it.
const parentLeaks =
  parent.faults.list().length +
  (parent.accounts()[0]?.keys.length === 1 ? 0 : 1) +
  parent.ledger().reduce((n, e) => n + e.charges.length, 0);
const heap = (r: { heapMiB: number }) => (gc ? `${r.heapMiB.toFixed(1)} MiB of heap held by the 500 mocks` : 'heap: run with --expose-gc');
console.log(
  `${TESTS} concurrent tests on forks:       ${onForks.ms.toFixed(0)} ms, ${heap(onForks)}, leaks ${onForks.leaks + parentLeaks}`,
);
console.log(`${TESTS} concurrent tests on fresh mocks: ${onFresh.ms.toFixed(0)} ms, ${heap(onFresh)}, leaks ${onFresh.leaks}`);
console.log(`forks/fresh: time ${(onForks.ms / onFresh.ms).toFixed(2)}, heap ${(onForks.heapMiB / onFresh.heapMiB).toFixed(2)}`);
