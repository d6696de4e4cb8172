// Two processes of a fleet watching the same events pay once: two clients, each on its own
// redisCoordinator() and Redis connection in one namespace (real Redis, the real mock on its running
// clock), each with its own price watch. Their reads fall on the same multiples of the interval on
// the service's clock, so one of them fetches each board and the other is answered with it.
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

async function collect(watch: PriceWatch): Promise<PriceChange[]> {
  const changes: PriceChange[] = [];
  for await (const change of watch) changes.push(change);
  return changes;
}

describe('price watches of a fleet', () => {
  it('pay once for the same boards: one process fetches each, the other is answered with it', async () => {
    const mock = newMock();
    mock.clock.resume();
    const namespace = `price-watch-${process.pid}`;
    const [a, b] = [0, 1].map(
      () => sdkFor(mock, { coordinator: redisCoordinator({ redis: connect(), namespace }), now: Date.now, sleep: realSleep }).odds,
    );
    if (a === undefined || b === undefined) throw new Error('two clients');
    const events = (await a.events.list({ live: true, limit: 20 })).slice(0, 2).map((e) => e.event_id as number);
    expect(events).toHaveLength(2);
    const before = chargesOf(mock).charges.length;
    const until = new Date(mock.clock.now() + 12_000);
    // A 6-second interval: each process reads the service's time from whole-second Date headers, so
    // their polls can be a second or two apart, well within the half interval an answer is shared for.
    const options = { mode: 'latest', intervalMs: 6_000, until } as const;
    const [one, two] = [watchPrices(a, events, options), watchPrices(b, events, options)];
    const [seenByOne, seenByTwo] = await Promise.all([collect(one), collect(two)]);
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
