// The fleet's answer store in a real redis-server (src/redis/answer-store.ts): what is served and
// for how long, on Redis's one clock whatever the processes' clocks say; claims and waiting; clears;
// the memory bound; a Redis that fails never fails a caller. The same through the SDK and real
// processes: test/cache/redis-fleet.test.ts.
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { StoredAnswer } from '../../src/core/types/cache';
import type { SharedPlace } from '../../src/core/types/shared-answers';
import { resolveAnswers, type RedisAnswersOptions } from '../../src/redis/answer-options';
import { ANSWER_OVERHEAD_BYTES, MAX_CLEAR_STAMPS, RedisAnswers } from '../../src/redis/answer-store';
import { useRedisServer } from '../helpers/redis-server';

const server = useRedisServer();
const clients: Redis[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.quit().catch(() => undefined)));
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let namespaces = 0;

/** A Redis client of the test's server. */
function client(): Redis {
  const redis = new Redis(server.url, { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  clients.push(redis);
  return redis;
}

/** A store on a fresh namespace (or `namespace`), as one process of a fleet holds it; its warnings collected. */
function store(options: RedisAnswersOptions = {}, namespace = `answers-${process.pid}-${++namespaces}`, redis = client()) {
  const warnings: string[] = [];
  const answers = new RedisAnswers(resolveAnswers(options, redis)!, 'sod', namespace, (m) => warnings.push(m));
  return { answers, warnings, namespace, redis };
}

const place = (eventId: number, query = ''): SharedPlace => ({
  url: `http://127.0.0.1:9/v1/events/${eventId}/odds${query}`,
  routeId: 'events.odds',
  path: `/v1/events/${eventId}/odds`,
  query,
});

const answer = (p: SharedPlace, sentAt: number, text = '{"data":[]}'): StoredAnswer => ({
  routeId: p.routeId,
  url: p.url,
  path: p.path,
  query: p.query,
  status: 200,
  headers: [['x-request-id', 'req_1']],
  text,
  sentAt,
  cost: 3,
});

/** A process's clock, `skewMs` away from the machine's. */
const clock = (skewMs: number) => () => Date.now() + skewMs;
const HOUR = 3_600_000;

describe("the fleet's answer store", () => {
  it('serves an answer to another process while younger than maxAge, with an age never below its true age, whatever the clocks', async () => {
    const writer = store();
    const reader = store({}, writer.namespace);
    const p = place(1);
    // The writer's clock is 7 hours behind, the reader's 3 minutes ahead: only their differences count.
    const writerNow = clock(-7 * HOUR);
    const readerNow = clock(3 * 60_000);
    expect((await writer.answers.lookup(p, 1_000, true, writerNow)).kind).toBe('fetch');
    const sentReal = Date.now();
    const sent = writerNow();
    await sleep(30);
    await writer.answers.keep(p, answer(p, sent), 1_000, undefined, writerNow);
    const asked = Date.now();
    const hit = await reader.answers.lookup(p, 1_000, false, readerNow);
    expect(hit.kind).toBe('hit');
    if (hit.kind !== 'hit') return;
    const age = readerNow() - hit.answer.sentAt;
    // At least as old as it truly is, and under maxAge.
    expect(age).toBeGreaterThanOrEqual(asked - sentReal);
    expect(age).toBeLessThan(1_000);
    expect(hit.answer).toMatchObject({ text: '{"data":[]}', status: 200, cost: 3, headers: [['x-request-id', 'req_1']] });
    // Once its true age reaches maxAge, no process is served it.
    await sleep(Math.max(0, sentReal + 1_000 - Date.now()));
    expect((await reader.answers.lookup(p, 1_000, false, readerNow)).kind).toBe('fetch');
    expect((await writer.answers.lookup(p, 60_000, false, writerNow)).kind).toBe('fetch');
  });

  it('serves an answer only within the maxAge of the reader, and keeps it only for its TTL', async () => {
    const { answers } = store();
    const p = place(2);
    await answers.lookup(p, 0, false, Date.now);
    await answers.keep(p, answer(p, Date.now()), 400, undefined, Date.now);
    expect((await answers.lookup(p, 400, false, Date.now)).kind).toBe('hit');
    // maxAge 0 reads nothing; a reader with a shorter maxAge than the answer's age is not served.
    expect((await answers.lookup(p, 0, false, Date.now)).kind).toBe('fetch');
    await sleep(60);
    expect((await answers.lookup(p, 50, false, Date.now)).kind).toBe('fetch');
    await sleep(400);
    expect((await answers.lookup(p, 60_000, false, Date.now)).kind).toBe('fetch');
  });

  it('lets one process claim an answer; the others wait for it and get it when it is kept', async () => {
    const a = store();
    const b = store({}, a.namespace);
    const p = place(3);
    const first = await a.answers.lookup(p, 0, true, Date.now);
    expect(first).toMatchObject({ kind: 'fetch', claim: expect.any(String) });
    const second = await b.answers.lookup(p, 0, true, Date.now);
    expect(second.kind).toBe('wait');
    if (first.kind !== 'fetch' || second.kind !== 'wait') return;
    const waiting = b.answers.wait(p, second.holder, 0, Date.now);
    await sleep(20);
    await a.answers.keep(p, answer(p, Date.now() - 5, '{"n":3}'), 0, first.claim, Date.now);
    // Kept for 0 ms of maxAge, it still reaches the waiter of its fetch (a short hand-off), and nobody else.
    expect((await waiting)?.text).toBe('{"n":3}');
    expect((await b.answers.lookup(p, 0, false, Date.now)).kind).toBe('fetch');
    // The claim ended with the answer: the next caller claims.
    expect(await b.answers.lookup(p, 0, true, Date.now)).toMatchObject({ kind: 'fetch', claim: expect.any(String) });
  });

  it('sends the waiters their own way at once when the fetch fails, and within waitMs when its process died', async () => {
    const a = store({ waitMs: 600 });
    const b = store({ waitMs: 600 }, a.namespace);
    const p = place(4);
    const first = await a.answers.lookup(p, 0, true, Date.now);
    const second = await b.answers.lookup(p, 0, true, Date.now);
    if (first.kind !== 'fetch' || first.claim === undefined || second.kind !== 'wait') throw new Error('expected a claim and a waiter');
    const released = b.answers.wait(p, second.holder, 0, Date.now);
    a.answers.release(p, first.claim);
    const t0 = performance.now();
    expect(await released).toBeUndefined();
    expect(performance.now() - t0).toBeLessThan(600);
    // A claim nobody ends (its process died) lapses after waitMs: the waiter stops waiting by then.
    const p2 = place(5);
    const claimed = await a.answers.lookup(p2, 0, true, Date.now);
    const waiter = await b.answers.lookup(p2, 0, true, Date.now);
    if (claimed.kind !== 'fetch' || waiter.kind !== 'wait') throw new Error('expected a claim and a waiter');
    const t1 = performance.now();
    expect(await b.answers.wait(p2, waiter.holder, 0, Date.now)).toBeUndefined();
    // Bounded by waitMs plus one poll and a round trip.
    expect(performance.now() - t1).toBeLessThan(600 + 200);
    expect(await b.answers.lookup(p2, 0, true, Date.now)).toMatchObject({ kind: 'fetch', claim: expect.any(String) });
  });

  it("clears the fleet's answers of a route, of its path, of its query, or all, and never keeps one sent before the clear", async () => {
    const a = store();
    const b = store({}, a.namespace);
    const places = [
      place(6),
      place(6, '?bookmakers=b1'),
      place(7),
      { ...place(8), routeId: 'events.props', path: '/v1/events/8/props', url: 'http://x/v1/events/8/props' },
    ];
    const keepAll = async () => {
      for (const p of places) {
        await a.answers.lookup(p, 0, false, Date.now);
        await a.answers.keep(p, answer(p, Date.now()), 60_000, undefined, Date.now);
      }
    };
    const served = async () => {
      const kinds = [];
      for (const p of places) kinds.push((await b.answers.lookup(p, 60_000, false, Date.now)).kind === 'hit');
      return kinds;
    };
    await sleep(2);
    await keepAll();
    expect(await served()).toEqual([true, true, true, true]);
    b.answers.clear({ routeId: 'events.odds', path: '/v1/events/6/odds', query: '?bookmakers=b1' });
    await sleep(20);
    expect(await served()).toEqual([true, false, true, true]);
    b.answers.clear({ routeId: 'events.odds', path: '/v1/events/6/odds' });
    await sleep(20);
    expect(await served()).toEqual([false, false, true, true]);
    await sleep(2);
    await keepAll();
    b.answers.clear({ routeId: 'events.odds', query: '' });
    await sleep(20);
    expect(await served()).toEqual([false, true, false, true]);
    b.answers.clear({ routeId: 'events.odds' });
    await sleep(20);
    expect(await served()).toEqual([false, false, false, true]);
    // A request sent before the clear, answered after it.
    const sentBefore = Date.now();
    b.answers.clear({});
    await sleep(20);
    expect(await served()).toEqual([false, false, false, false]);
    // Its answer is not kept after the clear.
    const p = places[2] as SharedPlace;
    await a.answers.keep(p, answer(p, sentBefore), 60_000, undefined, Date.now);
    expect((await b.answers.lookup(p, 60_000, false, Date.now)).kind).toBe('fetch');
    // The lookup tells when the last clear was, on the caller's clock (for what a process holds itself).
    const looked = await b.answers.lookup(p, 60_000, false, clock(HOUR));
    expect(looked.kind === 'fetch' && looked.clearedAt).toBeGreaterThan(clock(HOUR)() - 1_000);
  });

  it('collapses clear stamps past their bound into one clear of everything', async () => {
    const { answers, redis, namespace } = store();
    const p = place(9);
    await answers.lookup(p, 0, false, Date.now);
    await answers.keep(p, answer(p, Date.now()), 60_000, undefined, Date.now);
    for (let i = 0; i < MAX_CLEAR_STAMPS + 5; i++) answers.clear({ routeId: 'events.odds', path: `/v1/events/${1000 + i}/odds` });
    await sleep(100);
    expect(await redis.hlen(`sod:{${namespace}}:answer-clears`)).toBeLessThanOrEqual(MAX_CLEAR_STAMPS);
    expect((await answers.lookup(p, 60_000, false, Date.now)).kind).toBe('fetch');
  });

  it('holds at most maxBytes of answers in Redis, dropping those that expire soonest, and every key expires', async () => {
    const maxBytes = 64 * 1024;
    const { answers, redis, namespace } = store({ maxBytes });
    const text = `{"data":"${'x'.repeat(4_000)}"}`;
    for (let i = 0; i < 40; i++) {
      const p = place(100 + i);
      await answers.lookup(p, 0, false, Date.now);
      await answers.keep(p, answer(p, Date.now(), text), 10_000 + i * 100, undefined, Date.now);
    }
    const { entries, bytes } = answers.size();
    expect(bytes).toBeLessThanOrEqual(maxBytes);
    // Full: one more answer would not fit.
    const each = bytes / entries;
    expect(each).toBeGreaterThan(text.length + ANSWER_OVERHEAD_BYTES);
    expect(bytes + each).toBeGreaterThan(maxBytes);
    const keys = await redis.keys(`sod:{${namespace}}:*`);
    // What Redis itself says the answers and their index take (every field counted) stays under the bound.
    let used = 0;
    for (const key of keys) used += (await redis.memory('USAGE', key, 'SAMPLES', 0)) ?? 0;
    expect(used).toBeLessThanOrEqual(maxBytes);
    for (const key of keys) expect(await redis.pttl(key)).toBeGreaterThan(0);
    // The newest (latest to expire) are the ones kept.
    expect((await answers.lookup(place(139), 60_000, false, Date.now)).kind).toBe('hit');
    expect((await answers.lookup(place(100), 60_000, false, Date.now)).kind).toBe('fetch');
  });

  it('never fails a caller when Redis is down: it fetches, keeps nothing, and says so once', async () => {
    const down = new Redis({ port: 1, lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
    down.on('error', () => undefined);
    clients.push(down);
    const { answers, warnings } = store({ timeoutMs: 200 }, undefined, down);
    const p = place(10);
    expect(await answers.lookup(p, 60_000, true, Date.now)).toMatchObject({ kind: 'fetch', claim: undefined });
    await expect(answers.keep(p, answer(p, Date.now()), 60_000, undefined, Date.now)).resolves.toBeUndefined();
    expect(await answers.wait(p, 'someone', 60_000, Date.now)).toBeUndefined();
    answers.clear({});
    answers.release(p, 'x');
    expect((await answers.lookup(p, 60_000, true, Date.now)).kind).toBe('fetch');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/fleet's answer cache failed in Redis .*calls are sent uncached/);
  });

  it('refuses bad options with their name, what was given and what is accepted', () => {
    const redis = client();
    expect(() => resolveAnswers({ maxBytes: -1 }, redis)).toThrow(/answers\.maxBytes must be a positive integer of bytes, got -1/);
    expect(() => resolveAnswers({ waitMs: Number.NaN }, redis)).toThrow(/answers\.waitMs must be a positive number of ms.*got NaN/);
    expect(() => resolveAnswers({ maxAnswerBytes: 1.5 }, redis)).toThrow(/maxAnswerBytes must be a positive integer/);
    expect(() => resolveAnswers('yes' as never, redis)).toThrow(/answers must be false or an object/);
    expect(() => resolveAnswers({ redis: {} as never }, redis)).toThrow(/answers\.redis must be a Redis client/);
    expect(() => resolveAnswers({ maxbytes: 1024 } as never, redis)).toThrow(
      /answers has no option "maxbytes" \(did you mean maxBytes\?\); its options are redis, maxBytes/,
    );
    expect(resolveAnswers(false, redis)).toBeUndefined();
    expect(resolveAnswers(undefined, redis)).toMatchObject({
      maxBytes: 64 * 1024 * 1024,
      maxAnswerBytes: 256 * 1024,
      waitMs: 5000,
      timeoutMs: 250,
    });
  });
});
