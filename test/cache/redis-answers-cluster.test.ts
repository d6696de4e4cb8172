// The fleet's answer store on a 3-master Redis Cluster (ioredis Cluster): every key of a namespace
// shares its `{namespace}` hash tag, so each script runs on the one node that holds them all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedPlace } from '../../src/core/types/shared-answers';
import { resolveAnswers } from '../../src/redis/answer-options';
import { RedisAnswers } from '../../src/redis/answer-store';
import { startRedisCluster, type RedisTopology, type TopologyClient } from '../helpers/redis-topologies';

let cluster: RedisTopology | undefined;
const clients: TopologyClient[] = [];
beforeAll(async () => {
  cluster = await startRedisCluster();
}, 30_000);
afterAll(async () => {
  await Promise.all(clients.map((c) => c.quit().catch(() => undefined)));
  await cluster?.close();
});

function store(namespace: string, maxBytes?: number) {
  const redis = (cluster as RedisTopology).connect({ maxRetriesPerRequest: 1 });
  clients.push(redis);
  const warnings: string[] = [];
  const answers = new RedisAnswers(resolveAnswers(maxBytes === undefined ? {} : { maxBytes }, redis)!, 'sod', namespace, (m) =>
    warnings.push(m),
  );
  return { answers, warnings };
}

const place = (id: number): SharedPlace => ({
  url: `http://x/v1/events/${id}/odds`,
  routeId: 'events.odds',
  path: `/v1/events/${id}/odds`,
  query: '',
});

describe('the fleet answer store on a Redis Cluster', () => {
  it('keeps, serves, claims, bounds and clears answers of a namespace on its node', async () => {
    const a = store(`cluster-${process.pid}`, 16 * 1024);
    const b = store(`cluster-${process.pid}`, 16 * 1024);
    const stored = (p: SharedPlace) => ({
      ...p,
      status: 200,
      headers: [] as [string, string][],
      text: `{"x":"${'y'.repeat(3_000)}"}`,
      sentAt: Date.now(),
      cost: 1,
    });
    const claim = await a.answers.lookup(place(1), 60_000, true, Date.now);
    expect(claim).toMatchObject({ kind: 'fetch', claim: expect.any(String) });
    expect((await b.answers.lookup(place(1), 60_000, true, Date.now)).kind).toBe('wait');
    await a.answers.keep(place(1), stored(place(1)), 60_000, claim.kind === 'fetch' ? claim.claim : undefined, Date.now);
    expect((await b.answers.lookup(place(1), 60_000, false, Date.now)).kind).toBe('hit');
    // Past the bound, the soonest to expire go (a script deleting keys it derives, on the same node).
    for (let i = 2; i < 12; i++) {
      await a.answers.lookup(place(i), 0, false, Date.now);
      await a.answers.keep(place(i), stored(place(i)), 60_000 + i, undefined, Date.now);
    }
    expect(a.answers.size().bytes).toBeLessThanOrEqual(16 * 1024);
    expect((await b.answers.lookup(place(11), 60_000, false, Date.now)).kind).toBe('hit');
    b.answers.clear({ routeId: 'events.odds' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await a.answers.lookup(place(11), 60_000, false, Date.now)).kind).toBe('fetch');
    expect([...a.warnings, ...b.warnings]).toEqual([]);
  });
});
