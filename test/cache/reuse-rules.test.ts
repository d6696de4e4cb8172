import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { describe, expect, it } from 'vitest';
import type { MockService } from '../../mocks';
import { AbortError, ResponseValidationError, SportsOdds, SportsOddsError } from '../../src';
import { SERVICE_CACHE_WINDOW_MS } from '../../src/schemas/cache-defaults';
import { rejection } from '../sdk/fake-fetch';
import { noStoreOn, rewriting } from './rewrite';
import { allPages, chargesOf, sdkFor, useMockServer } from '../sdk/mock-setup';

/**
 * The rules of coalescing and the freshness cache (issue 32, docs/caching.md) that the model test
 * does not reach: the exact edge of `maxAge`, what is never reused, a call that gives up while
 * others share it, `clear()` during a flight, the memory bound, the span, and refused options.
 * Real SDK, real mock over MSW.
 */

const newMock = useMockServer();

/** A first event's id. */
async function eventOf(odds: SportsOdds): Promise<number> {
  const [event] = await odds.events.list({ limit: 1 }, { coalesce: false });
  return event?.event_id as number;
}

/** A promise and its resolve, to hold a request of the mock. */
function gate() {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('maxAge: the bound a user can trust', () => {
  it('serves an answer younger than maxAge and never one as old as it, on the clock the SDK is given', async () => {
    const mock = newMock();
    const { odds, seen } = sdkFor(mock, { cache: { maxAge: { 'events.odds': 2_000 } } });
    const id = await eventOf(odds);
    const sent = () => seen.requests.filter((r) => r.routeId === 'events.odds').length;
    const first = await odds.events.odds(id).withMeta();
    mock.clock.advance(1_999);
    const hit = await odds.events.odds(id).withMeta();
    expect(hit.meta.reuse).toEqual({ kind: 'hit', requestId: first.meta.requestId, ageMs: 1_999 });
    expect(hit.meta.credits.cost).toBe(0);
    expect(hit.data).toEqual(first.data);
    expect(sent()).toBe(1);
    mock.clock.advance(1);
    expect((await odds.events.odds(id).withMeta()).meta.reuse).toBeUndefined();
    expect(sent()).toBe(2);
  });

  it("holds a call's smaller maxAge against an answer kept longer, and keeps for the fetching call's maxAge", async () => {
    const mock = newMock();
    const { odds, seen } = sdkFor(mock);
    await odds.catalog.sports();
    mock.clock.advance(2_000);
    // Kept for the route's default (the service's window), but this call takes nothing 2 s old...
    expect((await odds.catalog.sports({ maxAge: 2_001 }).withMeta()).meta.reuse?.ageMs).toBe(2_000);
    expect((await odds.catalog.sports({ maxAge: 2_000 }).withMeta()).meta.reuse).toBeUndefined();
    // ... and the answer it fetched is kept for its own maxAge: 2 s.
    mock.clock.advance(2_000);
    expect((await odds.catalog.sports().withMeta()).meta.reuse).toBeUndefined();
    mock.clock.advance(SERVICE_CACHE_WINDOW_MS - 1);
    expect((await odds.catalog.sports().withMeta()).meta.reuse?.kind).toBe('hit');
    mock.clock.advance(1);
    // A call asking for more than the answer was kept for still finds none.
    expect((await odds.catalog.sports({ maxAge: 2 * SERVICE_CACHE_WINDOW_MS }).withMeta()).meta.reuse).toBeUndefined();
    expect(seen.requests).toHaveLength(4);
  });

  it('cache: false sends and refreshes: the next call is served the new answer', async () => {
    const mock = newMock();
    const { odds, seen } = sdkFor(mock);
    await odds.catalog.sports();
    mock.clock.advance(10_000);
    const fresh = await odds.catalog.sports({ cache: false }).withMeta();
    const next = await odds.catalog.sports().withMeta();
    expect(next.meta.reuse).toEqual({ kind: 'hit', requestId: fresh.meta.requestId, ageMs: 0 });
    expect(seen.requests).toHaveLength(2);
  });
});

describe('never reused', () => {
  it('live pages: sent each time, never shared; a maxAge for one is refused before anything is sent', async () => {
    const mock = newMock();
    const { odds, seen } = sdkFor(mock, { cache: { maxAge: { 'events.list': 60_000 } } });
    await Promise.all([odds.events.list({ live: true }), odds.events.list({ live: true })]);
    expect(seen.requests).toHaveLength(2);
    const refused = await rejection(odds.events.list({ live: true }, { maxAge: 1_000 }));
    expect(refused).toBeInstanceOf(SportsOddsError);
    expect(String(refused)).toMatch(/maxAge must be left out: events.list here is never cached/);
    await allPages(odds.events.live({}).pages());
    await allPages(odds.events.live({}).pages());
    expect(seen.requests.length).toBeGreaterThanOrEqual(4);
    expect(odds.cache.stats()).toMatchObject({ hits: 0, shared: 0, entries: 0 });
  });

  it('scans and their catalog lookups, histories and polls: every request sent, even with a maxAge configured', async () => {
    const mock = newMock();
    const { odds, seen } = sdkFor(mock, { cache: { maxAge: { 'events.list': 60_000, 'events.odds': 60_000 } } });
    const id = await eventOf(odds);
    const filters = { sport_id: 29, starts_from: '2026-11-19T00:00:00Z', starts_to: '2026-11-20' };
    const before = seen.requests.length;
    await allPages(odds.events.scan(filters).pages());
    const once = seen.requests.length - before;
    await allPages(odds.events.scan(filters).pages());
    expect(seen.requests.length - before).toBe(2 * once);
    const history = seen.requests.length;
    await allPages(odds.events.oddsHistory(id).pages());
    await allPages(odds.events.oddsHistory(id).pages());
    expect(seen.requests.length - history).toBeGreaterThanOrEqual(2);
    const polls = seen.requests.length;
    let batches = 0;
    for await (const _ of odds.events.poll({ sport_id: 29 }, { intervalMs: 1_000 }).batches()) if (++batches === 3) break;
    expect(seen.requests.length - polls).toBe(3);
    // The one answer kept is the listing that found the event.
    expect(odds.cache.stats()).toMatchObject({ hits: 0, shared: 0, misses: 1, entries: 1 });
  });

  it('non-GETs: identical creations at once are each sent; maxAge on one is refused', async () => {
    const mock = newMock();
    const { odds, seen } = sdkFor(mock);
    await Promise.all([odds.keys.create({ name: 'a' }), odds.keys.create({ name: 'a' })]);
    expect(seen.requests.filter((r) => r.routeId === 'keys.create')).toHaveLength(2);
    expect(String(await rejection(odds.keys.create({ name: 'b' }, { maxAge: 1 })))).toMatch(/maxAge must be left out/);
    // A GET that is not a data route is shared in flight but never cached.
    expect(String(await rejection(odds.account.get({ maxAge: 1_000 })))).toMatch(/account.get is not a data route/);
  });

  it('answers marked Cache-Control: no-store', async () => {
    const mock = newMock();
    const noStore = noStoreOn('/catalog/sports');
    const { odds, seen } = sdkFor(mock, { fetch: noStore });
    await odds.catalog.sports();
    await odds.catalog.sports();
    expect(seen.requests).toHaveLength(2);
    expect(odds.cache.stats()).toMatchObject({ hits: 0, entries: 0 });
  });

  it('errors: a failed call is not kept, and the next is sent', async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'catalog.sports', status: 503, count: 1 });
    const { odds, seen } = sdkFor(mock, { maxRetries: 0 });
    expect(await rejection(odds.catalog.sports())).toMatchObject({ status: 503 });
    await odds.catalog.sports();
    expect((await odds.catalog.sports().withMeta()).meta.reuse?.kind).toBe('hit');
    expect(seen.requests).toHaveLength(2);
  });

  it('answers refused by validation, even when the caller does not validate', async () => {
    const mock = newMock();
    const broken = rewriting((url, response) =>
      url.includes('/catalog/sports') ? new Response('[{"sport_id":"one"}]', { status: 200, headers: response.headers }) : undefined,
    );
    const { odds, seen } = sdkFor(mock, { fetch: broken });
    expect(await rejection(odds.catalog.sports())).toBeInstanceOf(ResponseValidationError);
    expect(await odds.catalog.sports({ validate: false })).toEqual([{ sport_id: 'one' }]);
    expect(await rejection(odds.catalog.sports())).toBeInstanceOf(ResponseValidationError);
    expect(seen.requests).toHaveLength(3);
    expect(odds.cache.stats().entries).toBe(0);
  });
});

