// A route's answer chosen by a downstream suite (docs/testing.md): a typed resolver inside the whole
// pipeline, so the SDK sees metering headers on it; an answer that breaks the route's schema fails at once.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APIError, NotFoundError, SportsOdds, type OddsSnapshot } from 'sports-odds-data';
import { createMockService, fixtures, type ResolverContext } from 'sports-odds-data/mocks';

const mock = createMockService({ now: '2026-11-21T12:00:00Z' });
const server = setupServer(...mock.handlers);
const retries: number[] = [];
const odds = new SportsOdds({
  apiKey: mock.apiKey,
  baseUrl: mock.baseUrl,
  logLevel: 'off',
  now: () => mock.clock.now(),
  sleep: async (ms) => mock.clock.advance(ms),
  hooks: { beforeRetry: [(info) => void retries.push(info.attempt)] },
});

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(async () => {
  await mock.reset();
  mock.clock.freeze('2026-11-21T12:00:00Z');
  retries.length = 0;
});
afterAll(() => server.close());

const charged = () => mock.ledger().find((e) => e.email === mock.demoEmail)?.charged ?? 0;

describe('mock.use on events.odds', () => {
  it('answers once with a typed resolver, with the metering headers of the service on the overridden answer', async () => {
    const seen: ResolverContext<'events.odds'>[] = [];
    mock.use(
      'events.odds',
      (ctx) => {
        seen.push(ctx);
        return Array.from(
          { length: 25 },
          (_, i): OddsSnapshot =>
            fixtures.oddsSnapshot({ event_id: ctx.params.event_id, market: 'moneyline', odds1: 2 + i / 100, odds2: 1.9 }),
        );
      },
      { once: true },
    );
    const before = charged();
    const { data, meta, response } = await odds.events.odds(123_456, { full_history: true }).withMeta();
    expect(data).toHaveLength(25);
    expect(data.every((r) => r.event_id === 123_456)).toBe(true);
    expect(seen[0]?.query.full_history).toBe(true);
    expect(meta.metered).toBe(true);
    expect(meta.credits.cost).toBe(2);
    expect(meta.resultRows).toBe(25);
    expect(meta.truncated).toBe(false);
    expect(meta.credits.dailyRemaining).toBeTypeOf('number');
    expect(meta.credits.periodReset).toBeInstanceOf(Date);
    for (const name of ['X-Credits-Cost', 'X-Credits-Period-Remaining', 'X-Credits-Daily-Remaining', 'X-Result-Rows', 'X-Request-Id']) {
      expect(response.headers.get(name), name).not.toBeNull();
    }
    expect(charged() - before).toBe(2);

    // Once: the next call reaches the service's own handler (no such event).
    await expect(odds.events.odds(123_456)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('a wrong field type fails the test at once, naming the field: 422 fixture_invalid, not retried, not charged', async () => {
    mock.use('events.odds', () => [fixtures.oddsSnapshot(), { ...fixtures.oddsSnapshot(), odds1: '2.10' as unknown as number }]);
    const before = charged();
    const failure = await odds.events.odds(42).then(
      () => new Error('the call succeeded'),
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(APIError);
    expect(failure).toMatchObject({ status: 422, code: 'fixture_invalid' });
    expect((failure as Error).message).toContain(
      "mock.use('events.odds'): the answer breaks the route's schema at [1].odds1: expected number, received string",
    );
    expect(retries).toEqual([]);
    expect(charged()).toBe(before);
  });

  it('a typo in a field name fails the same way', async () => {
    mock.use('events.odds', () => [{ ...fixtures.oddsSnapshot(), odd1: 2.1 }]);
    await expect(odds.events.odds(42)).rejects.toThrow('the answer has a field the route does not define at [0].odd1');
  });

  it('throws a failure of the route with mock.error, charged as the service charges it', async () => {
    mock.use(
      'events.odds',
      () => {
        throw mock.error('service_error');
      },
      { times: 1 },
    );
    mock.use('events.odds', () => [fixtures.oddsSnapshot({ odds1: 3.3 })], { once: true, params: { event_id: 7 } });
    const before = charged();
    // The SDK retries a 502; the override answered the first attempt only, the second reached the handler.
    await expect(odds.events.odds(42, {}, { maxRetries: 1 })).rejects.toBeInstanceOf(NotFoundError);
    expect(retries).toHaveLength(1);
    expect(charged() - before).toBe(2);
    expect((await odds.events.odds(7))[0]?.odds1).toBe(3.3);
  });
});
