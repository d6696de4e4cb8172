import { afterEach, describe, expect, it } from 'vitest';
import { SportsOddsError } from '../../src/core/errors/base';
import { CoordinatorStateLostError } from '../../src/core/errors/coordinator';
import { BudgetExceededError } from '../../src/core/errors/local';
import type { RedisCoordinator } from '../../src/redis';
import { useRedisServer } from '../helpers/redis-server';
import { metered, rejection, request } from './contract';
import { freshNamespace, useRedisFleet } from './redis-fleet';

const server = useRedisServer();
const fleet = useRedisFleet(server);

const PERIOD_RESET = new Date(Date.now() + 10 * 86_400_000);
/** An answer of `cost` credits whose period window says `remaining`. */
const answer = (cost: number, remaining: number) =>
  metered(cost, { periodLimit: 1000, periodRemaining: remaining, periodReset: PERIOD_RESET });

const lostError = (promise: Promise<unknown>) => rejection(promise, CoordinatorStateLostError);

/** Spends `cost` through `c`, the service reporting `remaining` in its period window. */
async function spend(c: RedisCoordinator, cost: number, remaining: number): Promise<void> {
  await c.settle(await c.admit(request({ envelope: cost, rate: 100 })), answer(cost, remaining), Date.now());
}

afterEach(async () => {
  const raw = fleet.inspector();
  await raw.config('SET', 'maxmemory', '0');
  await raw.config('SET', 'maxmemory-policy', 'noeviction');
  await raw.flushall();
});

describe('a Redis coordinator whose state is lost', () => {
  it('fails closed after FLUSHALL in every process that knew the record, naming what was lost, and takes nothing', async () => {
    const namespace = freshNamespace('flush');
    const [a, b] = fleet.handles(2, { namespace });
    await spend(a!, 5, 995);
    await b!.readCredits();
    // A call in flight when the record goes: its answer cannot be recorded, and is remembered.
    const inFlight = await a!.admit(request({ envelope: 3, rate: 100 }));
    await fleet.inspector().flushall();
    const error = await lostError(a!.admit(request({ envelope: 1, rate: 100 })));
    expect(error.lost).toBe('record');
    expect(error.coordinator).toBe(`redis:${namespace}`);
    expect(error.message).toContain("the namespace's record (spend, reservations, windows) is gone");
    expect(error.message).toContain('coordinator.recover()');
    expect(await lostError(b!.readCredits())).toMatchObject({ lost: 'record' });
    expect(await lostError(a!.settle(inFlight, answer(2, 993), Date.now()))).toMatchObject({ lost: 'record' });
    await lostError(b!.keys.store.load());
    // Failing closed wrote nothing: the namespace is still empty.
    expect(await fleet.inspector().keys(`sod:{${namespace}}:*`)).toEqual([]);
  });

  it('recover() rebuilds the spend this process knew (its unrecorded answers too), and the service window raises it to what was charged since', async () => {
    const namespace = freshNamespace('recover');
    const [a, b] = fleet.handles(2, { namespace });
    await spend(a!, 5, 995);
    const inFlight = await a!.admit(request({ envelope: 3, rate: 100 }));
    await fleet.inspector().flushall();
    await lostError(a!.settle(inFlight, answer(2, 993), Date.now()));
    const rebuilt = await a!.recover();
    expect(rebuilt).toMatchObject({ spent: 7, reserved: 0 });
    expect(rebuilt.period).toMatchObject({ remaining: 995, limit: 1000 });
    // Another process of the lost record adopts the rebuilt one, with no recover() of its own.
    expect(await b!.readCredits()).toMatchObject({ spent: 7 });
    // Meanwhile the service charged 20 since the anchor (995 -> 975); this answer cost 1 of them.
    await spend(b!, 1, 975);
    expect(await a!.readCredits()).toMatchObject({ spent: 25 });
    // maxCredits holds against that: 30 - 25 = 5 left.
    const refused = await rejection(a!.admit(request({ envelope: 6, budget: { maxCredits: 30 } })), BudgetExceededError);
    expect(refused).toMatchObject({ limit: 'maxCredits', available: 5 });
    // A second recover() from the same loss changes nothing.
    expect(await b!.recover()).toMatchObject({ spent: 25 });
  });

  it('recover({ from: "fresh" }) starts a fresh budget; an unknown `from` is refused', async () => {
    const namespace = freshNamespace('fresh');
    const [a] = fleet.handles(1, { namespace });
    await spend(a!, 5, 995);
    await fleet.inspector().flushall();
    await lostError(a!.readCredits());
    await expect(a!.recover({ from: 'nothing' as 'fresh' })).rejects.toThrow(SportsOddsError);
    const recoveredAt = Date.now();
    expect(await a!.recover({ from: 'fresh' })).toMatchObject({ spent: 0, reserved: 0 });
    // The holds of the slots before the loss are gone with it: no slot is given for a window.
    await spend(a!, 2, 990);
    expect(Date.now() - recoveredAt).toBeGreaterThanOrEqual(950);
    expect(await a!.readCredits()).toMatchObject({ spent: 2 });
  });

  it('a process that starts after the loss begins a new record; those that knew the old one fail closed until one recovers, and the spend adds up', async () => {
    const namespace = freshNamespace('late');
    const [a, b] = fleet.handles(2, { namespace });
    await spend(a!, 5, 995);
    await b!.readCredits();
    await fleet.inspector().flushall();
    const [late] = fleet.handles(1, { namespace });
    await spend(late!, 4, 991);
    expect(await lostError(a!.readCredits())).toMatchObject({ lost: 'epoch' });
    expect(await lostError(b!.admit(request({ envelope: 1 })))).toMatchObject({ lost: 'epoch' });
    expect(await a!.recover()).toMatchObject({ spent: 9 });
    // Every process goes on in the one record.
    expect(await b!.readCredits()).toMatchObject({ spent: 9 });
    await spend(late!, 1, 990);
    expect(await b!.readCredits()).toMatchObject({ spent: 10 });
    // The service's window counts 3 more than the fleet did (995 -> 987 is 8, the fleet saw 5): they count.
    await spend(b!, 1, 986);
    expect(await a!.readCredits()).toMatchObject({ spent: 14 });
  });

  it('fails closed after a restart without persistence', async () => {
    const [a] = fleet.handles(1, { timeoutMs: 500 });
    await spend(a!, 5, 995);
    await server.stop();
    await server.start();
    let error: unknown;
    for (let tries = 0; tries < 40 && !(error instanceof CoordinatorStateLostError); tries += 1) {
      error = await a!.readCredits().then(
        () => undefined,
        (e: unknown) => e,
      );
      if (!(error instanceof CoordinatorStateLostError)) await new Promise((r) => setTimeout(r, 100));
    }
    expect(error).toBeInstanceOf(CoordinatorStateLostError);
    expect(await a!.recover()).toMatchObject({ spent: 5 });
  });

  it('fails closed when the reservations of calls in flight are evicted while the record counts them', async () => {
    const namespace = freshNamespace('resv');
    const [a] = fleet.handles(1, { namespace });
    const held = await a!.admit(request({ envelope: 4 }));
    await fleet.inspector().del(`sod:{${namespace}}:envelopes`);
    expect(await lostError(a!.readCredits())).toMatchObject({ lost: 'reservations' });
    // Recovered: the reservation that vanished counts as spent (its call may have been charged).
    expect(await a!.recover()).toMatchObject({ spent: 4, reserved: 0 });
    await a!.settle(held, answer(1, 999), Date.now());
    expect(await a!.readCredits()).toMatchObject({ reserved: 0 });
  });
});

