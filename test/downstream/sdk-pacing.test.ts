// `rateLimit: { requestsPerSecond: 'account' }` on a 2-requests-per-second plan: its own lookup of
// the plan's rate is paced with every other request, so no second carries three and no 429 comes.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SportsOdds } from 'sports-odds-data';
import { createMockService } from 'sports-odds-data/mocks';

const mock = createMockService({ demoAccount: { plan: 'trial' } });
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

describe("pacing at the plan's rate", () => {
  it('sends no 429 on a trial plan (2 requests per second), the account lookup included', async () => {
    const statuses: number[] = [];
    const sentAt: number[] = [];
    const routes: string[] = [];
    const retries: string[] = [];
    const odds = new SportsOdds({
      apiKey: mock.apiKey,
      baseUrl: mock.baseUrl,
      logLevel: 'off',
      rateLimit: { requestsPerSecond: 'account' },
      // Five requests to pace: identical calls would otherwise share one, or be answered from the cache.
      cache: false,
      coalesce: false,
      hooks: {
        beforeRequest: [({ routeId }) => void routes.push(routeId), () => void sentAt.push(mock.clock.now())],
        afterResponse: [({ status }) => void statuses.push(status)],
        beforeRetry: [({ error }) => void retries.push(error.name)],
      },
    });
    const leagues = await Promise.all(Array.from({ length: 5 }, () => odds.catalog.leagues({ sport_id: 1 })));
    expect(leagues.every((l) => l.length > 0)).toBe(true);
    expect(routes).toEqual(['account.get', ...Array(5).fill('catalog.leagues')]);
    expect(statuses).toEqual(Array(6).fill(200));
    expect(retries).toEqual([]);
    // The mock counts requests per second of its clock: never more than the plan's 2.
    const perSecond = new Map<number, number>();
    for (const at of sentAt) perSecond.set(Math.floor(at / 1000), (perSecond.get(Math.floor(at / 1000)) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(2);
  });
});
