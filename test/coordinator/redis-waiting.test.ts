import { describe, expect, it } from 'vitest';
import { useRedisServer } from '../helpers/redis-server';
import { request } from './contract';
import { lineOf } from './line';
import { freshNamespace, useRedisFleet } from './redis-fleet';

const server = useRedisServer();
const fleet = useRedisFleet(server);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('waiting for a pacing slot in Redis', () => {
  it('costs each call at most 4 scripts, however many processes wait, each served in its turn', async () => {
    // One window is 100 ms here, so 32 calls at 2 per window take about 1.6 s.
    const handles = fleet.handles(16, { namespace: freshNamespace('line'), windowMs: 100 });
    const { perCall, order } = await lineOf(handles, fleet.inspector());
    // An admission and a settlement are 2; a waiter asks once more, when the notice of the hold that
    // frees its slot tells it to (about 3 measured; 4.4 when each waiter guessed its turn, 10.3 when
    // every waiter asked at every freed slot). The goal is at most 4.
    expect(perCall).toBeLessThanOrEqual(4);
    // Every process got its first call before any got its second: first come, first served.
    expect(new Set(order.slice(0, 16)).size).toBe(16);
    expect((await handles[0]!.readCredits()).spent).toBe(32);
  });

  it('sets no TTL, whatever the script: no PEXPIRE on an admission, a settlement, a read or a refusal', async () => {
    const [a] = fleet.handles(1);
    const inspector = fleet.inspector();
    const pexpires = async () => Number(/^cmdstat_pexpire:calls=(\d+)/m.exec(await inspector.info('commandstats'))?.[1] ?? 0);
    const before = await pexpires();
    await a!.settle(await a!.admit(request({ rate: 100, envelope: 2 })), undefined, Date.now());
    await a!.readCredits();
    await a!.rate.get();
    await a!.rate.share(20);
    await a!.admit(request({ envelope: 5, budget: { maxCredits: 1 } })).catch(() => undefined);
    await a!.admit(request({ envelope: 1 }));
    expect(await pexpires()).toBe(before);
  });

  it('lets waiters told to come back a minute later in at once when a higher rate is shared (a notice to every waiter)', async () => {
    const namespace = freshNamespace('rate-up');
    // A window of a minute: at 1 a second, a waiter in line is told to come back in a minute or more.
    const [holder, sharer, ...waiters] = fleet.handles(7, { namespace, windowMs: 60_000, leaseMs: 120_000 });
    // As the SDK's 'account' pacing does: the shared rate once known, 1 until then.
    const rateOf = (c: NonNullable<typeof holder>) => () => c.rate.known ?? 1;
    const held = await holder!.admit(request({ rate: rateOf(holder!) }));
    const waiting = waiters.map((c) => c.admit(request({ rate: rateOf(c) })).then((a) => [c, a] as const));
    const inspector = fleet.inspector();
    const told = async () => {
      const [seconds] = await inspector.time();
      const at = await inspector.zrangebyscore(`sod:{${namespace}}:waiter-leases`, '-inf', '(+inf', 'WITHSCORES');
      return at.filter((_, i) => i % 2 === 1).map((ms) => Number(ms) - Number(seconds) * 1000);
    };
    while ((await told()).length < waiters.length) await sleep(20);
    expect(Math.min(...(await told()))).toBeGreaterThan(50_000);
    await sharer!.rate.share(10);
    // Without the notice they would sleep their minute (and the test time out); each asks at once instead.
    const admitted = await Promise.all(waiting);
    expect(admitted).toHaveLength(waiters.length);
    for (const [c, a] of admitted) await c.settle(a, undefined, Date.now());
    await holder!.settle(held, undefined, Date.now());
  });
});
