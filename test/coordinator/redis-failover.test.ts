import { describe, expect, it } from 'vitest';
import type { SportsOdds } from '../../src';
import { redisCoordinator } from '../../src/redis';
import { startRedisSentinel, useTopology } from '../helpers/redis-topologies';
import { chargesOf, useMockServer } from '../sdk/mock-setup';
import { clientOn, freshNamespace, landedCredits, SECRET } from './redis-fleet';

const newMock = useMockServer();
const sentinel = useTopology(startRedisSentinel, 30_000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each call reserves this much (the route's envelope) and is charged 3. */
const ENVELOPE = 25;

describe('a fleet behind Sentinel whose primary is killed mid-run', () => {
  it('counts what the service charged, within the envelopes of the calls in flight at the failure: no phantom spend of calls never sent', async () => {
    const topology = sentinel.get();
    const mock = newMock();
    const namespace = freshNamespace('failover');
    let inFlight = 0;
    let inFlightAtFailure = -1;
    const client = () => {
      // As docs/scaling.md advises: a broken connection is reported at once, not queued.
      const redis = sentinel.connect({ maxRetriesPerRequest: 1 });
      const coordinator = redisCoordinator({ redis, namespace, secret: SECRET, timeoutMs: 400, leaseMs: 1000, onWarning: () => undefined });
      return clientOn(mock, coordinator, {
        rateLimit: { requestsPerSecond: 10 },
        budget: { maxCredits: 100_000 },
        hooks: { beforeRequest: [() => void (inFlight += 1)], afterResponse: [() => void (inFlight -= 1)] },
      });
    };
    const fleet = [client(), client(), client()];
    let running = true;
    let failed = 0;
    // Eight calls at a time per client: most of them wait for one of the 10 slots, never sent.
    const loops = fleet.flatMap((odds) =>
      Array.from({ length: 8 }, async () => {
        while (running) await odds.catalog.sports().catch(() => void (failed += 1));
      }),
    );
    await sleep(800);
    inFlightAtFailure = inFlight;
    topology.killPrimary();
    await topology.failedOver();
    await sleep(1500);
    running = false;
    await Promise.all(loops);
    // Releases and settlements land; what lapsed is refunded when they do.
    const counted = await landedCredits(fleet[0] as SportsOdds);
    const charged = chargesOf(mock).charged;
    expect(failed).toBeGreaterThan(0);
    expect(counted.reserved).toBe(0);
    expect(charged).toBeGreaterThan(0);
    expect(Math.abs(counted.spent - charged)).toBeLessThanOrEqual(ENVELOPE * inFlightAtFailure);
  }, 40_000);
});