describe('a Redis coordinator under a maxmemory-policy that may evict its keys', () => {
  /** Writes filler keys (no TTL, 4 KB each) until `gone()` or Redis refuses more; at most 20,000. */
  async function fill(gone: () => Promise<boolean>): Promise<void> {
    const raw = fleet.inspector();
    const value = 'x'.repeat(4096);
    for (let i = 0; i < 20_000; i += 200) {
      const batch = raw.pipeline();
      for (let j = 0; j < 200; j += 1) batch.set(`filler:${i + j}`, value);
      await batch.exec();
      if (await gone()) return;
    }
  }

  // Under volatile-* policies the coordinator's keys (no TTL) are never evicted: test/coordinator/redis-eviction.test.ts.
  for (const policy of ['allkeys-lru', 'allkeys-random']) {
    it(`warns once at start naming ${policy} and the fix, and fails closed when the record is evicted`, async () => {
      const namespace = freshNamespace(policy);
      const raw = fleet.inspector();
      const used = Number(/used_memory:(\d+)/.exec(await raw.info('memory'))?.[1]);
      await raw.config('SET', 'maxmemory', String(used + 4_000_000));
      await raw.config('SET', 'maxmemory-policy', policy);
      const warnings: string[] = [];
      const [a] = fleet.handles(1, { namespace, onWarning: (m) => warnings.push(m) });
      await spend(a!, 5, 995);
      await a!.readCredits();
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain(`maxmemory-policy is ${policy}`);
      expect(warnings[0]).toContain('noeviction');
      await fill(async () => (await raw.exists(`sod:{${namespace}}:state`)) === 0);
      expect(await raw.exists(`sod:{${namespace}}:state`)).toBe(0);
      expect(await lostError(a!.admit(request({ envelope: 1, rate: 100 })))).toMatchObject({ lost: 'record' });
      expect(warnings).toHaveLength(1);
    });
  }

  it('says nothing under noeviction, and warns when a reconnection finds an evicting policy', async () => {
    const raw = fleet.inspector();
    await raw.config('SET', 'maxmemory', '100000000');
    const warnings: string[] = [];
    const client = fleet.client();
    const [a] = fleet.handles(1, { redis: client, onWarning: (m) => warnings.push(m) });
    await a!.readCredits();
    await new Promise((r) => setTimeout(r, 50));
    expect(warnings).toEqual([]);
    await raw.config('SET', 'maxmemory-policy', 'allkeys-lru');
    const ready = new Promise<void>((resolve) => client.once('ready', () => resolve()));
    await raw.call('CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
    await ready;
    for (let i = 0; i < 40 && warnings.length === 0; i += 1) await new Promise((r) => setTimeout(r, 25));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('maxmemory-policy is allkeys-lru');
  });
});
