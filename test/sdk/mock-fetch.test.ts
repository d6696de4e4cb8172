import { describe, expect, it } from 'vitest';
import { createMockService } from '../../mocks';
import { NotFoundError, SportsOdds } from '../../src';

describe('mock.fetch is a fetch: the SDK talks to the mock with no MSW interception', () => {
  it('answers a data call with its credit headers, and an error with its envelope', async () => {
    const mock = createMockService({ now: '2026-11-21T15:00:00Z' });
    const odds = new SportsOdds({ apiKey: mock.apiKey, baseUrl: mock.baseUrl, fetch: mock.fetch, logLevel: 'off' });
    const { data, meta } = await odds.catalog.sports().withMeta();
    expect(data).toHaveLength(44);
    expect(meta.credits.cost).toBe(3);
    await expect(odds.events.results(999_999_999)).rejects.toBeInstanceOf(NotFoundError);
    expect(mock.ledger()[0]?.charged).toBe(4);
  });

  it('takes a URL and init as fetch does, or a Request', async () => {
    const mock = createMockService();
    const init = { headers: { Authorization: `Bearer ${mock.apiKey}` } };
    const a = await mock.fetch(`${mock.baseUrl}/v1/catalog/sports`, init);
    const b = await mock.fetch(new URL(`${mock.baseUrl}/v1/catalog/sports`), init);
    const c = await mock.fetch(new Request(`${mock.baseUrl}/v1/catalog/sports`, init));
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
  });
});
