import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { CoordinatorError } from '../../src/core/errors/coordinator';
import { SportsOddsError } from '../../src/core/errors/base';
import type { PendingRotation, RotationAnswer } from '../../src/core/types/coordination';
import { useRedisServer } from '../helpers/redis-server';
import { metered, rejection, request } from './contract';
import { freshNamespace, SECRET, useRedisFleet } from './redis-fleet';

const server = useRedisServer();
const fleet = useRedisFleet(server);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const OLD_KEY = 'svc_live_OldKeyOldKeyOldKeyOldKeyOldKey5678';
const NEW_KEY = 'svc_live_NewKeyNewKeyNewKeyNewKeyNewKey5678';
const NONCE = `rot_${'N'.repeat(43)}`;
const ANSWER: RotationAnswer = {
  status: 200,
  headers: [['content-type', 'application/json']],
  text: JSON.stringify({ api_key: NEW_KEY, key_id: 'key_9' }),
};
const PENDING: PendingRotation = {
  version: 1,
  baseUrl: 'https://api.example.com',
  nonce: NONCE,
  oldKey: OLD_KEY,
  startedAt: '2026-11-21T15:00:00.000Z',
};

/** Every key matching `pattern`, by SCAN. */
async function scan(redis: Redis, pattern = '*'): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== '0');
  return keys.sort();
}

/** Every key with its TTL and its whole value as text. */
async function dump(redis: Redis, pattern = '*'): Promise<{ key: string; pttl: number; value: string }[]> {
  const out: { key: string; pttl: number; value: string }[] = [];
  for (const key of await scan(redis, pattern)) {
    const type = await redis.type(key);
    let value: unknown;
    if (type === 'string') value = await redis.get(key);
    else if (type === 'hash') value = await redis.hgetall(key);
    else if (type === 'zset') value = await redis.call('ZRANGE', key, '0', '-1', 'WITHSCORES');
    else value = `(${type})`;
    out.push({ key, pttl: await redis.pttl(key), value: JSON.stringify(value) });
  }
  return out;
}

/** Memory Redis reports for the keys of `pattern`. */
async function memoryOf(redis: Redis, pattern: string): Promise<number> {
  let total = 0;
  for (const key of await scan(redis, pattern)) total += Number(await redis.call('MEMORY', 'USAGE', key));
  return total;
}

/** The most a namespace at rest takes in Redis, its 11 keys together (docs/scaling.md, "Memory"). */
const NAMESPACE_AT_REST = 16 * 1024;

