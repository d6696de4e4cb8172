import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { RedisCoordinator, type RedisScriptClient } from '../../src/redis/index';
import { useRedisServer } from '../helpers/redis-server';
import { metered, request } from './contract';
import { lineOf } from './line';
import { freshNamespace, SECRET, useRedisFleet } from './redis-fleet';

const server = useRedisServer();
const fleet = useRedisFleet(server);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Redis's clock, ms. */
async function redisNow(redis: Redis): Promise<number> {
  const [seconds, micros] = await redis.time();
  return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
}

/** Subscriber connections Redis has open whose line of `CLIENT LIST` names `who` (`name=...` or `user=...`). */
async function subscribers(redis: Redis, who: string): Promise<number> {
  const list = (await redis.call('CLIENT', 'LIST', 'TYPE', 'pubsub')) as string;
  return list.split('\n').filter((line) => line.includes(` ${who} `)).length;
}

/** Resolves once `count()` gives `expected` (the test's timeout bounds the wait). */
async function until(count: () => Promise<number>, expected: number): Promise<void> {
  while ((await count()) !== expected) await sleep(10);
}

/** A client of the test's Redis named `name` (a subscriber it duplicates has the name too). */
function named(name: string): Redis {
  const c = new Redis(server.url, { connectionName: name, maxRetriesPerRequest: null });
  c.on('error', () => undefined);
  return c;
}

