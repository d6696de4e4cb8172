import { describe, expect, it } from 'vitest';
import { useMockServer } from '../../helpers/mock-server';
import { call, charged, DAY, data, expectChargedFailure, expectFree, expectMetered, T0, tinyPlan } from './helpers';

const newMock = useMockServer();

const BEFORE = '2026-11-21T23:59:59Z';
const MIDNIGHT = '2026-11-22T00:00:00Z';
const SPORTS = '/v1/catalog/sports';
const UNKNOWN_ODDS = '/v1/events/999999999/odds';

const headers = (answer: { headers: Headers }) => ({
  dailyRemaining: Number(answer.headers.get('X-Credits-Daily-Remaining')),
  dailyReset: answer.headers.get('X-Credits-Daily-Reset'),
  periodRemaining: Number(answer.headers.get('X-Credits-Period-Remaining')),
  periodReset: answer.headers.get('X-Credits-Period-Reset'),
  cost: Number(answer.headers.get('X-Credits-Cost')),
});

describe('the UTC-daily window on the data routes (docs/service.md, Metering: credits, windows and headers)', () => {
  it('counts down through the day, resets at 00:00 UTC and moves X-Credits-Daily-Reset; the plan period keeps counting', async () => {
    const mock = newMock(); // pro: 1,000,000 per period, 100,000 per day
    const first = headers(await call(mock, SPORTS));
    expect(first).toMatchObject({
      dailyRemaining: 100_000 - first.cost,
      dailyReset: '2026-11-22T00:00:00.000Z',
      periodRemaining: 1_000_000 - first.cost,
    });

    mock.clock.set(BEFORE);
    const late = await call(mock, '/v1/events?limit=60');
    expectMetered(late, { cost: 3 });
    const lateH = headers(late);
    expect(lateH.dailyRemaining).toBe(100_000 - first.cost - 3);
    expect(lateH.dailyReset).toBe('2026-11-22T00:00:00.000Z');
    expect(lateH.periodReset).toBe(first.periodReset);

    mock.clock.set('2026-11-21T23:59:59.999Z');
    const last = await call(mock, UNKNOWN_ODDS);
    expectChargedFailure(last, 404, 'not_found');
    expect(headers(last)).toMatchObject({ dailyRemaining: 100_000 - first.cost - 4, dailyReset: '2026-11-22T00:00:00.000Z' });

    mock.clock.set(MIDNIGHT);
    const next = await call(mock, '/v1/events?limit=60');
    expectMetered(next, { cost: 3 });
    const nextH = headers(next);
    expect(nextH.dailyRemaining).toBe(100_000 - 3);
    expect(nextH.dailyReset).toBe('2026-11-23T00:00:00.000Z');
    expect(nextH.periodRemaining).toBe(1_000_000 - first.cost - 3 - 1 - 3);
    expect(nextH.periodReset).toBe(first.periodReset);
    expect(Date.parse(nextH.periodReset!)).toBe(T0 + 30 * DAY);
    expect(charged(mock)).toBe(first.cost + 7);
  });

  it('refuses a late request with Retry-After to midnight, and admits it again at 00:00 UTC', async () => {
    const mock = newMock(tinyPlan(25)); // an odds request reserves 25 credits
    mock.clock.set(BEFORE);
    expectChargedFailure(await call(mock, UNKNOWN_ODDS), 404, 'not_found');
    const refused = await call(mock, UNKNOWN_ODDS);
    expectFree(refused, 429, 'quota_exceeded');
    expect(refused.headers.get('Retry-After')).toBe('1');
    mock.clock.set(MIDNIGHT);
    const admitted = await call(mock, UNKNOWN_ODDS);
    expectChargedFailure(admitted, 404, 'not_found');
    expect(headers(admitted)).toMatchObject({ dailyRemaining: 24, dailyReset: '2026-11-23T00:00:00.000Z', periodRemaining: 10_000 - 2 });
  });

  it('moves the future boundary of the events listing across midnight', async () => {
    const atMidnight = [...data.fixturesBetween(Date.parse(MIDNIGHT), Date.parse(MIDNIGHT), T0)].map((f) => f.eventId);
    expect(atMidnight.length).toBeGreaterThan(0);
    const mock = newMock();
    mock.clock.set(BEFORE);
    const before = expectMetered(await call(mock, `/v1/events?starts_to=${MIDNIGHT}&limit=500`));
    expect(before.map((r) => r.event_id).sort()).toEqual([...atMidnight].sort());
    // The rest of the UTC day holds nothing more: no fixture starts in its last second.
    expect(expectMetered(await call(mock, '/v1/events?starts_to=2026-11-21'), { cost: 1 })).toEqual([]);
    mock.clock.set(MIDNIGHT);
    const after = expectMetered(await call(mock, `/v1/events?starts_to=${MIDNIGHT}&limit=500`), { cost: 1 });
    expect(after).toEqual([]);
    const day = expectMetered(await call(mock, '/v1/events?starts_to=2026-11-22&limit=500'));
    expect(day.length).toBeGreaterThan(0);
    for (const id of atMidnight) expect(day.map((r) => r.event_id)).not.toContain(id);
    expect(day.every((r) => (r.starts as string).startsWith('2026-11-22') && Date.parse(r.starts as string) > Date.parse(MIDNIGHT))).toBe(
      true,
    );
  });
});