describe('what the Redis coordinator stores', () => {
  it('writes every key of a namespace under its hash tag, none with a TTL (no volatile-* policy can evict one), each from the start', async () => {
    const namespace = freshNamespace('ttl');
    const [a, b, c] = fleet.handles(3, { namespace, leaseMs: 300 });
    // Every kind of state: spend and windows, a live slot and reservation, a lapsed one, a hold,
    // the rate, the lock, a rotation and a pending one.
    const now = Date.now();
    await a!.settle(
      await a!.admit(request({ rate: 10, envelope: 2 })),
      metered(2, {
        periodLimit: 1000,
        periodRemaining: 998,
        periodReset: new Date(now + 86_400_000),
        dailyRemaining: 98,
        dailyReset: new Date(now + 3_600_000),
      }),
      now,
    );
    const live = await b!.admit(request({ rate: 10, envelope: 3 }));
    const lost = fleet.client();
    const [silent] = fleet.handles(1, { namespace, leaseMs: 300, redis: lost });
    await silent!.admit(request({ rate: 10, envelope: 4 }));
    lost.disconnect();
    await sleep(400);
    await a!.rate.share(20);
    const lock = await c!.keys.lock();
    await c!.keys.publish(OLD_KEY, ANSWER);
    await c!.keys.store.save(PENDING);
    expect(await a!.readCredits()).toMatchObject({ reserved: 3, spent: 6 });

    const keys = await dump(fleet.inspector());
    const names = [
      'envelopes',
      'held',
      'lapsed',
      'lapsed-envelopes',
      'reservations',
      'rotation-index',
      'rotations',
      'slots',
      'state',
      'waiter-leases',
      'waiters',
    ];
    expect(keys.map((k) => k.key.replace(`{${namespace}}`, '{ns}'))).toEqual(names.map((name) => `sod:{ns}:${name}`));
    for (const { key, pttl } of keys) expect(pttl, key).toBe(-1);
    // The shared rate and the rotation lock end by the time stored beside them, on Redis's clock.
    const state = await fleet.inspector().hgetall(`sod:{${namespace}}:state`);
    const [seconds, micros] = await fleet.inspector().time();
    const redisNow = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
    expect(state['rate']).toBe('20');
    expect(Number(state['rate-until']) - redisNow).toBeLessThanOrEqual(3_600_000);
    expect(Number(state['lock-until']) - redisNow).toBeLessThanOrEqual(300);
    expect(state['lock']).toMatch(/^lock_/);
    await lock.release();
    expect(await fleet.inspector().hget(`sod:{${namespace}}:state`, 'lock')).toBeNull();
    await b!.settle(live, undefined, Date.now());
    await a!.clear();
    // Cleared, every key holds its placeholder alone (none is missing, even for a moment), and the state a fresh record (its epoch, adopted by every process of the cleared one).
    const cleared = await dump(fleet.inspector(), `sod:{${namespace}}:*`);
    expect(cleared.map((k) => k.key)).toEqual(names.map((name) => `sod:{${namespace}}:${name}`));
    for (const { key, pttl, value } of cleared) {
      expect(pttl, key).toBe(-1);
      if (!key.endsWith(':state')) expect(value, key).toMatch(/^(\[\["~","inf"\]\]|\{"~":"0"\})$/);
    }
    expect(Object.keys(JSON.parse(cleared.find((k) => k.key.endsWith(':state'))?.value ?? '{}')).sort()).toEqual(['epoch', 'from']);
    expect(await b!.readCredits()).toMatchObject({ spent: 0, reserved: 0, meteredCalls: 0 });
    expect(await a!.readCredits()).toMatchObject({ spent: 0, reserved: 0, meteredCalls: 0 });
    expect(await a!.rate.get()).toBeUndefined();
  });

  it('keeps Redis memory flat over many admissions and settles', async () => {
    const namespace = freshNamespace('flat');
    const windowMs = 100;
    const handles = fleet.handles(3, { namespace, windowMs });
    const inspector = fleet.inspector();
    const cycles = async (count: number) => {
      for (let i = 0; i < count; i += handles.length) {
        await Promise.all(
          handles.map(async (c) => {
            const admission = await c.admit(request({ rate: 1_000_000, envelope: 2, budget: { maxCredits: 1e12, dailyFloor: 1 } }));
            await c.settle(admission, metered(1, { dailyRemaining: 1e9 - i, dailyReset: new Date(Date.now() + 3_600_000) }), Date.now());
          }),
        );
      }
      // The holds end; the next operation sweeps them.
      await sleep(windowMs + 50);
      await handles[0]!.readCredits();
    };
    await cycles(300);
    const keys = await scan(inspector, `sod:{${namespace}}:*`);
    expect(await memoryOf(inspector, `sod:{${namespace}}:*`)).toBeLessThanOrEqual(NAMESPACE_AT_REST);
    const used = Number(/used_memory:(\d+)/.exec(await inspector.info('memory'))?.[1]);
    await cycles(3000);
    expect(await scan(inspector, `sod:{${namespace}}:*`)).toEqual(keys);
    // A key that grew past Redis's compact encoding during a burst keeps the larger one (it is never
    // emptied): a bound, not a byte count; 3,000 calls remembered would be over 100 KB.
    expect(await memoryOf(inspector, `sod:{${namespace}}:*`)).toBeLessThanOrEqual(NAMESPACE_AT_REST);
    const usedAfter = Number(/used_memory:(\d+)/.exec(await inspector.info('memory'))?.[1]);
    expect(usedAfter - used).toBeLessThan(256 * 1024);
    expect(await handles[1]!.readCredits()).toMatchObject({ meteredCalls: 3300, spent: 3300, reserved: 0 });
  });

  it('remembers the newest 1,000 lapsed reservations (the others stay counted as spent, never refunded)', async () => {
    const namespace = freshNamespace('lapsed');
    const lost = fleet.client();
    const [silent] = fleet.handles(1, { namespace, leaseMs: 300, redis: lost });
    const [reader] = fleet.handles(1, { namespace });
    for (let i = 0; i < 1005; i += 1) await silent!.admit(request({ envelope: 1 }));
    // Its process is gone: every lease lapses (500 per script), each reservation counted as spent.
    lost.disconnect();
    await sleep(400);
    for (let i = 0; i < 3; i += 1) await reader!.readCredits();
    expect(reader!.credits()).toMatchObject({ spent: 1005, reserved: 0 });
    const inspector = fleet.inspector();
    expect(await inspector.zcount(`sod:{${namespace}}:lapsed`, '-inf', '(+inf')).toBe(1000);
    // The hash of their envelopes: the same 1,000, and its placeholder.
    expect(await inspector.hlen(`sod:{${namespace}}:lapsed-envelopes`)).toBe(1001);
  });

  it('keeps the newest 64 published rotations: an older key finds none', async () => {
    const namespace = freshNamespace('rotations');
    const [a] = fleet.handles(1, { namespace });
    const keyOf = (i: number) => `svc_live_${String(i).padStart(4, '0')}${'K'.repeat(30)}5678`;
    // A millisecond apart at least: each is indexed by when Redis published it.
    for (let i = 0; i < 66; i += 1) {
      await a!.keys.publish(keyOf(i), ANSWER);
      await sleep(2);
    }
    expect(await a!.keys.rotationOf(keyOf(0))).toBeUndefined();
    expect(await a!.keys.rotationOf(keyOf(1))).toBeUndefined();
    expect(await a!.keys.rotationOf(keyOf(2))).toEqual(ANSWER);
    expect(await a!.keys.rotationOf(keyOf(65))).toEqual(ANSWER);
    // 64 sealed answers and the placeholder.
    expect(await fleet.inspector().hlen(`sod:{${namespace}}:rotations`)).toBe(65);
  });

  it('shares nothing between two namespaces on one Redis', async () => {
    const [a] = fleet.handles(1, { namespace: freshNamespace('one') });
    const [b] = fleet.handles(1, { namespace: freshNamespace('two') });
    const budget = { maxCredits: 5 };
    const spent = await a!.admit(request({ rate: 1, envelope: 5, budget }));
    await a!.keys.publish(OLD_KEY, ANSWER);
    await a!.keys.store.save(PENDING);
    await a!.rate.share(20);
    const lock = await a!.keys.lock();
    // The other account's slot, budget, rotation, rate and lock are its own.
    const other = await b!.admit(request({ rate: 1, envelope: 5, budget }));
    expect(await b!.readCredits()).toMatchObject({ reserved: 5, spent: 0 });
    expect(await b!.keys.rotationOf(OLD_KEY)).toBeUndefined();
    expect(await b!.keys.store.load()).toBeUndefined();
    expect(b!.keys.generation).toBe(0);
    expect(await b!.rate.get()).toBeUndefined();
    const free = await b!.keys.lock();
    expect(free.waited).toBe(false);
    await free.release();
    await lock.release();
    await a!.settle(spent, metered(5), Date.now());
    await b!.settle(other, undefined, Date.now());
    expect(await a!.readCredits()).toMatchObject({ spent: 5 });
    expect(await b!.readCredits()).toMatchObject({ spent: 0 });
  });

  it('never replaces a newer window with the report of an older one', async () => {
    const [a, b] = fleet.handles(2);
    const newer = new Date(Date.now() + 3_600_000);
    const older = new Date(Date.now() - 1000);
    await a!.settle(
      await a!.admit(request({ envelope: 1 })),
      metered(1, { dailyLimit: 100, dailyRemaining: 50, dailyReset: newer }),
      Date.now(),
    );
    // An answer of the window before the reset reaches Redis last: it is not the latest window.
    await b!.settle(
      await b!.admit(request({ envelope: 1 })),
      metered(1, { dailyLimit: 90, dailyRemaining: 500, dailyReset: older }),
      Date.now(),
    );
    expect((await a!.readCredits()).daily).toEqual({ limit: 100, remaining: 50, reset: newer });
    expect(a!.credits()).toMatchObject({ spent: 2, meteredCalls: 2 });
  });
});

