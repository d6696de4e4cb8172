import { describe, expect, it } from 'vitest';
import { BudgetExceededError, RateLimitError, type CreditSnapshot } from '../../src';
import { rejection } from './fake-fetch';
import { chargesOf, sdkFor, useMockServer } from './mock-setup';

const newMock = useMockServer();

describe('credits, budget and pacing against the mock service', () => {
  it("keeps a ledger that matches the service's own", async () => {
    const mock = newMock();
    const snapshots: CreditSnapshot[] = [];
    const { odds } = sdkFor(mock, { onCredits: (c) => void snapshots.push(c) });
    await odds.catalog.sports();
    const events = await odds.events.list({ limit: 10 });
    await odds.events.odds(events[0]?.event_id as number, { full_history: true });
    const service = chargesOf(mock);
    const entry = mock.ledger().find((e) => e.email === mock.demoEmail);
    expect(odds.credits.spent).toBe(service.charged);
    expect(odds.credits.meteredCalls).toBe(3);
    expect(odds.credits.daily.remaining).toBe(entry?.daily.remaining);
    expect(odds.credits.period.remaining).toBe(entry?.period.remaining);
    expect(odds.credits.daily.reset?.toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(snapshots.map((s) => s.spent)).toEqual([3, 3 + 1, service.charged]);
  });

  it('refuses a call over maxCredits locally: nothing sent, nothing charged', async () => {
    const mock = newMock();
    const { odds, seen } = sdkFor(mock, { budget: { maxCredits: 100 } });
    const events = await odds.events.list({ limit: 1 });
    const sent = seen.requests.length;
    const charged = chargesOf(mock).charges.length;
    const error = await rejection<BudgetExceededError>(odds.events.odds(events[0]?.event_id as number, { full_history: true }));
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect(error).toMatchObject({ limit: 'maxCredits', envelope: 250 });
    expect(seen.requests).toHaveLength(sent);
    expect(chargesOf(mock).charges).toHaveLength(charged);
    // A latest-odds call reserves only 25 and still fits.
    await odds.events.odds(events[0]?.event_id as number);
  });

  it('keeps a daily floor from the remaining the service reported', async () => {
    const mock = newMock({
      plans: { small: { slug: 'small', name: 'Small', periodCredits: 10_000, periodDays: 30, dailyCredits: 60, rateLimitRps: 20 } },
    });
    const account = await mock.createAccount({ email: 'floor@example.test', plan: 'small' });
    const { odds, seen } = sdkFor(mock, { apiKey: account.apiKey, budget: { dailyFloor: 40 } });
    await odds.catalog.sports(); // 3 credits: 57 remain
    // limit 500 reserves 25 credits: 57 - 25 would fall below the floor of 40.
    await expect(odds.events.list({ limit: 500 })).rejects.toMatchObject({ name: 'BudgetExceededError', limit: 'dailyFloor' });
    await odds.events.list({ limit: 100 }); // reserves 5: 52 stay above the floor
    expect(seen.requests).toHaveLength(2);
  });

  it('paces a burst to the plan rate: no 429 drawn', async () => {
    const mock = newMock();
    const account = await mock.createAccount({ email: 'paced@example.test', plan: 'trial' });
    // Seven identical calls, each sent: nothing shared or cached.
    const { odds, seen } = sdkFor(mock, { apiKey: account.apiKey, rateLimit: { requestsPerSecond: 2 }, cache: false, coalesce: false });
    const start = mock.clock.now();
    const results = await Promise.all(Array.from({ length: 7 }, () => odds.catalog.leagues({ sport_id: 1 })));
    expect(results.every((r) => r.length > 0)).toBe(true);
    expect(seen.retries).toEqual([]);
    expect(seen.requests).toHaveLength(7);
    expect(mock.clock.now() - start).toBeGreaterThanOrEqual(3000);

    // Unpaced, the same burst draws 429s (whether its retries then fit is how their waits interleave on the one clock).
    const unpaced = sdkFor(mock, { apiKey: account.apiKey, cache: false, coalesce: false });
    await Promise.allSettled(Array.from({ length: 7 }, () => unpaced.odds.catalog.leagues({ sport_id: 1 })));
    expect(unpaced.seen.retries.some((r) => r.error instanceof RateLimitError)).toBe(true);
  });
});

describe("pacing at the plan's rate read from the account", () => {
  it('reads the rate once and paces to it', async () => {
    const mock = newMock();
    const account = await mock.createAccount({ email: 'auto@example.test', plan: 'trial' });
    const { odds, seen } = sdkFor(mock, {
      apiKey: account.apiKey,
      rateLimit: { requestsPerSecond: 'account' },
      cache: false,
      coalesce: false,
    });
    await Promise.all(Array.from({ length: 6 }, () => odds.catalog.leagues({ sport_id: 1 })));
    expect(seen.retries).toEqual([]);
    expect(seen.requests.map((r) => r.routeId)).toEqual(['account.get', ...Array(6).fill('catalog.leagues')]);
  });

  it("answers a first call that is itself account.get: the rate's lookup is never shared with the call that waits for it", async () => {
    const mock = newMock();
    const account = await mock.createAccount({ email: 'first@example.test', plan: 'trial' });
    // Coalescing on (the default): the lookup and the user's own account.get are the same GET.
    const { odds, seen } = sdkFor(mock, { apiKey: account.apiKey, rateLimit: { requestsPerSecond: 'account' } });
    expect((await odds.account.get()).email).toBe('first@example.test');
    expect(seen.requests.map((r) => r.routeId)).toEqual(['account.get', 'account.get']);
  });

  it("is paced at the lowest plan's rate (and says so) when the key cannot read the account", async () => {
    const mock = newMock();
    const key = await mock.createKey(mock.demoEmail, { name: 'data only', scopes: ['data:read'] });
    const warnings: string[] = [];
    const logger = { debug() {}, info() {}, error() {}, warn: (m: string) => void warnings.push(m) };
    const { odds, seen } = sdkFor(mock, {
      apiKey: key.apiKey,
      rateLimit: { requestsPerSecond: 'account' },
      logger,
      logLevel: 'warn',
      cache: false,
      coalesce: false,
    });
    const start = mock.clock.now();
    expect(await odds.catalog.sports()).toHaveLength(44);
    await Promise.all(Array.from({ length: 4 }, () => odds.catalog.leagues({ sport_id: 1 })));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/cannot read the account \(insufficient_scope\), so calls are paced at 2 per second/);
    // The refused lookup and five calls at 2 per second: the last starts in the third second.
    expect(seen.requests.map((r) => r.routeId)).toEqual(['account.get', 'catalog.sports', ...Array(4).fill('catalog.leagues')]);
    expect(mock.clock.now() - start).toBeGreaterThanOrEqual(2000);
    expect(seen.retries).toEqual([]);
  });
});
