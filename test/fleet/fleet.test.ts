// Worker processes of one account sharing a Redis coordinator against the standalone mock, as a
// fleet runs: the plan's rate, a shared budget, a worker killed mid-call, a rotation, Redis stopped.
// The mock runs on a clock five days behind the machine's, as a service's clock may differ from
// its clients'. Throughput is measured by bench/fleet.ts, not asserted here.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../mocks/server/node';
import { SportsOdds } from '../../src';
import { redisCoordinator } from '../../src/redis';
import { newGate } from '../helpers/gate';
import { useRedisServer } from '../helpers/redis-server';
import { buildWorker, busiestSecond, forkFleet, forkWorker, removeWorkerBundle, total, type Worker } from './harness';
import type { WorkerConfig } from './worker';

// Persistent (an append-only file synced at each write): the outage below is a stop and a restart that
// keep the record; a restart that loses it fails closed (test/coordinator/redis-lost.test.ts).
const redis = useRedisServer({ persistent: true });
const SECRET = 'fleet-test-secret-0123456789abcdef0123456789';
const FAST = { slug: 'fast', name: 'Fast', periodCredits: 1e9, periodDays: 30, dailyCredits: 1e9, rateLimitRps: 1e6 };
const ONE = { slug: 'one', name: 'One per second', periodCredits: 1e9, periodDays: 30, dailyCredits: 1e9, rateLimitRps: 1 };
let bundle = '';
let server: MockServer;
let accounts = 0;

beforeAll(async () => {
  [bundle, server] = await Promise.all([
    buildWorker(),
    startMockServer({ port: 0, now: new Date(Date.now() - 5 * 86_400_000), plans: { fast: FAST, one: ONE } }),
  ]);
}, 60_000);
afterAll(async () => {
  removeWorkerBundle(bundle);
  await server.close();
});

/** A fresh account of the mock (its own windows and request health) and a namespace of its own. */
async function account(plan: string): Promise<{ email: string; apiKey: string; config: (over?: Partial<WorkerConfig>) => WorkerConfig }> {
  const n = (accounts += 1);
  const { email, apiKey } = await server.mock.createAccount({ email: `fleet-${n}@example.com`, plan });
  const config = (over: Partial<WorkerConfig> = {}): WorkerConfig => ({
    baseUrl: server.url,
    apiKey,
    redisUrl: redis.url,
    namespace: `fleet-${process.pid}-${n}`,
    secret: SECRET,
    rate: null,
    maxCredits: null,
    leaseMs: null,
    timeout: 10_000,
    ...over,
  });
  return { email, apiKey, config };
}

/** The mock's answers to an account, from its activity log. */
const answersOf = (email: string) => server.mock.requests().filter((r) => r.account === email);
const closeAll = (workers: Worker[]) => Promise.all(workers.map((w) => w.close()));
/**
 * When the mock answered an account's calls of the workers' route (ms on the mock's clock): the service is the judge
 * of a rate. A slot is taken again only a window after the call it held settled, which is after the mock answered
 * it, so two answers of one slot are more than a second apart on any clock that runs at the machine's rate.
 */
const answeredAt = (email: string, after = Number.NEGATIVE_INFINITY) =>
  answersOf(email)
    .filter((r) => r.route === 'catalog.leagues' && r.status === 200)
    .map((r) => Date.parse(r.at))
    .filter((at) => at > after);