describe('the keys the Redis coordinator stores, sealed', () => {
  it('never stores the keys, the nonce or the secret in plaintext, nor a plain hash of a key', async () => {
    const namespace = freshNamespace('sealed');
    const [a, b] = fleet.handles(2, { namespace });
    await a!.keys.store.save(PENDING);
    await a!.keys.publish(OLD_KEY, ANSWER);
    expect(await b!.keys.rotationOf(OLD_KEY)).toEqual(ANSWER);
    expect(await b!.keys.store.load()).toEqual(PENDING);
    const everything = JSON.stringify(await dump(fleet.inspector()));
    const digests = [OLD_KEY, NEW_KEY].flatMap((key) =>
      ['sha256', 'sha1'].flatMap((alg) =>
        ['hex', 'base64', 'base64url'].map((enc) =>
          createHash(alg)
            .update(key)
            .digest(enc as 'hex'),
        ),
      ),
    );
    for (const secret of [OLD_KEY, NEW_KEY, NONCE, SECRET, 'OldKeyOldKey', 'NewKeyNewKey', ...digests])
      expect(everything).not.toContain(secret);
    // Sealed values are bound to their field: the same answer sealed twice differs (a fresh IV each time).
    await a!.keys.publish(OLD_KEY, ANSWER);
    expect(JSON.stringify(await dump(fleet.inspector(), `sod:{${namespace}}:rotations`))).not.toBe(everything);
  });

  it('fails cleanly with another secret, and refuses to share a rotation without one', async () => {
    const namespace = freshNamespace('secret');
    const [a] = fleet.handles(1, { namespace });
    await a!.keys.publish(OLD_KEY, ANSWER);
    await a!.keys.store.save(PENDING);
    const [other] = fleet.handles(1, { namespace, secret: 'another-secret-another-secret-another-secret' });
    for (const op of [() => other!.keys.rotationOf(OLD_KEY), () => other!.keys.store.load()]) {
      const error = await rejection(op(), CoordinatorError);
      expect(error.message).toMatch(
        /sealed with another secret: every process of the fleet needs the same redisCoordinator\(\{ secret \}\)/,
      );
    }
    const [none] = fleet.handles(1, { namespace, secret: undefined });
    for (const op of [() => none!.keys.lock(), () => none!.keys.publish(OLD_KEY, ANSWER), () => none!.keys.store.save(PENDING)]) {
      const error = await rejection(op(), SportsOddsError);
      expect(error.message).toMatch(/a rotation shared by the processes of a fleet needs redisCoordinator\(\{ secret \}\)/);
    }
    expect(await none!.keys.rotationOf(OLD_KEY)).toBeUndefined();
    expect(await none!.keys.store.load()).toBeUndefined();
    // The generation still reaches it: it learns that a rotation happened.
    await none!.readCredits();
    expect(none!.keys.generation).toBe(1);
  });

  it('refuses a sealed value moved to another field', async () => {
    const namespace = freshNamespace('moved');
    const [a] = fleet.handles(1, { namespace });
    await a!.keys.publish(OLD_KEY, ANSWER);
    const inspector = fleet.inspector();
    // The rotations' hash holds its placeholder (`~`) beside the sealed answers.
    const sealedOnly = async () =>
      Object.entries(await inspector.hgetall(`sod:{${namespace}}:rotations`)).filter(([field]) => field !== '~');
    const [[, sealed]] = (await sealedOnly()) as [[string, string]];
    // The answer of one key's rotation offered as another's.
    await a!.keys.publish(NEW_KEY, { ...ANSWER, text: '{}' });
    for (const [field] of await sealedOnly()) await inspector.hset(`sod:{${namespace}}:rotations`, field, sealed);
    expect(await a!.keys.rotationOf(OLD_KEY)).toEqual(ANSWER);
    await expect(a!.keys.rotationOf(NEW_KEY)).rejects.toBeInstanceOf(CoordinatorError);
  });
});