describe('coalescing', () => {
  it('shares one request and one charge among identical calls in flight; coalesce: false sends its own', async () => {
    const mock = newMock();
    const { odds, seen } = sdkFor(mock);
    const id = await eventOf(odds);
    const charged = chargesOf(mock).charges.length;
    const all = await Promise.all([
      odds.events.odds(id).withMeta(),
      odds.events.odds(id).withMeta(),
      odds.events.odds(id, {}, { coalesce: false }).withMeta(),
    ]);
    expect(all.map((a) => a.meta.reuse?.kind)).toEqual([undefined, 'shared', undefined]);
    expect(chargesOf(mock).charges.length - charged).toBe(2);
    expect(seen.requests.filter((r) => r.routeId === 'events.odds')).toHaveLength(2);
    const off = sdkFor(mock, { coalesce: false }).odds;
    const both = await Promise.all([off.events.odds(id).withMeta(), off.events.odds(id).withMeta()]);
    expect(both.map((a) => a.meta.reuse)).toEqual([undefined, undefined]);
  });

  it('a sharing call that aborts ends alone; when the sending call aborts, the others send their own', async () => {
    const mock = newMock();
    const { odds, seen } = sdkFor(mock);
    const id = await eventOf(odds);
    const held = gate();
    mock.faults.inject({ route: 'events.odds', hold: held.promise, count: 1 });
    const leader = new AbortController();
    const follower = new AbortController();
    const first = odds.events.odds(id, {}, { signal: leader.signal });
    const second = odds.events.odds(id, {}, { signal: follower.signal });
    const third = odds.events.odds(id).withMeta();
    await new Promise((resolve) => setTimeout(resolve, 20));
    follower.abort();
    expect(await rejection(second)).toBeInstanceOf(AbortError);
    leader.abort();
    expect(await rejection(first)).toBeInstanceOf(AbortError);
    held.open();
    const answer = await third;
    expect(answer.meta.reuse).toBeUndefined();
    expect(answer.data.length).toBeGreaterThan(0);
    expect(seen.requests.filter((r) => r.routeId === 'events.odds')).toHaveLength(2);
  });

  it('an error answer reaches every call that shared it, charged once', async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'catalog.sports', status: 503, count: 1 });
    const { odds, seen } = sdkFor(mock, { maxRetries: 0 });
    const errors = await Promise.all([rejection(odds.catalog.sports()), rejection(odds.catalog.sports())]);
    expect(errors.map((e) => (e as { status?: number }).status)).toEqual([503, 503]);
    expect(errors[0]).toBe(errors[1]);
    expect(seen.requests).toHaveLength(1);
  });
});

