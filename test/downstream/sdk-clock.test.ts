// The service's clock, as a downstream project meets it: a mock pinned hours away from the local
// clock (the README's own setup), and a client whose clock is skewed against a real-time mock.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BudgetExceededError, QuotaExceededError, SportsOdds, type ClientOptions, type Event, type PollBatch } from 'sports-odds-data';
import { createMockService, type MockService } from 'sports-odds-data/mocks';

const HOUR = 3_600_000;
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

function use(mock: MockService): MockService {
  server.resetHandlers(...mock.handlers);
  return mock;
}

const charged = (mock: MockService, email = mock.demoEmail) => mock.ledger().find((e) => e.email === email)?.charged ?? 0;

/** Six polls an hour apart of the mock's time; the waits move the mock's clock, not the local one. */
async function sixPolls(mock: MockService, options: ClientOptions = {}) {
  const stop = new AbortController();
  let waits = 0;
  const odds = new SportsOdds({
    apiKey: mock.apiKey,
    baseUrl: mock.baseUrl,
    logLevel: 'off',
    sleep: async (ms) => {
      mock.clock.advance(ms);
      if (++waits === 6) stop.abort();
    },
    ...options,
  });
  const leagueId = (await odds.catalog.leagues({ sport_id: 29 }))[0]?.league_id;
  if (typeof leagueId !== 'number') throw new Error('no league');
  const batches: PollBatch<Event>[] = [];
  for await (const batch of odds.events.poll({ league_id: leagueId, limit: 500 }, { intervalMs: HOUR, signal: stop.signal }).batches()) {
    batches.push(batch);
  }
  return { odds, batches };
}

function expectPollsOnTheServiceClock(batches: readonly PollBatch<Event>[], serviceStart: number) {
  expect(batches.map((b) => b.poll)).toEqual([1, 2, 3, 4, 5, 6]);
  expect(batches[0]?.since).toBeUndefined();
  for (const batch of batches.slice(1)) {
    // Each since reaches a minute back from the previous poll's start on the service's clock
    // (to the second; a request's own duration may take one more second off).
    const expected = serviceStart + (batch.poll - 2) * HOUR - 60_000;
    const since = Date.parse(batch.since ?? '');
    expect(since).toBeLessThanOrEqual(expected);
    expect(since).toBeGreaterThanOrEqual(expected - 2_000);
  }
  // Later polls find the fixtures that changed in the hour before them.
  expect(batches.slice(1).some((b) => b.data.length > 0)).toBe(true);
  for (const batch of batches) expect(batch.meta.credits.cost).toBe(Math.max(1, Math.ceil(batch.rows / 20)));
}

describe('polling', () => {
  it('sees every change with a mock pinned a day away from the local clock', async () => {
    const pinned = Date.now() - 27 * HOUR;
    const mock = use(createMockService({ now: pinned }));
    mock.clock.freeze(pinned);
    const before = charged(mock);
    const { odds, batches } = await sixPolls(mock);
    expectPollsOnTheServiceClock(batches, pinned);
    expect(odds.credits.spent).toBe(charged(mock) - before);
  });

  it('sees every change with a client clock nine hours ahead of a real-time mock', async () => {
    const mock = use(createMockService());
    mock.clock.freeze();
    const start = mock.clock.now();
    const { batches } = await sixPolls(mock, { now: () => Date.now() + 9 * HOUR });
    expectPollsOnTheServiceClock(batches, start);
  });
});

describe('budget floors', () => {
  const plans = { small: { slug: 'small', name: 'Small', periodCredits: 10_000, periodDays: 30, dailyCredits: 60, rateLimitRps: 20 } };

  async function floorHolds(mock: MockService, options: ClientOptions = {}) {
    const odds = new SportsOdds({ apiKey: mock.apiKey, baseUrl: mock.baseUrl, logLevel: 'off', budget: { dailyFloor: 40 }, ...options });
    await odds.catalog.sports(); // 3 credits: 57 left today on the service's clock
    const before = charged(mock);
    // A 500-event listing reserves 25 credits, which would leave 32: below the floor.
    const refused = await odds.events.list({ limit: 500 }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(BudgetExceededError);
    expect(refused).toMatchObject({ limit: 'dailyFloor', envelope: 25, available: 17 });
    expect(charged(mock)).toBe(before);
    await odds.events.list({ limit: 100 }); // reserves 5: fits above the floor
    expect(charged(mock)).toBeGreaterThan(before);
  }

  it('hold with a mock pinned a day behind the local clock', async () => {
    const pinned = Date.now() - 27 * HOUR;
    const mock = use(createMockService({ now: pinned, plans, demoAccount: { plan: 'small' } }));
    await floorHolds(mock);
  });

  it('hold with a client clock two days ahead of a real-time mock', async () => {
    const mock = use(createMockService({ plans, demoAccount: { plan: 'small' } }));
    await floorHolds(mock, { now: () => Date.now() + 48 * HOUR });
  });

  it('date QuotaExceededError.resetAt at the daily reset the service reported', async () => {
    const pinned = Date.now() - 27 * HOUR;
    const tiny = { tiny: { slug: 'tiny', name: 'Tiny', periodCredits: 10_000, periodDays: 30, dailyCredits: 27, rateLimitRps: 20 } };
    const mock = use(createMockService({ now: pinned, plans: tiny, demoAccount: { plan: 'tiny' } }));
    // The second call is sent (the catalog's default maxAge would answer it from the cache, free).
    const odds = new SportsOdds({ apiKey: mock.apiKey, baseUrl: mock.baseUrl, logLevel: 'off', maxRetries: 0, cache: false });
    const { meta } = await odds.catalog.sports().withMeta();
    const error = await odds.catalog.sports().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect((error as QuotaExceededError).resetAt?.toISOString()).toBe(meta.credits.dailyReset?.toISOString());
  });
});
