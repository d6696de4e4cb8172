import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NotFoundError, SportsOdds } from 'sports-odds-data';
import { createMockService } from 'sports-odds-data/mocks';

const mock = createMockService({ now: '2026-11-21T15:00:00Z' });
const server = setupServer(...mock.handlers);
const odds = new SportsOdds({ apiKey: mock.apiKey, baseUrl: mock.baseUrl, logLevel: 'off' });

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => mock.reset());
afterAll(() => server.close());

describe('the published package in a downstream suite', () => {
  it('makes a metered call whose credits match the mock ledger', async () => {
    const { data, meta } = await odds.catalog.sports().withMeta();
    expect(data.length).toBeGreaterThan(0);
    expect(meta.credits.cost).toBe(Math.ceil(data.length / 20));
    expect(mock.ledger().find((e) => e.email === mock.demoEmail)?.charged).toBe(meta.credits.cost);
  });

  it('throws typed errors from the package entry', async () => {
    await expect(odds.events.results(999_999_999)).rejects.toBeInstanceOf(NotFoundError);
  });
});
