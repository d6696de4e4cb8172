import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { CoordinatorError, CoordinatorStateLostError } from '../../src/core/errors/coordinator';
import { SportsOddsError } from '../../src/core/errors/base';
import { redisCoordinator, type RedisCoordinatorOptions } from '../../src/redis';
import { namespaceKeys } from '../../src/redis/layout';
import { ScriptRunner } from '../../src/redis/script-runner';
import { useRedisServer } from '../helpers/redis-server';
import { metered, rejection, request } from './contract';
import { freshNamespace, SECRET, useRedisFleet } from './redis-fleet';

const server = useRedisServer();
const fleet = useRedisFleet(server);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const failure = (promise: Promise<unknown>): Promise<CoordinatorError> => rejection(promise, CoordinatorError);

/** Tries `op` until it succeeds (Redis back, the client reconnected) or `ms` pass. */
async function eventually<T>(op: () => Promise<T>, ms = 8000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await op();
    } catch (error) {
      if (Date.now() > until) throw error;
      await sleep(100);
    }
  }
}

describe('redisCoordinator() options', () => {
  const redis = new Redis({ lazyConnect: true });
  const bad: [string, Partial<RedisCoordinatorOptions> | undefined, RegExp][] = [
    ['no options', undefined, /pass \{ redis, namespace \}/],
    ['no client', { namespace: 'acct-1' }, /redis must be a Redis client/],
    ['a client without scripts', { redis: { get: () => undefined } as never, namespace: 'acct-1' }, /redis must be a Redis client/],
    ['no namespace', { redis }, /namespace must be a non-empty string/],
    ['an empty namespace', { redis, namespace: '' }, /namespace must be a non-empty string/],
    ['a namespace with a space', { redis, namespace: 'acct 1' }, /namespace may hold only/],
    ['a namespace with a hash tag', { redis, namespace: 'a}b{c' }, /namespace may hold only/],
    ['a namespace with a colon', { redis, namespace: 'a:b' }, /namespace may hold only/],
    ['a namespace too long', { redis, namespace: 'a'.repeat(65) }, /namespace may hold only/],
    ['a prefix with a glob', { redis, namespace: 'acct-1', prefix: 'sod*' }, /prefix may hold only/],
    ['a short secret', { redis, namespace: 'acct-1', secret: 'hunter2-is-not-enough' }, /secret must be .* at least 32 bytes/],
    ['a short secret of bytes', { redis, namespace: 'acct-1', secret: new Uint8Array(16) }, /secret must be .* at least 32 bytes/],
    ['a secret of another type', { redis, namespace: 'acct-1', secret: 42 as never }, /secret must be/],
    [
      'a zero timeout',
      { redis, namespace: 'acct-1', timeoutMs: 0 },
      /^redisCoordinator: timeoutMs must be a positive number of ms, at most 2147483647, got 0$/,
    ],
    ['a negative lease', { redis, namespace: 'acct-1', leaseMs: -1 }, /leaseMs must be a positive/],
    ['a lease too short to protect the rate', { redis, namespace: 'acct-1', leaseMs: 2 }, /leaseMs must be at least 250 ms .*, got 2$/],
    ['a retention that is not a number', { redis, namespace: 'acct-1', retentionMs: Number.NaN }, /retentionMs must be a positive/],
    ['an infinite lock poll', { redis, namespace: 'acct-1', lockPollMs: Number.POSITIVE_INFINITY }, /lockPollMs must be a positive/],
    [
      'a lease past the timers limit',
      { redis, namespace: 'acct-1', leaseMs: 2 ** 31 },
      /leaseMs must be a positive number of ms, at most 2147483647, got 2147483648/,
    ],
    [
      'a timeout given as a string',
      { redis, namespace: 'acct-1', timeoutMs: '1000' as never },
      /timeoutMs must be a positive number of ms, at most 2147483647, got "1000"/,
    ],
  ];
  it.each(bad)('refuses %s at construction with a clear SportsOddsError', (_, options, message) => {
    let error: unknown;
    try {
      redisCoordinator(options as RedisCoordinatorOptions);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SportsOddsError);
    expect((error as Error).message).toMatch(/^redisCoordinator: /);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('hunter2');
  });

  it('takes an ioredis or iovalkey client and names itself after its namespace', () => {
    const coordinator = redisCoordinator({ redis, namespace: 'acct-1.eu_west', secret: SECRET });
    expect(coordinator.name).toBe('redis:acct-1.eu_west');
    expect(JSON.stringify(coordinator)).not.toContain(SECRET);
  });
});

