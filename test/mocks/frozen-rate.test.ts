import { describe, expect, it } from 'vitest';
import { RateLimitError, SportsOdds } from '../../src';
import { createServiceClock } from '../../mocks/service/clock';
import { call, codeOf, NOW, useMockServer } from '../helpers/mock-server';

const newMock = useMockServer();
const SPORTS = '/v1/catalog/sports';

describe('a frozen clock still serves (docs/service.md, "Rate limit")', () => {
  it('lets the SDK, retrying on real time, make more calls than the plan rate while the clock stands still', async () => {
    const mock = newMock({ demoAccount: { plan: 'trial' } }); // 2 requests per second; the helper froze the clock at NOW
    const retried: Error[] = [];
    const odds = new SportsOdds({
      apiKey: mock.apiKey,
      baseUrl: mock.baseUrl,
      logLevel: 'off',
      random: () => 0.5,
      hooks: { beforeRetry: [(info) => void retried.push(info.error)] },
    });
    // The window of this second is spent outside the SDK, so its first call is over the rate.
    expect([(await call(mock, SPORTS)).status, (await call(mock, SPORTS)).status]).toEqual([200, 200]);
    for (let i = 0; i < 3; i++) await odds.catalog.sports({ cache: false });
    // Its retry after Retry-After's real second was answered.
    expect(retried.length).toBeGreaterThan(0);
    expect(retried.every((error) => error instanceof RateLimitError)).toBe(true);
    expect(mock.clock.frozen).toBe(true);
    expect(mock.clock.now()).toBe(Date.parse(NOW));
    // The daily window stays on the frozen clock: five answered calls, one UTC day.
    const [demo] = mock.ledger();
    expect(demo?.charges.map((c) => c.at)).toEqual(Array(5).fill(Date.parse(NOW)));
    expect(demo?.daily.starts_at).toBe('2026-11-21T00:00:00.000Z');
  });

  it('still opens a new window when a test moves the frozen clock a second on', async () => {
    const mock = newMock({ demoAccount: { plan: 'trial' } });
    await call(mock, SPORTS);
    await call(mock, SPORTS);
    expect(codeOf(await call(mock, SPORTS))).toBe('rate_limited');
    mock.clock.advance(1000);
    expect((await call(mock, SPORTS)).status).toBe(200);
  });

  it('counts real seconds for the rate windows while frozen, and the clock itself otherwise', () => {
    let real = 1_000_000;
    const time = createServiceClock(NOW, () => real);
    expect(time.rateNow()).toBe(Date.parse(NOW));
    time.clock.freeze();
    real += 1500;
    expect([time.clock.now(), time.rateNow()]).toEqual([Date.parse(NOW), Date.parse(NOW) + 1500]);
    time.clock.advance(1000);
    expect([time.clock.now(), time.rateNow()]).toEqual([Date.parse(NOW) + 1000, Date.parse(NOW) + 2500]);
    time.clock.set(Date.parse(NOW) + 10_000);
    expect(time.rateNow()).toBe(Date.parse(NOW) + 10_000);
    time.clock.resume();
    real += 500;
    expect([time.clock.now(), time.rateNow()]).toEqual([Date.parse(NOW) + 10_500, Date.parse(NOW) + 10_500]);
    expect(time.clock.frozen).toBe(false);
  });
});
