// Two processes of a fleet watching the same events pay once: two clients, each on its own
// redisCoordinator() and Redis connection in one namespace (real Redis, the real mock), each with its own
// price watch. Their reads fall on the same multiples of the interval on the service's clock, so one of
// them fetches each board and the other is answered with it. The mock's clock stands still while they
// read and moves only when both watches wait for their next poll (a barrier), so both read at the same
// instant of the service's clock however loaded the machine is. The fleet's answers age on Redis's own
// clock, so the barrier also lets the real interval pass before it wakes them: the next poll's boards are
// fetched again, and the two processes' reads of one poll are within half an interval of each other.
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { realSleep } from '../../src/core/runtime';
import { redisCoordinator } from '../../src/redis';
import { type PriceChange, type PriceWatch, watchPrices } from '../../src/odds';
import { useRedisServer } from '../helpers/redis-server';
import { chargesOf, sdkFor, useMockServer } from '../sdk/mock-setup';

const newMock = useMockServer();
const server = useRedisServer();
const clients: Redis[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.quit().catch(() => undefined)));
});

function connect(): Redis {
  const redis = new Redis(server.url, { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  clients.push(redis);
  return redis;
}

/**
 * The clients' sleep: a sleeper waits until every watch still running sleeps too; then the longest wait
 * asked passes for real, the mock's clock moves by it, and all wake. A watch that ends leaves the barrier.
 */
function clockBarrier(mock: { clock: { advance(ms: number): void } }, parties: number) {
  let running = parties;
  let waiting: { ms: number; wake: () => void }[] = [];
  const release = () => {
    if (waiting.length === 0 || waiting.length < running) return;
    const woken = waiting;
    waiting = [];
    const ms = Math.max(...woken.map((w) => w.ms));
    void realSleep(ms).then(() => {
      mock.clock.advance(ms);
      for (const w of woken) w.wake();
    });
  };
  return {
    sleep: (ms: number) =>
      new Promise<void>((wake) => {
        waiting.push({ ms, wake });
        release();
      }),
    leave: () => {
      running -= 1;
      release();
    },
  };
}

async function collect(watch: PriceWatch, leave: () => void): Promise<PriceChange[]> {
  const changes: PriceChange[] = [];
  try {
    for await (const change of watch) changes.push(change);
  } finally {
    leave();
  }
  return changes;
}

describe('price watches of a fleet', () => {
  it('pay once for the same boards: one process fetches each, the other is answered with it', async () => {
    const mock = newMock();
    const barrier = clockBarrier(mock, 2);
    const namespace = `price-watch-${process.pid}`;
    const [a, b] = [0, 1].map(
      () => sdkFor(mock, { coordinator: redisCoordinator({ redis: connect(), namespace }), sleep: barrier.sleep }).odds,
    );
    if (a === undefined || b === undefined) throw new Error('two clients');
    const events = (await a.events.list({ live: true, limit: 20 })).slice(0, 2).map((e) => e.event_id as number);
    expect(events).toHaveLength(2);
    const before = chargesOf(mock).charges.length;
    const until = new Date(mock.clock.now() + 12_000);
    const options = { mode: 'latest', intervalMs: 6_000, until } as const;
    const [one, two] = [watchPrices(a, events, options), watchPrices(b, events, options)];
    const [seenByOne, seenByTwo] = await Promise.all([collect(one, barrier.leave), collect(two, barrier.leave)]);
    // The same boards, so the same changes; and each board was charged once, to one of them.
    expect(seenByTwo).toEqual(seenByOne);
    expect(one.meta.polls).toBe(two.meta.polls);
    expect(one.meta.polls).toBeGreaterThanOrEqual(2);
    const sent = chargesOf(mock).charges.slice(before);
    expect(sent.every((c) => c.routeId === 'events.odds')).toBe(true);
    expect(sent).toHaveLength(one.meta.requests);
    expect(one.meta.requests).toBe(one.meta.polls * 2);
    expect(one.meta.credits + two.meta.credits).toBe(sent.reduce((sum, c) => sum + c.cost, 0));
  }, 60_000);
});
