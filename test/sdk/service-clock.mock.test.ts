import { describe, expect, it } from 'vitest';
import { BudgetExceededError, QuotaExceededError, type Event, type LiveFilters, type LiveScanState } from '../../src';
import { ServiceClock } from '../../src/core/coordination/service-clock';
import { rejection } from './fake-fetch';
import { chargesOf, NOW, sdkFor, useMockServer } from './mock-setup';

const newMock = useMockServer();
const HOUR = 3_600_000;

describe("the service's clock, from the Date of its answers", () => {
  it('starts as the client clock, then follows the offset the last answer told', () => {
    let local = 1_000_000;
    const clock = new ServiceClock(() => local);
    expect(clock.known).toBe(false);
    expect(clock.now()).toBe(local);
    clock.observe(new Headers({ date: 'Sat, 21 Nov 2026 15:00:00 GMT' }), local);
    expect(clock.known).toBe(true);
    expect(clock.now()).toBe(Date.parse(NOW));
    local += 5_000;
    expect(clock.now()).toBe(Date.parse(NOW) + 5_000);
    expect(clock.toService(local - 1_000)).toBe(Date.parse(NOW) + 4_000);
    // A header that is not an HTTP date teaches nothing.
    clock.observe(new Headers({ date: 'yesterday' }), local);
    expect(clock.now()).toBe(Date.parse(NOW) + 5_000);
    clock.observe(new Headers(), local);
    expect(clock.now()).toBe(Date.parse(NOW) + 5_000);
  });

  it('is what the mock sends: Date from its own clock on every answer, errors included', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const { response } = await odds.catalog.sports().withMeta();
    expect(response.headers.get('date')).toBe('Sat, 21 Nov 2026 15:00:00 GMT');
    mock.clock.advance(3 * HOUR);
    const error = await rejection<{ meta: { status: number } }>(odds.events.results(999_999_999));
    expect(error.meta.status).toBe(404);
    const raw = await fetch(`${mock.baseUrl}/v1/catalog/sports`);
    expect(raw.status).toBe(401);
    expect(raw.headers.get('date')).toBe('Sat, 21 Nov 2026 18:00:00 GMT');
  });
});