describe('clear()', () => {
  it('drops what it names; an answer asked for before it is neither shared nor kept after it', async () => {
    const mock = newMock();
    const { odds, seen } = sdkFor(mock, { cache: { maxAge: { 'events.odds': 60_000 } } });
    const [a, b] = (await odds.events.list({ limit: 2 }, { coalesce: false })).map((e) => e.event_id as number) as [number, number];
    await Promise.all([odds.events.odds(a), odds.events.odds(b), odds.catalog.sports()]);
    odds.cache.clear('events.odds', { params: { event_id: a } });
    expect((await odds.events.odds(a).withMeta()).meta.reuse).toBeUndefined();
    expect((await odds.events.odds(b).withMeta()).meta.reuse?.kind).toBe('hit');
    odds.cache.clear('events.odds');
    expect((await odds.events.odds(b).withMeta()).meta.reuse).toBeUndefined();
    expect((await odds.catalog.sports().withMeta()).meta.reuse?.kind).toBe('hit');

    const held = gate();
    mock.faults.inject({ route: 'catalog.sports', hold: held.promise, count: 1 });
    const inFlight = odds.catalog.sports({ cache: false });
    await new Promise((resolve) => setTimeout(resolve, 20));
    odds.cache.clear();
    const after = odds.catalog.sports().withMeta();
    held.open();
    await inFlight;
    expect((await after).meta.reuse).toBeUndefined();
    expect((await odds.catalog.sports().withMeta()).meta.reuse?.kind).toBe('hit');
    const sent = seen.requests.filter((r) => r.routeId === 'catalog.sports').length;
    expect(sent).toBe(3);
    expect(() => odds.cache.clear('account.get' as 'catalog.sports')).toThrow(/clear\(routeId\) must be the id of a data route/);
  });
});

