import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { Usage } from '../../src/schemas';
import type { MockService } from '../../mocks';
import { call, codeOf, NOW, useMockServer } from '../helpers/mock-server';

const newMock = useMockServer();

const DAY = 86_400_000;
const SPORTS = '/v1/catalog/sports';
const UNKNOWN_ODDS = '/v1/events/999999999999/odds';
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const usage = async (mock: MockService, query = '', key?: string) => {
  const answer = await call<Usage>(mock, `/v1/account/usage${query}`, key === undefined ? {} : { key });
  expect(answer.status).toBe(200);
  return z.parse(Usage, answer.body);
};

const cost = (answer: { headers: Headers }) => Number(answer.headers.get('X-Credits-Cost') ?? 0);

describe('GET /v1/account/usage (docs/service.md, Account and key routes)', () => {
  it('defaults to 30 UTC days ending today, zero-filled, oldest first', async () => {
    const mock = newMock();
    const body = await usage(mock);
    expect(Object.keys(body).sort()).toEqual(['days', 'from', 'series', 'to']);
    expect(body.days).toBe(30);
    expect(body.to).toBe('2026-11-21');
    expect(body.from).toBe(isoDay(Date.parse(NOW) - 29 * DAY));
    expect(body.series.length).toBe(30);
    body.series.forEach((entry, i) => {
      expect(entry).toEqual({ date: isoDay(Date.parse('2026-11-21T00:00:00Z') - (29 - i) * DAY), requests: 0, credits: 0 });
    });
  });

  it.each([1, 7, 90])('answers exactly %i days for days=%i', async (days) => {
    const mock = newMock();
    const body = await usage(mock, `?days=${days}`);
    expect(body.days).toBe(days);
    expect(body.series.length).toBe(days);
    expect(body.series[0]!.date).toBe(body.from);
    expect(body.series[days - 1]!.date).toBe('2026-11-21');
    expect(body.from).toBe(isoDay(Date.parse('2026-11-21T00:00:00Z') - (days - 1) * DAY));
  });

  it.each(['0', '91', '-1', '1.5', 'abc', '', '30&days=30', '1e1'])('refuses days=%s with 400 invalid_parameters, free', async (value) => {
    const mock = newMock();
    const answer = await call(mock, `/v1/account/usage?days=${value}`);
    expect(answer.status).toBe(400);
    expect(codeOf(answer)).toBe('invalid_parameters');
    expect((answer.body as { error: { message: string } }).error.message).toContain('days');
    expect(answer.headers.get('X-Credits-Cost')).toBeNull();
  });

  it('refuses unknown query parameters', async () => {
    const mock = newMock();
    const answer = await call(mock, '/v1/account/usage?from=2026-11-01');
    expect(answer.status).toBe(400);
    expect(codeOf(answer)).toBe('invalid_parameters');
  });

  it('counts requests and credits per UTC day, across midnight, and zero-fills the quiet days', async () => {
    const mock = newMock();
    // Saturday 2026-11-21: two charged successes, one charged 404, one free 400.
    const day1 = [await call(mock, SPORTS), await call(mock, UNKNOWN_ODDS), await call(mock, `${SPORTS}?bad=1`)];
    mock.clock.set('2026-11-21T23:59:59.999Z');
    day1.push(await call(mock, SPORTS));
    expect(day1.map((a) => a.status)).toEqual([200, 404, 400, 200]);
    const day1Credits = day1.reduce((sum, a) => sum + cost(a), 0);
    expect(day1Credits).toBeGreaterThan(1);

    // Sunday 2026-11-22, from midnight exactly.
    mock.clock.set('2026-11-22T00:00:00.000Z');
    const day2 = [await call(mock, UNKNOWN_ODDS), await call(mock, UNKNOWN_ODDS)];
    const day2Credits = day2.reduce((sum, a) => sum + cost(a), 0);
    expect(day2Credits).toBe(2);

    // Another account's traffic does not show up.
    const other = await mock.createAccount({ email: 'other@example.com', plan: 'pro' });
    await call(mock, SPORTS, { key: other.apiKey });

    // Tuesday 2026-11-24: nothing on Monday.
    mock.clock.set('2026-11-24T10:00:00Z');
    const body = await usage(mock, '?days=4');
    expect(body).toEqual({
      days: 4,
      from: '2026-11-21',
      to: '2026-11-24',
      series: [
        { date: '2026-11-21', requests: 4, credits: day1Credits },
        { date: '2026-11-22', requests: 2, credits: 2 },
        { date: '2026-11-23', requests: 0, credits: 0 },
        { date: '2026-11-24', requests: 0, credits: 0 },
      ],
    });
    // The credits agree with the ledger.
    const ledger = mock.ledger().find((e) => e.email === mock.demoEmail)!;
    expect(ledger.charged).toBe(day1Credits + day2Credits);

    // A shorter window leaves the older days out; the previous usage call now counts on today.
    const short = await usage(mock, '?days=2');
    expect(short.series).toEqual([
      { date: '2026-11-23', requests: 0, credits: 0 },
      { date: '2026-11-24', requests: 1, credits: 0 },
    ]);

    const otherUsage = await usage(mock, '?days=4', other.apiKey);
    expect(otherUsage.series[1]!.requests).toBe(1);
    expect(otherUsage.series[1]!.credits).toBeGreaterThan(0);
    expect(otherUsage.series[0]).toEqual({ date: '2026-11-21', requests: 0, credits: 0 });
  });

  it('reaches back exactly 90 days at most', async () => {
    const mock = newMock({ now: '2026-08-24T12:00:00Z' }); // 89 days before 2026-11-21
    const old = await call(mock, UNKNOWN_ODDS);
    expect(old.status).toBe(404);
    mock.clock.set('2026-11-21T12:00:00Z');
    const ninety = await usage(mock, '?days=90');
    expect(ninety.series[0]).toEqual({ date: '2026-08-24', requests: 1, credits: 1 });
    mock.clock.set('2026-11-22T12:00:00Z');
    const later = await usage(mock, '?days=90');
    expect(later.series[0]!.date).toBe('2026-08-25');
    expect(later.series.reduce((sum, e) => sum + e.credits, 0)).toBe(0);
  });
});