describe('polling on the service clock', () => {
  /** Polls a league six times an hour apart, with the client's clock `skew` ms off the mock's. */
  async function pollWithSkew(skew: number) {
    const mock = newMock();
    const stop = new AbortController();
    let waits = 0;
    const { odds, seen } = sdkFor(mock, {
      now: () => mock.clock.now() + skew,
      sleep: async (ms) => {
        mock.clock.advance(ms);
        if (++waits === 6) stop.abort();
      },
    });
    const leagueId = (await odds.catalog.leagues({ sport_id: 29 }))[0]?.league_id as number;
    seen.requests.length = 0;
    const batches = [];
    for await (const batch of odds.events.poll({ league_id: leagueId, limit: 500 }, { intervalMs: HOUR, signal: stop.signal }).batches()) {
      batches.push(batch);
    }
    const sinces = seen.requests.map((r) => new URL(r.url).searchParams.get('since'));
    return { batches, sinces };
  }

  it.each([
    ['six hours behind', -6 * HOUR],
    ['nine hours ahead', 9 * HOUR],
    ['two days ahead', 2 * 24 * HOUR],
  ])('finds every change with a client clock %s', async (_, skew) => {
    const reference = await pollWithSkew(0);
    const skewed = await pollWithSkew(skew);
    // Each later poll reaches back a minute before the previous poll started, on the mock's clock.
    expect(skewed.sinces[0]).toBeNull();
    for (let i = 1; i < skewed.sinces.length; i++) {
      expect(skewed.sinces[i]).toBe(new Date(Date.parse(NOW) + (i - 1) * HOUR - 60_000).toISOString().replace('.000Z', 'Z'));
    }
    expect(skewed.sinces).toEqual(reference.sinces);
    // Later polls find the changes the unskewed client finds.
    const changes = (b: typeof reference.batches) => b.map((x) => x.data.map((e: Event) => `${e.event_id}@${e.version}`));
    expect(changes(skewed.batches)).toEqual(changes(reference.batches));
    expect(skewed.batches.slice(1).some((b) => b.data.length > 0)).toBe(true);
  });

  it('yields one batch per poll with its headers, so polls can be told apart', async () => {
    const { batches } = await pollWithSkew(0);
    expect(batches.map((b) => b.poll)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(batches[0]?.since).toBeUndefined();
    for (const batch of batches) {
      expect(batch.meta.credits.cost).toBe(Math.max(1, Math.ceil(batch.rows / 20)));
      expect(batch.meta.truncated).toBe(false);
      expect(batch.data.length).toBeLessThanOrEqual(batch.rows);
    }
    const keys = batches.flatMap((b) => b.data.map((e) => `${e.event_id}@${e.version}`));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('budget floors and quota resets on the service clock', () => {
  const small = {
    plans: { small: { slug: 'small', name: 'Small', periodCredits: 10_000, periodDays: 30, dailyCredits: 60, rateLimitRps: 20 } },
  };

  it.each([
    ['two days ahead', 2 * 24 * HOUR],
    ['five hours behind', -5 * HOUR],
  ])('keeps the daily floor with a client clock %s', async (_, skew) => {
    const mock = newMock(small);
    const account = await mock.createAccount({ email: 'floor@example.test', plan: 'small' });
    const { odds, seen } = sdkFor(mock, { apiKey: account.apiKey, budget: { dailyFloor: 40 }, now: () => mock.clock.now() + skew });
    await odds.catalog.sports(); // 3 credits: 57 remain until 00:00 UTC of the service
    const charged = chargesOf(mock, account.email).charged;
    // Reserving 25 would leave 32, below the floor, however far the client's clock is from the service's.
    const error = await rejection<BudgetExceededError>(odds.events.list({ limit: 500 }));
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect(error).toMatchObject({ limit: 'dailyFloor', envelope: 25, available: 17 });
    expect(seen.requests).toHaveLength(1);
    expect(chargesOf(mock, account.email).charged).toBe(charged);
    // Past the service's midnight the window is refilled, and the floor lets the call through.
    mock.clock.set('2026-11-22T00:00:01Z');
    await odds.events.list({ limit: 500 });
    expect(seen.requests).toHaveLength(2);
  });

  it('dates QuotaExceededError.resetAt on the service clock: the daily reset it reported', async () => {
    const mock = newMock({
      plans: { tiny: { slug: 'tiny', name: 'Tiny', periodCredits: 10_000, periodDays: 30, dailyCredits: 27, rateLimitRps: 20 } },
      demoAccount: { plan: 'tiny' },
    });
    const { odds } = sdkFor(mock, { now: () => mock.clock.now() - 7 * HOUR, maxRetries: 0, cache: false });
    const { meta } = await odds.catalog.sports().withMeta();
    const error = await rejection<QuotaExceededError>(odds.catalog.sports());
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect(meta.credits.dailyReset?.toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(error.resetAt?.toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });
});

describe('the live cursor on the service clock', () => {
  it('judges a saved cursor by the service clock: another client with another clock resumes it', async () => {
    const mock = newMock({ now: '2026-11-21T20:00:00Z' });
    const first = sdkFor(mock, { now: () => mock.clock.now() - 3 * HOUR });
    const scan = first.odds.events.live({ limit: 1 });
    for await (const page of scan.pages()) if (page.state.pages === 1) break;
    const state = JSON.parse(JSON.stringify(scan)) as LiveScanState<LiveFilters>;
    expect(state.cursorReceivedAt).toBe('2026-11-21T20:00:00.000Z');

    mock.clock.advance(60_000);
    const second = sdkFor(mock, { now: () => mock.clock.now() + 4 * HOUR });
    await second.odds.catalog.sports(); // learns the service's time
    const resumed = second.odds.events.resumeLive(state).pages();
    const next = await resumed.next();
    expect(next.done).toBe(false);
    expect(second.seen.requests.at(-1)?.url).toContain('cursor=');
  });

  it('refuses locally a cursor five minutes old on the service clock, whatever the client clock says', async () => {
    const mock = newMock({ now: '2026-11-21T20:00:00Z' });
    const { odds, seen } = sdkFor(mock, { now: () => mock.clock.now() - 3 * HOUR });
    const scan = odds.events.live({ limit: 1 });
    for await (const page of scan.pages()) if (page.state.pages === 1) break;
    mock.clock.advance(5 * 60_000 + 1_000);
    await odds.catalog.sports(); // the service's time moved on
    const sent = seen.requests.length;
    await expect(scan.pages().next()).rejects.toMatchObject({ name: 'CursorExpiredError' });
    expect(seen.requests).toHaveLength(sent);
  });
});

describe("pacing at the plan's rate read from the account", () => {
  it("paces its own lookup: never more than the plan's rate in any second, no 429", async () => {
    const mock = newMock();
    const account = await mock.createAccount({ email: 'auto2@example.test', plan: 'trial' });
    const statuses: number[] = [];
    const sentAt: number[] = [];
    const { odds, seen } = sdkFor(mock, {
      apiKey: account.apiKey,
      rateLimit: { requestsPerSecond: 'account' },
      // Six identical calls, each sent.
      cache: false,
      coalesce: false,
      hooks: {
        beforeRequest: [(info) => void seen.requests.push(info), () => void sentAt.push(mock.clock.now())],
        afterResponse: [({ status }) => void statuses.push(status)],
        beforeRetry: [(info) => void seen.retries.push(info)],
      },
    });
    await Promise.all(Array.from({ length: 6 }, () => odds.catalog.leagues({ sport_id: 1 })));
    expect(seen.requests.map((r) => r.routeId)).toEqual(['account.get', ...Array(6).fill('catalog.leagues')]);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect(seen.retries).toEqual([]);
    // The mock counts requests per second of its clock: at most 2 in any.
    const perSecond = new Map<number, number>();
    for (const at of sentAt) perSecond.set(Math.floor(at / 1000), (perSecond.get(Math.floor(at / 1000)) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(2);
  });
});
