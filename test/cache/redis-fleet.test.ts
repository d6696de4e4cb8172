// Real processes sharing answers through a Redis coordinator (issue 32, docs/caching.md "A fleet"),
// against the standalone mock: N processes asking the same answers at once pay once per answer; a
// process killed while it fetches for the others does not hold them past the wait; Redis stopped
// mid-run leaves calls uncached, never failed; a process whose clock is hours off neither serves
// an answer past its maxAge nor misses a fresh one; a clear in one process clears the fleet's.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../mocks/server/node';
import { SportsOdds } from '../../src';
import { buildWorker, removeWorkerBundle } from '../fleet/harness';
import { useRedisServer } from '../helpers/redis-server';
import { forkAnswerWorker, type AnswerChild } from './children/answer-fleet';
import type { AnswerWorkerConfig } from './children/answer-worker';

const redis = useRedisServer();
const answersRedis = useRedisServer();
const FAST = { slug: 'fast', name: 'Fast', periodCredits: 1e9, periodDays: 30, dailyCredits: 1e9, rateLimitRps: 1e6 };
const HOUR = 3_600_000;
let bundle = '';
let server: MockServer;
/** The same mock's data behind 2.5 s of latency: fetches that last while the others ask, even on a loaded machine. */
let slow: MockServer;
let accounts = 0;

beforeAll(async () => {
  [bundle, server, slow] = await Promise.all([
    buildWorker('test/cache/children/answer-worker.ts'),
    startMockServer({ port: 0, plans: { fast: FAST } }),
    startMockServer({ port: 0, plans: { fast: FAST }, latencyMs: 2_500 }),
  ]);
}, 60_000);
afterAll(async () => {
  removeWorkerBundle(bundle);
  await Promise.all([server?.close(), slow?.close()]);
});

/** A fresh account on `mock`, its 10 first events, its charges, and the config of its processes. */
async function account(mock: MockServer = server) {
  const n = (accounts += 1);
  const email = `answers-${n}@example.com`;
  const { apiKey } = await mock.mock.createAccount({ email, plan: 'fast' });
  const lister = new SportsOdds({ apiKey, baseUrl: mock.url, logLevel: 'off', cache: false, coalesce: false });
  const events = (await lister.events.list({ limit: 10 })).map((e) => e.event_id as number);
  const charges = () => (mock.mock.ledger().find((e) => e.email === email)?.charges.length ?? 0) - 1;
  const config = (over: Partial<AnswerWorkerConfig> = {}): AnswerWorkerConfig => ({
    baseUrl: mock.url,
    apiKey,
    redisUrl: redis.url,
    answersUrl: null,
    namespace: `answers-${process.pid}-${n}`,
    skewMs: 0,
    waitMs: null,
    rate: null,
    fleet: true,
    sendAll: false,
    ...over,
  });
  return { events, charges, config };
}

