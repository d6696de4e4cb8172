import { describe, expect, it } from 'vitest';
import type { MockService } from '../../mocks';
import { CoordinatorError, type SportsOdds } from '../../src';
import { redisCoordinator } from '../../src/redis';
import { startRedisCluster, useTopology } from '../helpers/redis-topologies';
import { chargesOf, useMockServer } from '../sdk/mock-setup';
import { clientOn, freshNamespace, landedCredits, SECRET } from './redis-fleet';

// A 3-master Redis Cluster, each master with a replica; the tests move or kill the namespace's master.
const newMock = useMockServer();
const cluster = useTopology(() => startRedisCluster({ replicas: 1 }));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each call reserves this much (the route's envelope) and is charged 3. */
const ENVELOPE = 25;
/** The demo account's plan (pro): 20 requests a second, judged by the mock on its running clock. */
const RATE = 20;

/**
 * Three SDK clients of one namespace, each on its own Cluster client (connected and synced with
 * Redis's clock first), each with eight calls at a time in a loop until `stop()`: most calls wait
 * for one of the plan's slots, never sent.
 */
async function runFleet(mock: MockService, namespace: string, timeoutMs: number) {
  const state = { inFlight: 0, answered: 0, running: true, failures: [] as unknown[] };
  const client = () => {
    // As docs/scaling.md advises: a broken connection is reported at once, not queued.
    const redis = cluster.connect({ maxRetriesPerRequest: 1 });
    const coordinator = redisCoordinator({ redis, namespace, secret: SECRET, timeoutMs, leaseMs: 1000, onWarning: () => undefined });
    return clientOn(mock, coordinator, {
      rateLimit: { requestsPerSecond: RATE },
      budget: { maxCredits: 100_000 },
      hooks: { beforeRequest: [() => void (state.inFlight += 1)], afterResponse: [() => void (state.inFlight -= 1)] },
    });
  };
  const fleet = [client(), client(), client()];
  for (const odds of fleet) await odds.readCredits();
  const loops = fleet.flatMap((odds) =>
    Array.from({ length: 8 }, async () => {
      while (state.running) {
        await odds.catalog.sports().then(
          () => void (state.answered += 1),
          (error: unknown) => void state.failures.push(error),
        );
      }
    }),
  );
  return {
    state,
    /** Ends the loops, waits for the releases and settlements to land; the fleet's credits as Redis counts them. */
    stop: async () => {
      state.running = false;
      await Promise.all(loops);
      return await landedCredits(fleet[0] as SportsOdds);
    },
  };
}

describe('a fleet on a Redis Cluster with replicas', () => {
  it("goes on through a migration of its namespace's slot held open 3 s, then moved: not one call fails, charged = counted, no 429", async () => {
    const topology = cluster.get();
    const mock = newMock();
    // The mock's rate window runs on its clock: let it run, so that a second with more than the rate draws a 429.
    mock.clock.resume();
    const namespace = freshNamespace('cluster-migration');
    const key = `sod:{${namespace}}:state`;
    // The default timeout: a call that meets the keys split between two masters waits out a TRYAGAIN (100 ms).
    const run = await runFleet(mock, namespace, 1000);
    await sleep(700);
    const migration = topology.beginMigration(key);
    const answeredBefore = run.state.answered;
    await sleep(3000);
    const answeredWhileHeld = run.state.answered - answeredBefore;
    await migration.finish();
    expect(topology.masterOf(key)).toBe(migration.to);
    const answeredBeforeMove = run.state.answered;
    await sleep(1000);
    const answeredAfterMove = run.state.answered - answeredBeforeMove;
    const counted = await run.stop();
    // At most a redirect: the calls went on while the slot was migrating, and after it moved.
    expect(run.state.failures).toEqual([]);
    expect(answeredWhileHeld).toBeGreaterThan(0);
    expect(answeredAfterMove).toBeGreaterThan(0);
    expect(counted.reserved).toBe(0);
    expect(counted.spent).toBe(chargesOf(mock).charged);
    expect(mock.requests().filter((r) => r.status === 429)).toEqual([]);
  }, 60_000);

  it('recovers on the promoted replica when the master of its namespace is killed mid-run; charged and counted agree within the envelopes of the calls in flight at the failure; no 429', async () => {
    const topology = cluster.get();
    const mock = newMock();
    mock.clock.resume();
    const namespace = freshNamespace('cluster-failover');
    const key = `sod:{${namespace}}:state`;
    const run = await runFleet(mock, namespace, 400);
    await sleep(1000);
    const answeredBefore = run.state.answered;
    const inFlightAtFailure = run.state.inFlight;
    const killed = topology.killMasterOf(key);
    await topology.failedOver(key, killed);
    expect(topology.masterOf(key)).not.toBe(killed);
    const answeredAtFailover = run.state.answered;
    await sleep(2000);
    const answeredAfter = run.state.answered - answeredAtFailover;
    const counted = await run.stop();
    const charged = chargesOf(mock).charged;
    expect(answeredBefore).toBeGreaterThan(0);
    // Recovered: calls went on after the failover, and the failures in between were the coordinator's (nothing sent).
    expect(answeredAfter).toBeGreaterThan(0);
    expect(run.state.failures.length).toBeGreaterThan(0);
    for (const failure of run.state.failures) expect(failure).toBeInstanceOf(CoordinatorError);
    expect(counted.reserved).toBe(0);
    expect(Math.abs(counted.spent - charged)).toBeLessThanOrEqual(ENVELOPE * inFlightAtFailure);
    // No second of the mock's clock saw more than the plan's rate.
    expect(mock.requests().filter((r) => r.status === 429)).toEqual([]);
  }, 60_000);
});
