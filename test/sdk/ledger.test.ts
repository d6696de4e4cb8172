import { describe, expect, it } from 'vitest';
import { BudgetExceededError, type SportsOdds, type CreditSnapshot, type ResponseMeta } from '../../src';
import { type FakeAnswer, fakeClient, rejection } from './fake-fetch';

const credits = (cost: number, dailyRemaining: number, periodRemaining = 900_000): FakeAnswer => ({
  body: [],
  headers: {
    'x-credits-cost': String(cost),
    'x-credits-period-limit': '1000000',
    'x-credits-period-remaining': String(periodRemaining),
    'x-credits-period-reset': '2026-12-01T00:00:00Z',
    'x-credits-daily-limit': '100000',
    'x-credits-daily-remaining': String(dailyRemaining),
    'x-credits-daily-reset': '2026-11-22T00:00:00Z',
    'x-result-rows': '0',
  },
});

const setup = (answers: FakeAnswer[], options: ConstructorParameters<typeof SportsOdds>[0] = {}) => {
  const seen: [CreditSnapshot, ResponseMeta][] = [];
  return { ...fakeClient(answers, { onCredits: (c, m) => void seen.push([c, m]), ...options }), seen };
};

describe('credit ledger', () => {
  it('sums the cost of this client and keeps the last known remaining of both windows', async () => {
    const { odds, seen } = setup([credits(1, 500), credits(3, 497, 899_000)]);
    await odds.catalog.sports();
    await odds.events.odds(1, { full_history: true });
    const c = odds.credits;
    expect(c.spent).toBe(4);
    expect(c.meteredCalls).toBe(2);
    expect(c.reserved).toBe(0);
    expect(c.daily).toEqual({ limit: 100_000, remaining: 497, reset: new Date('2026-11-22T00:00:00Z') });
    expect(c.period).toEqual({ limit: 1_000_000, remaining: 899_000, reset: new Date('2026-12-01T00:00:00Z') });
    expect(seen.map(([s]) => s.spent)).toEqual([1, 4]);
    expect(seen[1]?.[1].credits.cost).toBe(3);
  });

  it('counts charged errors, and skips unmetered answers', async () => {
    const { odds } = setup([{ ...credits(1, 10), status: 404 }, { body: [] }]);
    await expect(odds.analytics.clv({ event_id: 1, market: 'moneyline', side: 'home', odds: 2 })).rejects.toMatchObject({ status: 404 });
    await odds.catalog.sports();
    expect(odds.credits.spent).toBe(1);
    expect(odds.credits.meteredCalls).toBe(1);
  });

  it('adds the cost of every answer served again from the cache to saved, and to nothing else', async () => {
    const { odds, fake } = setup([credits(3, 10)]);
    await odds.catalog.sports();
    await odds.catalog.sports();
    await odds.catalog.sports();
    expect(fake.seen).toHaveLength(1);
    expect(odds.credits).toMatchObject({ spent: 3, meteredCalls: 1, reserved: 0, saved: 6 });
  });
});

describe('budget guard', () => {
  it('refuses a call whose envelope could pass maxCredits, sending nothing', async () => {
    // A history request reserves ceil(5000 / 20) = 250 credits; a latest one 25.
    const { odds, fake } = setup([credits(1, 1000)], { budget: { maxCredits: 100 } });
    await odds.events.odds(1);
    const error = await rejection<BudgetExceededError>(odds.events.odds(1, { full_history: true }));
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect(error.limit).toBe('maxCredits');
    expect(error.envelope).toBe(250);
    expect(error.available).toBe(99);
    expect(fake.seen).toHaveLength(1);
  });

  it('counts calls in flight against maxCredits', async () => {
    const { odds, fake } = setup([credits(1, 1000)], { budget: { maxCredits: 30 } });
    const first = odds.events.odds(1); // reserves 25
    await expect(odds.events.odds(2)).rejects.toBeInstanceOf(BudgetExceededError);
    await first;
    expect(fake.seen).toHaveLength(1);
    expect(odds.credits.reserved).toBe(0);
  });

  it('keeps a daily floor from the last known remaining', async () => {
    const { odds, fake } = setup([credits(1, 40)], { budget: { dailyFloor: 20 } });
    await odds.catalog.sports(); // nothing known yet: allowed; now 40 remain
    await expect(odds.events.odds(1)).rejects.toMatchObject({ name: 'BudgetExceededError', limit: 'dailyFloor' });
    expect(fake.seen).toHaveLength(1);
  });

  it('forgets a daily report once its reset has passed', async () => {
    const { odds, fake, time } = setup([credits(1, 40)], { budget: { dailyFloor: 20 } });
    await odds.catalog.sports();
    time.advance(13 * 3600_000);
    await odds.events.odds(1);
    expect(fake.seen).toHaveLength(2);
  });

  it('keeps a period floor', async () => {
    const { odds } = setup([credits(1, 1000, 30)], { budget: { periodFloor: 10 } });
    await odds.catalog.sports();
    await expect(odds.events.odds(1)).rejects.toMatchObject({ limit: 'periodFloor' });
  });

  it('reserves the live envelope from the limit', async () => {
    const { odds } = setup([credits(1, 1000)], { budget: { maxCredits: 20 } });
    // live=1 with limit 500: max(ceil(500/20), ceil(512/20)) = 26 > 20
    await expect(odds.events.list({ live: true, limit: 500 })).rejects.toMatchObject({ envelope: 26 });
    await odds.events.list({ live: true, limit: 10 }); // max(1, ceil(20/20)) = 1
  });
});