const child = (config: AnswerWorkerConfig) => forkAnswerWorker(bundle, config);
const closeAll = (children: AnswerChild[]) => Promise.all(children.map((c) => c.close()));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a fleet sharing its answers in Redis', () => {
  it('4 processes asking the same 10 answers at once pay exactly 10: one fetches each, the others are served its answer', async () => {
    const { events, charges, config } = await account(slow);
    const children = await Promise.all([0, 1, 2, 3].map(() => child(config())));
    try {
      // events.odds is not cached by default: the 40 calls share the 10 fetches in flight.
      const served = (await Promise.all(children.map((c) => c.ask(events)))).flat();
      expect(charges()).toBe(10);
      expect(served.filter((s) => s.kind === 'sent')).toHaveLength(10);
      expect(served.filter((s) => s.kind === 'shared')).toHaveLength(30);
      for (const event of events) {
        const ofEvent = served.filter((s) => s.event === event);
        // Every process got the answer of the one request sent for it, charged 0 but to the sender.
        expect(new Set(ofEvent.map((s) => s.requestId)).size).toBe(1);
        expect(ofEvent.filter((s) => s.cost > 0)).toHaveLength(1);
      }
      // The credits they did not pay are counted, in the stats and the ledger of each process.
      const stats = await Promise.all(children.map((c) => c.stats()));
      const saved = stats.reduce((sum, s) => sum + s.stats.creditsSaved, 0);
      expect(saved).toBe(served.filter((s) => s.kind === 'shared').length * (served.find((s) => s.cost > 0)?.cost ?? 0));
      expect(stats.reduce((sum, s) => sum + (s.saved ?? 0), 0)).toBe(saved);
      // Without the fleet's store (answers: false), each process pays its own.
      const alone = await Promise.all([0, 1, 2, 3].map(() => child(config({ fleet: false, namespace: `${config().namespace}-alone` }))));
      await Promise.all(alone.map((c) => c.ask(events)));
      expect(charges()).toBe(10 + 40);
      await closeAll(alone);
    } finally {
      await closeAll(children);
    }
  }, 60_000);

  it("with a maxAge, processes asking later are served the fleet's answer from Redis: still 10 paid", async () => {
    const { events, charges, config } = await account();
    const children = await Promise.all([0, 1, 2, 3].map(() => child(config())));
    try {
      const first = await children[0]!.ask(events, 60_000);
      expect(first.every((s) => s.kind === 'sent')).toBe(true);
      const later = (await Promise.all(children.map((c) => c.ask(events, 60_000)))).flat();
      expect(later.every((s) => s.kind === 'hit')).toBe(true);
      expect(charges()).toBe(10);
    } finally {
      await closeAll(children);
    }
  }, 60_000);

  it('a process killed while it fetches for the others leaves them waiting no longer than waitMs: they fetch themselves', async () => {
    const { events, charges, config } = await account(slow);
    const waitMs = 1_500;
    const [fetcher, other] = await Promise.all([child(config({ waitMs })), child(config({ waitMs }))]);
    try {
      const event = events[0] as number;
      void fetcher.ask([event]).catch(() => undefined);
      // The fetcher holds the claim while its request is at the mock (2.5 s of latency).
      const probe = new Redis(redis.url);
      try {
        await expect
          .poll(() => probe.keys(`sod:{${config().namespace}}:answer-claim:*`), { timeout: 10_000, interval: 10 })
          .toHaveLength(1);
      } finally {
        await probe.quit();
      }
      const asked = other.ask([event]);
      await sleep(100);
      fetcher.proc.kill('SIGKILL');
      const [served] = await asked;
      // The rule under test is a bound: it waited at most waitMs (plus a poll and a loaded machine's lag) before sending its own.
      expect(served!.kind).toBe('sent');
      expect(served!.requestAt! - served!.startedAt).toBeLessThan(waitMs + 1_000);
      expect(charges()).toBeGreaterThanOrEqual(1);
    } finally {
      await closeAll([fetcher, other]);
    }
  }, 60_000);

  it('Redis stopped mid-run: calls go on uncached and none fails; cached again once it is back', async () => {
    const { events, config } = await account();
    const children = await Promise.all([0, 1, 2, 3].map(() => child(config({ answersUrl: answersRedis.url }))));
    try {
      const runs = children.map((c) => c.loop(4, 5, events, 500));
      await sleep(1_000);
      await answersRedis.stop();
      // Uncached: the same 10 answers asked twice by one process are never hits (sent, or shared with its own users' calls in flight).
      const [first, second] = [await children[0]!.ask(events, 60_000), await children[0]!.ask(events, 60_000)];
      expect([...first, ...second].filter((s) => s.kind === 'hit')).toEqual([]);
      await answersRedis.start();
      const stats = await Promise.all(runs);
      for (const s of stats) expect(s.failed).toEqual({});
      expect(stats.every((s) => s.calls > 0)).toBe(true);
      // Back (after the second the cache leaves a failing Redis alone): answers are shared again.
      await sleep(1_100);
      await children[1]!.ask(events, 60_000);
      const again = await children[2]!.ask(events, 60_000);
      expect(again.map((s) => s.kind)).toEqual(Array(10).fill('hit'));
    } finally {
      await closeAll(children);
    }
  }, 60_000);

  it("a process whose clock is 7 hours behind, another 3 minutes ahead: ages on Redis's clock, maxAge holds across them", async () => {
    const { events, charges, config } = await account();
    const [behind, ahead] = await Promise.all([child(config({ skewMs: -7 * HOUR })), child(config({ skewMs: 3 * 60_000 }))]);
    try {
      const maxAge = 2_000;
      const [fetched] = await behind.ask([events[0] as number], maxAge);
      const [hit] = await ahead.ask([events[0] as number], maxAge);
      expect(fetched!.kind).toBe('sent');
      expect(hit!.kind).toBe('hit');
      // Never younger than it truly is (it was sent before the fetch resolved), and under maxAge.
      expect(hit!.ageMs).toBeGreaterThanOrEqual(hit!.startedAt - fetched!.endedAt);
      expect(hit!.ageMs).toBeLessThan(maxAge);
      expect(hit!.requestId).toBe(fetched!.requestId);
      // Once truly as old as maxAge, neither process is served it.
      await sleep(Math.max(0, fetched!.requestAt! + maxAge - Date.now()));
      const [late] = await ahead.ask([events[0] as number], maxAge);
      expect(late!.kind).toBe('sent');
      const [back] = await behind.ask([events[0] as number], maxAge);
      expect(back!.kind).toBe('hit');
      expect(back!.requestId).toBe(late!.requestId);
      expect(charges()).toBe(2);
    } finally {
      await closeAll([behind, ahead]);
    }
  }, 60_000);
});