describe('a fleet of worker processes on one account', () => {
  it("never draws 429 rate_limited at the plan's rate, and fills its seconds up to the rate", async () => {
    const { email, config } = await account('pro');
    const workers = await forkFleet(bundle, 8, config({ rate: 'account' }));
    const stats = total(await Promise.all(workers.map((w) => w.run(4, 4))));
    await closeAll(workers);
    expect(stats.failed).toEqual({});
    expect(stats.statuses['429']).toBeUndefined();
    expect(answersOf(email).filter((r) => r.status === 429)).toEqual([]);
    // At most 20 in any second, and 20 in its busiest: pacing, not starvation (in the mock's record, not the workers' clocks).
    expect(answeredAt(email)).toHaveLength(stats.ok);
    expect(busiestSecond(answeredAt(email))).toBe(20);
  }, 60_000);

  it('keeps a shared maxCredits for all of them together: the mock charges no more', async () => {
    const { email, config } = await account('fast');
    const workers = await forkFleet(bundle, 8, config({ maxCredits: 300 }));
    const runs = workers.map((w) => w.run(60, 4));
    const charged = () => server.mock.ledger().find((e) => e.email === email)?.charged ?? 0;
    // Each call reserves 25 credits and costs 1: calls are admitted until 25 no longer fit, at 276 spent.
    await expect.poll(charged, { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(276);
    // Every worker is refused by the shared budget (refusals cost nothing) before the run ends; whatever could still
    // slip through is in flight then, and ends before the runs resolve.
    await Promise.all(workers.map((w) => w.failedWith('BudgetExceededError')));
    for (const w of workers) w.stop();
    const stats = total(await Promise.all(runs));
    await closeAll(workers);
    expect(charged()).toBe(276);
    expect(stats.ok).toBe(276);
    expect(Object.keys(stats.failed)).toEqual(['BudgetExceededError']);
  }, 60_000);

  it('frees the slot of a worker killed in the middle of a call within the lease, counting its reservation as spent', async () => {
    const { email, config } = await account('one');
    const leaseMs = 1_500;
    const gate = newGate();
    server.mock.faults.inject({ route: 'catalog.leagues', hold: gate.opened });
    const [doomed, other] = (await forkFleet(bundle, 2, config({ rate: 1, maxCredits: 1_000, leaseMs }))) as [Worker, Worker];
    const dying = doomed.run(30, 1, 1).catch(() => undefined);
    await expect.poll(() => server.mock.ledger().find((e) => e.email === email)?.reserved ?? 0).toBe(25);
    // The dead call's lease runs from its admission, which came before its reservation was seen here.
    const reservationSeen = performance.now();
    doomed.kill();
    await dying;
    // Its only slot (rate 1) is held by the dead worker's call: the other gets one when the lease lapses.
    const stats = await other.run(30, 1, 1);
    const sinceReservation = performance.now() - reservationSeen;
    gate.open();
    await other.close();
    expect(stats.ok).toBe(1);
    expect(stats.failed).toEqual({});
    // Never before the lease lapses: from the reservation seen to the other's answer (a loaded machine only adds to it).
    expect(sinceReservation).toBeGreaterThan(leaseMs - 200);
    expect(stats.waits[0]).toBeLessThan(leaseMs + 1_000 + 3_000);
    // What the coordinator counts: the dead call's whole envelope (the service may have charged it) and the other's cost.
    expect(stats.spent).toBe(25 + 1);
  }, 60_000);

  it('follows a rotation made by one worker with every other, with no failed call', async () => {
    const { email, config } = await account('pro');
    const workers = await forkFleet(bundle, 4, config({ rate: 20 }));
    const runs = workers.map((w) => w.run(4, 2));
    await Promise.all(workers.map((w) => w.started()));
    // Calls are being answered when the rotation starts.
    await expect.poll(() => answeredAt(email).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const rotated = await (workers[0] as Worker).rotate();
    const stats = await Promise.all(runs);
    await closeAll(workers);
    expect(rotated.ok).toBe(true);
    expect(total(stats).failed).toEqual({});
    // Every worker sent with the new key after the rotation; the account keeps that one key only.
    for (const s of stats) expect(s.keyPrefixes).toContain(rotated.prefix);
    // Each process was told of the rotation once, though its two loops' calls may each have met it.
    expect(stats.map((s) => s.rotationsTold)).toEqual([1, 1, 1, 1]);
    const keys = server.mock.accounts().find((a) => a.email === email)?.keys ?? [];
    expect(keys.filter((k) => k.status === 'active').map((k) => k.prefix)).toEqual([rotated.prefix]);
  }, 60_000);

  it('refuses calls with CoordinatorError while Redis is down, sends nothing past the rate, and goes on when it is back', async () => {
    const { email, config } = await account('pro');
    const workers = await forkFleet(bundle, 4, config({ rate: 20 }));
    // Long enough for any machine: the run is ended by the test once calls went through after the outage.
    const runs = workers.map((w) => w.run(60, 2));
    await Promise.all(workers.map((w) => w.started()));
    // Calls went through before the outage...
    await expect.poll(() => answeredAt(email).length, { timeout: 10_000 }).toBeGreaterThan(0);
    await redis.stop();
    // ...every worker was refused while Redis was down...
    await Promise.all(workers.map((w) => w.failedWith('CoordinatorError')));
    const restarted = server.mock.clock.now();
    await redis.start();
    // ...and calls went through after it.
    await expect.poll(() => answeredAt(email, restarted).length, { timeout: 30_000 }).toBeGreaterThan(0);
    for (const w of workers) w.stop();
    const stats = total(await Promise.all(runs));
    await closeAll(workers);
    expect(Object.keys(stats.failed)).toEqual(['CoordinatorError']);
    expect(stats.statuses['429']).toBeUndefined();
    expect(answersOf(email).filter((r) => r.status === 429)).toEqual([]);
    expect(busiestSecond(answeredAt(email))).toBeLessThanOrEqual(20);
  }, 60_000);
});

describe("'account' pacing in a fleet", () => {
  it('takes the rate a worker with account:manage shared, for workers whose key cannot read the account', async () => {
    const { email, apiKey, config } = await account('pro');
    const reader = await server.mock.createKey(email, { name: 'reader', scopes: ['data:read'] });
    // The manager learns the plan's rate (and shares it) before the readers start.
    const client = new Redis(redis.url);
    const manager = new SportsOdds({
      apiKey,
      baseUrl: server.url,
      logLevel: 'off',
      rateLimit: { requestsPerSecond: 'account' },
      coordinator: redisCoordinator({ redis: client, namespace: config().namespace, secret: SECRET }),
    });
    await manager.catalog.sports();
    client.disconnect();
    const workers = await forkFleet(bundle, 3, config({ apiKey: reader.apiKey, rate: 'account' }));
    const stats = total(await Promise.all(workers.map((w) => w.run(3, 4))));
    await closeAll(workers);
    expect(stats.failed).toEqual({});
    expect(stats.statuses['403']).toBeUndefined();
    // The pro plan's 20 in a second, not the lowest plan's 2.
    expect(busiestSecond(answeredAt(email))).toBe(20);
  }, 60_000);
});

describe('the harness', () => {
  it('reports what a worker that cannot reach the service saw', async () => {
    const { config } = await account('pro');
    const worker = await forkWorker(bundle, config({ baseUrl: 'http://127.0.0.1:9' }));
    const stats = await worker.run(1, 1, 1);
    await worker.close();
    expect(stats.failed).toEqual({ ConnectionError: 1 });
  }, 30_000);
});
