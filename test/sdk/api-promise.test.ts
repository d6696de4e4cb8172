import { describe, expect, it } from 'vitest';
import { APIPromise, SportsOdds } from '../../src';
import { fakeFetch, TEST_KEY } from './fake-fetch';

describe('APIPromise', () => {
  it('resolves to the data, and withMeta() to data and meta of the same request', async () => {
    const fake = fakeFetch([
      {
        body: [{ sport_id: 1 }],
        headers: {
          'x-credits-cost': '1',
          'x-result-rows': '1',
          'x-cache': 'MISS',
          'x-request-id': 'req_1',
          'x-service-origin': 'https://api.sports-odds.test',
        },
      },
    ]);
    const odds = new SportsOdds({ apiKey: TEST_KEY, baseUrl: 'https://api.sports-odds.test', fetch: fake.fetch });
    const call = odds.catalog.sports();
    expect(call).toBeInstanceOf(APIPromise);
    expect(call).toBeInstanceOf(Promise);
    const [data, withMeta] = await Promise.all([call, call.withMeta()]);
    expect(data).toEqual([{ sport_id: 1 }]);
    expect(withMeta.data).toBe(data);
    expect(withMeta.meta).toMatchObject({
      status: 200,
      attempts: 1,
      resultRows: 1,
      cache: 'MISS',
      requestId: 'req_1',
      serviceOrigin: 'https://api.sports-odds.test',
      credits: { cost: 1 },
    });
    expect(fake.seen).toHaveLength(1);
  });

  it('supports then/catch/finally chains', async () => {
    const odds = new SportsOdds({
      apiKey: TEST_KEY,
      baseUrl: 'https://api.sports-odds.test',
      fetch: fakeFetch([{ status: 404 }]).fetch,
      logLevel: 'off',
    });
    let finished = false;
    const status = await odds.events
      .results(1)
      .finally(() => {
        finished = true;
      })
      .catch((e: { status: number }) => e.status);
    expect(status).toBe(404);
    expect(finished).toBe(true);
  });
});
