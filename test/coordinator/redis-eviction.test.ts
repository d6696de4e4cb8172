import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { BudgetExceededError, CoordinatorError } from '../../src';
import { redisCoordinator } from '../../src/redis';
import { useRedisServer } from '../helpers/redis-server';
import { chargesOf, useMockServer } from '../sdk/mock-setup';
import { clientOn, freshNamespace, SECRET, useRedisFleet } from './redis-fleet';

const server = useRedisServer();
const fleet = useRedisFleet(server);
const newMock = useMockServer();

afterEach(async () => {
  const raw = fleet.inspector();
  await raw.config('SET', 'maxmemory', '0');
  await raw.config('SET', 'maxmemory-policy', 'noeviction');
  await raw.flushall();
});

const usedMemory = async (raw: Redis): Promise<number> => Number(/used_memory:(\d+)/.exec(await raw.info('memory'))?.[1]);
const evictedKeys = async (raw: Redis): Promise<number> => Number(/evicted_keys:(\d+)/.exec(await raw.info('stats'))?.[1]);

/** The demo account's plan (pro): 20 requests a second, judged by the mock on its running clock. */
const RATE = 20;

/**
 * Another program on the same Redis: it writes 4 KB keys, `ttl` ms each (none when undefined), 200 at
 * a time, until `done()` or 40,000 keys.
 */
async function filler(raw: Redis, ttl: number | undefined, done: () => boolean): Promise<void> {
  const value = 'x'.repeat(4096);
  for (let i = 0; i < 40_000 && !done(); i += 200) {
    const batch = raw.pipeline();
    for (let j = 0; j < 200; j += 1) {
      if (ttl === undefined) batch.set(`filler:${i + j}`, value);
      else batch.set(`filler:${i + j}`, value, 'PX', ttl);
    }
    await batch.exec();
  }
}

describe('a fleet whose Redis evicts under maxmemory while another program writes', () => {
  // volatile-ttl evicts the keys nearest their expiry first, volatile-lru the least recently used.
  for (const policy of ['volatile-lru', 'volatile-ttl']) {
    it(`under ${policy}, with the other program's keys carrying TTLs, never loses its own: maxCredits holds as charged, no 429, charged = counted`, async () => {
      const raw = fleet.inspector();
      await raw.config('SET', 'maxmemory', String((await usedMemory(raw)) + 2_000_000));
      await raw.config('SET', 'maxmemory-policy', policy);
      const mock = newMock();
      // The mock's rate window runs on its clock: let it run, so that a second with more than the rate draws a 429.
      mock.clock.resume();
      const namespace = freshNamespace(policy);
      const warnings: string[] = [];
      const maxCredits = 150;
      const client = () =>
        clientOn(
          mock,
          redisCoordinator({ redis: fleet.client(), namespace, secret: SECRET, onWarning: (m) => warnings.push(m), leaseMs: 1000 }),
          { rateLimit: { requestsPerSecond: RATE }, budget: { maxCredits } },
        );
      const odds = [client(), client()];
      const failures: unknown[] = [];
      let refused = 0;
      // Four calls at a time per client, each until the shared budget refuses it (3 credits a call, 25 reserved).
      const loops = odds.flatMap((o) =>
        Array.from({ length: 4 }, async () => {
          for (let i = 0; i < 200; i += 1) {
            try {
              await o.catalog.sports();
            } catch (error) {
              if (error instanceof BudgetExceededError) {
                refused += 1;
                return;
              }
              failures.push(error);
            }
          }
        }),
      );
      let running = true;
      const filling = filler(raw, 3_600_000, () => !running);
      await Promise.all(loops);
      running = false;
      await filling;
      const charged = chargesOf(mock).charged;
      // The policy did evict (the other program's keys): the test saw Redis under pressure.
      expect(await evictedKeys(raw)).toBeGreaterThan(0);
      expect(failures).toEqual([]);
      expect(refused).toBe(8);
      expect(charged).toBeLessThanOrEqual(maxCredits);
      // 150 - 3n < 25 from n = 42 on: the fleet spends exactly that.
      expect(charged).toBe(126);
      expect(await odds[0]!.readCredits()).toMatchObject({ spent: charged, reserved: 0 });
      expect(mock.requests().filter((r) => r.status === 429)).toEqual([]);
      // Nothing to warn of: this policy cannot evict the fleet's keys.
      expect(warnings).toEqual([]);
    }, 60_000);
  }

  it('on a Redis full of keys that never expire (nothing to evict): calls go on, a write that would begin a script is refused (OOM) whole', async () => {
    const raw = fleet.inspector();
    await raw.config('SET', 'maxmemory', String((await usedMemory(raw)) + 2_000_000));
    await raw.config('SET', 'maxmemory-policy', 'volatile-lru');
    const mock = newMock();
    const coordinator = redisCoordinator({
      redis: fleet.client(),
      namespace: freshNamespace('oom'),
      secret: SECRET,
      onWarning: () => undefined,
    });
    const odds = clientOn(mock, coordinator, { rateLimit: { requestsPerSecond: RATE }, budget: { maxCredits: 1000 } });
    await odds.catalog.sports();
    await filler(raw, undefined, () => false);
    await raw.config('SET', 'maxmemory', String((await usedMemory(raw)) - 100_000));
    const before = await raw.hgetall(`sod:{${coordinator.name.slice('redis:'.length)}}:state`);
    // Sharing the rate writes first: Redis refuses the script before it changed anything.
    const refused = await coordinator.rate.share(5).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(CoordinatorError);
    expect((refused as CoordinatorError).message).toContain('OOM');
    expect(await raw.hgetall(`sod:{${coordinator.name.slice('redis:'.length)}}:state`)).toEqual(before);
    // An admission and a settlement prune first, and Redis lets a script that wrote go on: the budget holds as charged.
    await odds.catalog.sports();
    expect(await odds.readCredits()).toMatchObject({ spent: 6, reserved: 0 });
    expect(chargesOf(mock).charged).toBe(6);
  }, 60_000);
});