describe('the Redis coordinator when Redis fails', () => {
  it('fails every operation with CoordinatorError while Redis is down, never letting a call through, and recovers when it is back', async () => {
    const namespace = freshNamespace('outage');
    const queued = redisCoordinator({ redis: fleet.client(), namespace, secret: SECRET, timeoutMs: 300 });
    const offline = redisCoordinator({
      redis: fleet.client({ enableOfflineQueue: false }),
      namespace,
      secret: SECRET,
      timeoutMs: 300,
    });
    const holder = await queued.admit(request({ rate: 1, envelope: 1 }));
    await offline.readCredits();
    const waiter = queued.admit(request({ rate: 1 }));
    await server.stop();
    try {
      // A waiter fails with the store, and so does every new call; nothing is admitted.
      const waiting = await failure(waiter);
      expect(waiting.coordinator).toBe(`redis:${namespace}`);
      const attempts = await Promise.allSettled(Array.from({ length: 10 }, () => queued.admit(request({ rate: 1000 }))));
      expect(attempts.every((a) => a.status === 'rejected' && a.reason instanceof CoordinatorError)).toBe(true);
      const timedOut = await failure(queued.admit(request({ rate: 1000, envelope: 2 })));
      // Where Redis is, its connection's state and last error (the address refused), and what to check.
      const address = `127.0.0.1:${server.port}`;
      expect(timedOut.message).toMatch(
        new RegExp(
          `^coordinator redis:${namespace}: admitting a call: Redis at ${address} \\(\\w+\\) did not answer within 300 ms \\(Error ECONNREFUSED: connect ECONNREFUSED ${address}\\); check that Redis runs there and that REDIS_URL \\(or the client's options\\) names it$`,
        ),
      );
      expect((timedOut.cause as { code?: string }).code).toBe('ECONNREFUSED');
      // Without an offline queue the client refuses at once: the Redis error is the cause.
      const refused = await failure(offline.admit(request({ rate: 1000 })));
      expect(refused.message).toMatch(
        new RegExp(`^coordinator redis:${namespace}: admitting a call: Redis at ${address} \\(\\w+\\) failed \\(`),
      );
      expect(refused.message).toMatch(/check that Redis runs there and that REDIS_URL/);
      expect(refused.cause).toBeInstanceOf(Error);
      const ops = [
        () => queued.settle(holder, metered(1), Date.now()),
        () => queued.readCredits(),
        () => queued.rate.get(),
        () => queued.rate.share(20),
        () => queued.keys.lock(),
        () => queued.keys.publish('svc_live_OldOldOldOldOldOldOldOldOldOld1234', { status: 200, headers: [], text: '{}' }),
        () => queued.keys.rotationOf('svc_live_OldOldOldOldOldOldOldOldOldOld1234'),
        () => queued.keys.store.load(),
        () => queued.clear(),
      ];
      for (const error of await Promise.all(ops.map((op) => failure(op())))) {
        expect(error.message).toMatch(new RegExp(`^coordinator redis:${namespace}: `));
        expect(error.message).not.toContain(SECRET);
        expect(error.message).not.toContain('svc_live_');
      }
    } finally {
      await server.start();
    }
    // Back, but empty (no persistence; its scripts gone too: NOSCRIPT is recovered from): the lost
    // record fails closed until the application recovers, here with a fresh budget.
    const lost = await eventually(async () => {
      const error = await failure(queued.admit(request({ rate: 1000, envelope: 1 })));
      if (!(error instanceof CoordinatorStateLostError)) throw error;
      return error;
    });
    // The record is gone, or replaced by the fresh one the clear() queued in the client during the outage began.
    expect(['record', 'epoch']).toContain(lost.lost);
    await queued.recover({ from: 'fresh' });
    const admission = await queued.admit(request({ rate: 1000, envelope: 1 }));
    await queued.settle(admission, metered(1), Date.now());
    // The client without an offline queue refuses until its own reconnection lands, which may come after the queued one's.
    expect(await eventually(() => offline.readCredits())).toMatchObject({ spent: 1, reserved: 0, meteredCalls: 1 });
  });

  it('takes nothing for an admission that reaches Redis after its client gave up on it', async () => {
    const [a, b] = fleet.handles(2, { timeoutMs: 200 });
    await a!.readCredits();
    const inspector = fleet.inspector();
    await inspector.call('CLIENT', 'PAUSE', '600', 'ALL');
    const error = await failure(a!.admit(request({ rate: 1, envelope: 3 })));
    expect(error.message).toMatch(/did not answer within 200 ms/);
    await sleep(600);
    // Once Redis runs it, past its deadline, nothing is held: the slot is free, nothing reserved.
    expect((await b!.readCredits()).reserved).toBe(0);
    const admission = await b!.admit(request({ rate: 1 }));
    await b!.settle(admission, undefined, Date.now());
  });

  it('refuses an admission whose deadline on Redis clock has passed, taking nothing', async () => {
    const namespace = freshNamespace('deadline');
    const runner = new ScriptRunner(fleet.client(), namespaceKeys('sod', namespace), `redis:${namespace}`, 1000);
    const admit = (deadline: number) =>
      runner.run(
        'admitting a call',
        'admit',
        { retention: 86_400_000, lease: 10_000, window: 1000, deadline, knownEpoch: undefined, firstEpoch: 'epoch-1' },
        {
          id: 'late-1',
          envelope: 5,
          maxCredits: undefined,
          dailyFloor: undefined,
          periodFloor: undefined,
          serviceNow: undefined,
          rate: 1,
          listening: false,
        },
      );
    const error = await failure(admit(Date.now() - 1000));
    expect(error.message).toBe(`coordinator redis:${namespace}: admitting a call reached Redis after its deadline: nothing was taken`);
    const [a] = fleet.handles(1, { namespace });
    expect((await a!.readCredits()).reserved).toBe(0);
    // The slot is free: a rate of 1 admits at once. In time, the same admission reserves (its slot is in that call's hold).
    await a!.settle(await a!.admit(request({ rate: 1 })), undefined, Date.now());
    const taken = await admit(Date.now() + 60_000);
    expect(taken).toMatchObject({ status: 'ok', taken: false });
    expect(taken.credits.reserved).toBe(5);
  });

  it('recovers from NOSCRIPT after SCRIPT FLUSH', async () => {
    const [a] = fleet.handles(1);
    await a!.settle(await a!.admit(request({ rate: 1000, envelope: 1 })), metered(1), Date.now());
    await fleet.inspector().script('FLUSH');
    const before = a!.roundTrips;
    await a!.settle(await a!.admit(request({ rate: 1000, envelope: 1 })), metered(1), Date.now());
    // EVALSHA refused, then EVAL, for each of the two scripts.
    expect(a!.roundTrips - before).toBe(4);
    const cached = a!.roundTrips;
    await a!.settle(await a!.admit(request({ rate: 1000, envelope: 1 })), metered(1), Date.now());
    expect(a!.roundTrips - cached).toBe(2);
    expect(a!.credits()).toMatchObject({ spent: 3, meteredCalls: 3 });
  });

  it("turns a script's error into a CoordinatorError that says what Redis said, and quotes no API key", async () => {
    const namespace = freshNamespace('broken');
    const [a] = fleet.handles(1, { namespace });
    // Another program wrote a string where a sorted set belongs.
    await fleet.inspector().set(`sod:{${namespace}}:slots`, 'not a sorted set');
    const error = await failure(a!.admit(request({ rate: 1 })));
    expect(error.message).toMatch(
      new RegExp(`^coordinator redis:${namespace}: admitting a call failed in Redis \\(ReplyError: .*WRONGTYPE`),
    );
    expect(error.message).not.toMatch(/svc_live_/);
    expect(String((error.cause as Error).message)).toMatch(/WRONGTYPE/);
  });
});
