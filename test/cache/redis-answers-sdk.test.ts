// The fleet's answers through the real SDK and the real mock (MSW), with real Redis: two clients,
// each on its own coordinator and Redis connection in one namespace, stand for two processes (real
// processes: test/cache/redis-fleet.test.ts). What is never cached in one process is never kept in
// Redis either; large answers stay in their process; a clear anywhere clears the fleet's answers;
// hits and saved credits are counted; a failing answers Redis leaves calls uncached, not failed.
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { MockService } from '../../mocks';
import { CoordinatorError, SportsOdds, SportsOddsError, type ClientOptions } from '../../src';
import { redisCoordinator, type RedisCoordinatorOptions } from '../../src/redis';
import { useRedisServer } from '../helpers/redis-server';
import { rejection } from '../sdk/fake-fetch';
import { noStoreOn, rewriting } from './rewrite';
import { allPages, chargesOf, sdkFor, useMockServer } from '../sdk/mock-setup';

const newMock = useMockServer();
const server = useRedisServer();
const clients: Redis[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.quit().catch(() => undefined)));
});
let namespaces = 0;

function connect(url = server.url): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  clients.push(redis);
  return redis;
}

/** `n` clients of the mock's demo account, each on a coordinator of its own in one namespace: a fleet of `n` processes. */
function fleet(mock: MockService, n: number, options: ClientOptions = {}, coordinator: Partial<RedisCoordinatorOptions> = {}) {
  const namespace = `sdk-answers-${process.pid}-${++namespaces}`;
  const warnings: string[] = [];
  const coordinators = Array.from({ length: n }, () =>
    redisCoordinator({ redis: connect(), namespace, onWarning: (m) => warnings.push(m), ...coordinator }),
  );
  const members = coordinators.map((c) =>
    sdkFor(mock, {
      coordinator: c,
      now: Date.now,
      ...options,
    }),
  );
  const answerKeys = () => connect().keys(`sod:{${namespace}}:answer:*`);
  return { members, coordinators, namespace, warnings, answerKeys };
}

const firstEvent = async (odds: SportsOdds) =>
  (await odds.events.list({ limit: 1 }, { cache: false, coalesce: false }))[0]?.event_id as number;