describe('notices to waiters (Pub/Sub on the namespace channel)', () => {
  it('tells a waiter when the hold of the slot it is next for ends; it asks once, then, before its own estimate', async () => {
    const namespace = freshNamespace('notice');
    const [holder, waiter] = fleet.handles(2, { namespace });
    const inspector = fleet.inspector();
    const notices: string[] = [];
    const listener = fleet.inspector();
    listener.on('message', (_channel, message: string) => notices.push(message));
    await listener.subscribe(`sod:{${namespace}}:wake`);
    // Both loaded their scripts and subscribed (a first call each).
    for (const c of [holder!, waiter!]) await c.settle(await c.admit(request({ rate: 1 })), undefined, Date.now());
    await sleep(1100);
    const held = await holder!.admit(request({ rate: 1 }));
    const trips = waiter!.roundTrips;
    const admitted = waiter!.admit(request({ rate: 1, envelope: 3 }));
    const firstWaiter = async () => (await inspector.zrange(`sod:{${namespace}}:waiters`, '0', '0'))[0];
    const told = async () => Number(await inspector.zscore(`sod:{${namespace}}:waiter-leases`, String(await firstWaiter())));
    while ((await firstWaiter()) === '~') await sleep(5);
    const id = String(await firstWaiter());
    // Its own estimate while the slot is in flight: three windows (asked again only if no notice comes).
    const estimate = await told();
    expect(estimate - (await redisNow(inspector))).toBeGreaterThan(1500);
    await holder!.settle(held, undefined, Date.now());
    const ends = Number(await inspector.zscore(`sod:{${namespace}}:held`, (held as unknown as { id: string }).id));
    await admitted;
    const takenAt = await redisNow(inspector);
    expect(notices).toContain(`${id} ${ends}`);
    // One question after its admission, at the end of the hold: long before its estimate.
    expect(waiter!.roundTrips - trips).toBe(2);
    expect(takenAt).toBeGreaterThanOrEqual(ends);
    expect(takenAt).toBeLessThan(estimate);
  });

  it('keeps a waiting reservation for as long as its wait, with no renewal, and renews nothing for a call settled within a third of its lease', async () => {
    const [a, b] = fleet.handles(2, { namespace: freshNamespace('wait-lease'), leaseMs: 600 });
    const budget = { maxCredits: 100 };
    const round = async (cost: number) => {
      await a!.settle(await a!.admit(request({ rate: 1, envelope: 1, budget })), metered(1), Date.now());
      // b waits about a second (a's hold), more than its lease of 600 ms.
      const admission = await b!.admit(request({ rate: 1, envelope: 5, budget }));
      const reading = await b!.readCredits();
      await b!.settle(admission, metered(cost), Date.now());
      return reading;
    };
    await round(1);
    await sleep(1100);
    const spent = (await b!.readCredits()).spent;
    const trips = b!.roundTrips;
    const reading = await round(2);
    // Its reservation held through the wait: reserved, not lapsed into spend.
    expect(reading.reserved).toBe(5);
    expect(reading.spent).toBe(spent + 1);
    expect((await b!.readCredits()).spent).toBe(spent + 3);
    // Admission, its one question, a read, the settlement and a read: no renewal.
    expect(b!.roundTrips - trips).toBe(5);
  });

  it('falls back to estimates without Pub/Sub (a client with no duplicate(), an ACL without channels): paced, in turn, at most 5 scripts a call', async () => {
    const admin = fleet.inspector();
    const user = `nochan-${process.pid}`;
    await admin.call('ACL', 'SETUSER', user, 'on', '>pw-nochan', '~*', 'resetchannels', '+@all');
    const url = new URL(server.url);
    const noChannels = (): Redis => {
      const c = new Redis({
        host: url.hostname,
        port: Number(url.port),
        username: user,
        password: 'pw-nochan',
        maxRetriesPerRequest: null,
      });
      c.on('error', () => undefined);
      return c;
    };
    const plain = (): RedisScriptClient => {
      const c = fleet.client();
      return { evalsha: c.evalsha.bind(c), eval: c.eval.bind(c), script: c.script.bind(c) } as RedisScriptClient;
    };
    const aclClients: Redis[] = [];
    try {
      for (const make of [plain, () => aclClients[aclClients.push(noChannels()) - 1] as Redis]) {
        const namespace = freshNamespace('no-pubsub');
        const handles = Array.from({ length: 8 }, () => new RedisCoordinator({ redis: make(), namespace, secret: SECRET, windowMs: 100 }));
        const { perCall, order } = await lineOf(handles, admin);
        expect(new Set(order.slice(0, 8)).size).toBe(8);
        expect(perCall).toBeLessThanOrEqual(5);
        expect((await handles[0]!.readCredits()).spent).toBe(16);
      }
      expect(await subscribers(admin, `user=${user}`)).toBe(0);
    } finally {
      for (const c of aclClients) c.disconnect();
      await admin.call('ACL', 'DELUSER', user);
    }
  });

  it('subscribes once connected when the client queues nothing offline (enableOfflineQueue: false)', async () => {
    const admin = fleet.inspector();
    const name = `no-queue-${process.pid}`;
    const redis = new Redis(server.url, { connectionName: name, enableOfflineQueue: false, maxRetriesPerRequest: null });
    redis.on('error', () => undefined);
    try {
      await new Promise((resolve) => redis.once('ready', resolve));
      const c = new RedisCoordinator({ redis, namespace: freshNamespace('no-queue'), secret: SECRET });
      await c.settle(await c.admit(request({ rate: 5 })), undefined, Date.now());
      await until(() => subscribers(admin, `name=${name}`), 1);
    } finally {
      redis.disconnect();
    }
  });

  it('opens one subscriber connection per paced coordinator, closed by close() or with its client', async () => {
    const admin = fleet.inspector();
    const name = `subs-${process.pid}`;
    const clients = [named(name), named(name), named(name)];
    try {
      const namespace = freshNamespace('subs');
      const [unpaced, a, b] = clients.map((redis) => new RedisCoordinator({ redis, namespace, secret: SECRET }));
      await unpaced!.settle(await unpaced!.admit(request({ envelope: 1 })), metered(1), Date.now());
      expect(await subscribers(admin, `name=${name}`)).toBe(0);
      const count = () => subscribers(admin, `name=${name}`);
      for (const c of [a!, b!]) await c.settle(await c.admit(request({ rate: 5 })), undefined, Date.now());
      await until(count, 2);
      a!.close();
      clients[2]!.disconnect();
      await until(count, 0);
      // A closed subscription opens again at the next paced call; the ended client's does not.
      await a!.settle(await a!.admit(request({ rate: 5 })), undefined, Date.now());
      await expect(b!.admit(request({ rate: 5 }))).rejects.toThrow();
      await until(count, 1);
      await sleep(100);
      expect(await count()).toBe(1);
    } finally {
      for (const c of clients) c.disconnect();
    }
  });
});