describe('the memory store', () => {
  it('stays within maxBytes, dropping the least recently used answer first', async () => {
    const mock = newMock();
    const probe = sdkFor(mock).odds;
    const sports = await probe.catalog.sports();
    // Room for the sports answer and a little more.
    const maxBytes = probe.cache.stats().bytes + 2_000;
    const { odds, seen } = sdkFor(mock, { cache: { maxBytes } });
    await odds.catalog.sports();
    const ids = sports.slice(0, 6).map((s) => s.sport_id as number);
    for (const id of ids) await odds.catalog.leagues({ sport_id: id });
    const { bytes, entries } = odds.cache.stats();
    expect(bytes).toBeLessThanOrEqual(maxBytes);
    expect(entries).toBeGreaterThan(0);
    expect(entries).toBeLessThan(7);
    const before = seen.requests.length;
    // The sports answer was used least recently: it went first.
    await odds.catalog.sports();
    expect(seen.requests.length).toBe(before + 1);
    await odds.catalog.leagues({ sport_id: ids[5] as number });
    expect(seen.requests.length).toBe(before + 1);
  });

  it('is shared by the clients withOptions() makes', async () => {
    const mock = newMock();
    const { odds, seen } = sdkFor(mock);
    await odds.catalog.sports();
    await odds.withOptions({ timeout: 5_000 }).catalog.sports();
    expect(seen.requests).toHaveLength(1);
  });
});

describe('visible', () => {
  it("says hit and a hit's age on the call's span, miss on a sent one, and counts the credits saved in the ledger", async () => {
    const mock = newMock();
    const exporter = new InMemorySpanExporter();
    const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
    const { odds } = sdkFor(mock, { tracing: { tracerProvider: provider } });
    const first = await odds.catalog.sports().withMeta();
    mock.clock.advance(1_500);
    await Promise.all([odds.catalog.sports(), odds.events.list({ limit: 1 }), odds.events.list({ limit: 1 })]);
    const spans = exporter.getFinishedSpans().map((s) => s.attributes);
    expect(spans.map((a) => [a['sports_odds.route'], a['sports_odds.client_cache'], a['sports_odds.client_cache.age_ms']])).toEqual([
      ['catalog.sports', 'miss', undefined],
      ['catalog.sports', 'hit', 1_500],
      ['events.list', 'miss', undefined],
      ['events.list', 'shared', 0],
    ]);
    const listCost = chargesOf(mock).charges.at(-1)?.cost as number;
    expect(odds.credits.saved).toBe((first.meta.credits.cost as number) + listCost);
    expect(odds.cache.stats()).toMatchObject({ hits: 1, shared: 1, misses: 2, creditsSaved: odds.credits.saved });
    await provider.shutdown();
  });
});

describe('options, checked where they enter', () => {
  const mock = () => ({ apiKey: `svc_live_${'a'.repeat(32)}`, baseUrl: 'https://api.sports-odds.test' });

  it.each([
    [{ cache: { maxAge: { 'events.odds': Number.NaN } } }, "cache.maxAge['events.odds'] must be a non-negative number of ms, got NaN"],
    [{ cache: { maxAge: { 'events.odds': -1 } } }, "cache.maxAge['events.odds'] must be a non-negative number of ms, got -1"],
    [{ cache: { maxAge: { 'events.odds': Number.POSITIVE_INFINITY } } }, 'got Infinity'],
    [{ cache: { maxAge: { 'events.odds': '2s' } } }, 'got "2s"'],
    [{ cache: { maxAge: { 'account.get': 1_000 } } }, 'cache.maxAge has no option "account.get"'],
    [{ cache: { maxBytes: 0 } }, 'cache.maxBytes must be a positive integer of bytes, got 0'],
    [{ cache: { ttl: 1 } }, 'cache has no option "ttl"'],
    [{ cache: true }, 'cache must be false or an object ({ maxAge, maxBytes }), got true'],
    [{ coalesce: 'no' }, 'coalesce must be true or false, got "no"'],
  ])('refuses the client option %j', (options, message) => {
    expect(() => new SportsOdds({ ...mock(), ...(options as object) })).toThrow(message);
  });

  it.each([
    [{ maxAge: Number.NaN }, 'maxAge must be a non-negative number of ms, got NaN'],
    [{ maxAge: -5 }, 'got -5'],
    [{ cache: true }, 'cache must be false (leave it out for the default), got true'],
    [{ coalesce: true }, 'coalesce must be false (leave it out for the default), got true'],
  ])('refuses the call option %j before anything is sent or charged', async (options, message) => {
    const m: MockService = newMock();
    const { odds, seen } = sdkFor(m);
    expect(String(await rejection(odds.catalog.sports(options as object)))).toContain(message);
    expect(seen.requests).toHaveLength(0);
    expect(chargesOf(m).charges).toHaveLength(0);
  });
});