describe("the fleet's answers through the SDK", () => {
  it('serves one process the answer another fetched, charged 0, counted as a hit and as saved credits; the stats count Redis', async () => {
    const mock = newMock();
    const { members, coordinators } = fleet(mock, 2, { cache: { maxAge: { 'events.odds': 60_000 } } });
    const [a, b] = members.map((m) => m.odds) as [SportsOdds, SportsOdds];
    const id = await firstEvent(a);
    const charged = chargesOf(mock).charges.length;
    const sent = await a.events.odds(id).withMeta();
    const hit = await b.events.odds(id).withMeta();
    expect(hit.meta.reuse).toMatchObject({ kind: 'hit', requestId: sent.meta.requestId });
    expect(hit.meta.credits.cost).toBe(0);
    expect(hit.data).toEqual(sent.data);
    expect(chargesOf(mock).charges.length - charged).toBe(1);
    const cost = sent.meta.credits.cost as number;
    expect(b.cache.stats()).toMatchObject({ hits: 1, misses: 0, creditsSaved: cost, entries: 1 });
    expect(b.cache.stats().bytes).toBeGreaterThan(sent.response.headers.get('content-length') === null ? 0 : 1);
    expect(b.credits.saved).toBe(cost);
    expect(a.cache.stats()).toMatchObject({ hits: 0, misses: 1 });
    // coordinator.clear() starts the record afresh; the answers stay (odds.cache.clear() is theirs).
    await coordinators[0]!.clear();
    expect((await b.events.odds(id).withMeta()).meta.reuse?.kind).toBe('hit');
  });

  it('never keeps in Redis what one process never caches: live pages, scans, polls, non-GETs, account GETs, no-store, errors, refused answers', async () => {
    const mock = newMock();
    const noStore = noStoreOn('/catalog/sports');
    const broken = rewriting((url, response) =>
      url.includes('/catalog/leagues') ? new Response('[{"league_id":"one"}]', { status: 200, headers: response.headers }) : undefined,
    );
    const maxAge = { 'events.list': 60_000, 'events.odds': 60_000, 'catalog.sports': 60_000, 'catalog.leagues': 60_000 };
    const { members, answerKeys } = fleet(mock, 2, { cache: { maxAge }, maxRetries: 0 });
    const [a, b] = members.map((m) => m.odds) as [SportsOdds, SportsOdds];
    const id = await firstEvent(a);
    const before = await answerKeys();
    await a.events.list({ live: true });
    await allPages(a.events.scan({ sport_id: 29, starts_from: '2026-11-19T00:00:00Z', starts_to: '2026-11-20' }).pages());
    let batches = 0;
    for await (const _ of a.events.poll({ sport_id: 29 }, { intervalMs: 1 }).batches()) if (++batches === 2) break;
    await a.keys.create({ name: 'fleet' });
    await a.account.get();
    await a.withOptions({ fetch: noStore }).catalog.sports();
    mock.faults.inject({ route: 'events.odds', status: 503, count: 1 });
    expect(await rejection(a.events.odds(id))).toMatchObject({ status: 503 });
    await rejection(a.withOptions({ fetch: broken }).catalog.leagues({ sport_id: 1 }));
    expect(await answerKeys()).toEqual(before);
    // And the other process sends each of them.
    const { seen } = members[1]!;
    const sentBefore = seen.requests.length;
    await b.catalog.sports();
    await b.events.odds(id);
    expect(seen.requests.length - sentBefore).toBe(2);
  });

  it('keeps answers larger than maxAnswerBytes in the memory of their process only', async () => {
    const mock = newMock();
    const { members, answerKeys } = fleet(mock, 2, {}, { answers: { maxAnswerBytes: 200 } });
    const [a, b] = members.map((m) => m.odds) as [SportsOdds, SportsOdds];
    await a.catalog.sports();
    expect(await answerKeys()).toEqual([]);
    expect((await a.catalog.sports().withMeta()).meta.reuse?.kind).toBe('hit');
    expect((await b.catalog.sports().withMeta()).meta.reuse).toBeUndefined();
    // A clear in another process reaches it too.
    b.cache.clear('catalog.sports');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await a.catalog.sports().withMeta()).meta.reuse).toBeUndefined();
  });

  it("clears the fleet's answers of a route, or of an event, from any process", async () => {
    const mock = newMock();
    const { members } = fleet(mock, 3, { cache: { maxAge: { 'events.odds': 60_000 } } });
    const [a, b, c] = members.map((m) => m.odds) as [SportsOdds, SportsOdds, SportsOdds];
    const [first, second] = (await a.events.list({ limit: 2 }, { cache: false })).map((e) => e.event_id as number) as [number, number];
    await a.events.odds(first);
    await a.events.odds(second);
    a.cache.clear('events.odds', { params: { event_id: first } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await b.events.odds(first).withMeta()).meta.reuse).toBeUndefined();
    expect((await b.events.odds(second).withMeta()).meta.reuse?.kind).toBe('hit');
    b.cache.clear();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await a.events.odds(second).withMeta()).meta.reuse).toBeUndefined();
    // A process that made no call yet clears the fleet's answers too; input that is not the route's is refused there.
    expect((await b.events.odds(second).withMeta()).meta.reuse?.kind).toBe('hit');
    expect(() => c.cache.clear('events.odds', { params: { event_id: 'x' as never } })).toThrow(SportsOddsError);
    c.cache.clear('events.odds');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await b.events.odds(second).withMeta()).meta.reuse).toBeUndefined();
  });

  it('an answers Redis that is down leaves calls uncached and never failed, said once; with answers: false nothing goes to Redis', async () => {
    const mock = newMock();
    const dead = new Redis({ port: 1, lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
    dead.on('error', () => undefined);
    const { members, warnings } = fleet(
      mock,
      1,
      { cache: { maxAge: { 'catalog.sports': 60_000 } } },
      { answers: { redis: dead, timeoutMs: 100 } },
    );
    const { odds, seen } = members[0]!;
    for (let i = 0; i < 3; i++) await odds.catalog.sports();
    expect(seen.requests).toHaveLength(3);
    expect(warnings.filter((w) => w.includes("fleet's answer cache"))).toHaveLength(1);
    const off = fleet(mock, 2, {}, { answers: false });
    await off.members[0]!.odds.catalog.sports();
    expect((await off.members[1]!.odds.catalog.sports().withMeta()).meta.reuse).toBeUndefined();
    expect(await off.answerKeys()).toEqual([]);
  });

  it('with the one Redis of the coordinator down, a call fails as it does today (CoordinatorError, nothing sent), never for the cache', async () => {
    const mock = newMock();
    const dead = new Redis({ port: 1, lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
    dead.on('error', () => undefined);
    const odds = new SportsOdds({
      apiKey: mock.apiKey,
      baseUrl: mock.baseUrl,
      logLevel: 'off',
      coordinator: redisCoordinator({ redis: dead, namespace: 'down', timeoutMs: 200, onWarning: () => undefined }),
    });
    const error = await rejection(odds.catalog.sports());
    expect(error).toBeInstanceOf(CoordinatorError);
    expect(String(error)).toMatch(/admitting a call/);
  });

  it('refuses bad answers options of redisCoordinator() with their name', () => {
    const redis = connect();
    expect(() => redisCoordinator({ redis, namespace: 'x', answers: 'on' as never })).toThrow(SportsOddsError);
    expect(() => redisCoordinator({ redis, namespace: 'x', answers: { waitMs: -5 } })).toThrow(
      /answers\.waitMs must be a positive number of ms/,
    );
  });
});
