import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../src';
import { rejection } from './fake-fetch';
import { chargesOf, finishedEvent, NOW, sdkFor, sportWith, useMockServer } from './mock-setup';

const newMock = useMockServer();

describe('the data routes against the mock service', () => {
  it('catalog: sports (cached), leagues and periods', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const first = await odds.catalog.sports().withMeta();
    expect(first.data).toHaveLength(44);
    expect(first.meta).toMatchObject({ status: 200, resultRows: 44, cache: 'MISS', truncated: false, attempts: 1 });
    expect(first.meta.credits.cost).toBe(3);
    expect(first.meta.requestId).toMatch(/^req_[0-9a-f]{32}$/);
    expect(first.meta.serviceOrigin).toBe(mock.baseUrl);
    // Past the SDK's cache, the service's own answers HIT.
    expect((await odds.catalog.sports({ cache: false }).withMeta()).meta.cache).toBe('HIT');
    const sportId = first.data[0]?.sport_id as number;
    const leagues = await odds.catalog.leagues({ sport_id: sportId });
    expect(leagues.length).toBeGreaterThan(0);
    expect(leagues[0]).toHaveProperty('league_id');
    const periods = await odds.catalog.periods({ sport_id: sportId });
    expect(periods.some((p) => p.period === 0)).toBe(true);
  });

  it('events: upcoming by default, latest odds, history', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const sportId = await sportWith(odds, 'has_history');
    const events = await odds.events.list({ sport_id: sportId, limit: 5 });
    expect(events).toHaveLength(5);
    for (const e of events) expect(Date.parse(e.starts as string)).toBeGreaterThan(Date.parse(NOW));
    const eventId = events[0]?.event_id as number;

    const latest = await odds.events.odds(eventId).withMeta();
    expect(latest.data.length).toBeGreaterThan(0);
    expect(latest.meta.resultRows).toBe(latest.data.length);
    expect(latest.meta.cache).toBeUndefined();
    for (const period of new Set(latest.data.map((r) => r.period))) {
      expect(new Set(latest.data.filter((r) => r.period === period).map((r) => r.line_id)).size).toBe(1);
    }
    const main = await odds.events.odds(eventId, { main_lines_only: true });
    expect(main.every((r) => r.alt_line_id === null)).toBe(true);

    const history = await odds.events.odds(eventId, { full_history: true }).withMeta();
    expect(history.data.length).toBeGreaterThanOrEqual(latest.data.length);
    expect(history.meta.credits.cost).toBe(Math.max(1, Math.ceil(history.data.length / 20)));
    expect(typeof history.meta.truncated).toBe('boolean');
    const since = await odds.events.odds(eventId, { since: '2026-11-21T00:00:00Z' });
    expect(Array.isArray(since)).toBe(true);
  });

  it('lines and results of a finished event', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const sportId = await sportWith(odds, 'has_history');
    const eventId = await finishedEvent(odds, sportId, mock.clock.now());
    const opening = await odds.events.openingLines(eventId);
    const closing = await odds.events.closingLines(eventId);
    const results = await odds.events.results(eventId);
    expect(opening.length).toBeGreaterThan(0);
    expect(closing.length).toBeGreaterThan(0);
    expect(closing[0]).toHaveProperty('result_status');
    expect(opening[0]).not.toHaveProperty('score_home');
    expect(results.some((r) => r.period === 0)).toBe(true);
  });

  it('props of an event and prop odds', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const sportId = await sportWith(odds, 'has_props');
    const events = await odds.events.list({ sport_id: sportId, limit: 20 });
    let props: Awaited<ReturnType<typeof odds.events.props>> = [];
    for (const e of events) {
      props = await odds.events.props(e.event_id as number);
      if (props.length > 0) break;
    }
    expect(props.length).toBeGreaterThan(0);
    const specialId = props[0]?.special_id as number;
    const latest = await odds.props.odds(specialId);
    expect(latest.length).toBeGreaterThan(0);
    expect(latest.every((r) => r.special_id === specialId)).toBe(true);
    const history = await odds.props.odds(specialId, { full_history: true });
    expect(history.length).toBeGreaterThanOrEqual(latest.length);
  });

  it('outrights, and their prices through props.odds', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const sportId = await sportWith(odds, 'has_outrights');
    const outrights = await odds.outrights.list({ sport_id: sportId }).withMeta();
    expect(outrights.data.length).toBeGreaterThan(0);
    expect(outrights.meta.cache).toBe('MISS');
    expect((await odds.outrights.list()).length).toBeGreaterThanOrEqual(outrights.data.length);
    const prices = await odds.props.odds(outrights.data[0]?.special_id as number);
    expect(prices.length).toBeGreaterThan(0);
  });

  it('CLV of a bet against the closing line, and 404 (charged) when nothing matches', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const sportId = await sportWith(odds, 'has_history');
    const eventId = await finishedEvent(odds, sportId, mock.clock.now());
    const closing = await odds.events.closingLines(eventId);
    const row = closing.find((r) => r.market === 'moneyline' && r.period === 0);
    expect(row).toBeDefined();
    const taken = Math.round(((row?.odds1 as number) + 0.1) * 100) / 100;
    const { data, meta } = await odds.analytics
      .clv({ event_id: eventId, market: 'moneyline', side: 'home', odds: taken, stake: 10 })
      .withMeta();
    expect(data.closing_odds).toBe(row?.odds1);
    expect(data.true_closing_odds).toBe(row?.todds1);
    expect(data.clv).toBeCloseTo(taken / (row?.todds1 as number) - 1, 5);
    expect(data.expected_win).toBeCloseTo(10 * (data.clv as number), 5);
    expect(meta).toMatchObject({ resultRows: 1, credits: { cost: 1 } });

    const before = chargesOf(mock).charged;
    const error = await rejection<NotFoundError>(
      odds.analytics.clv({ event_id: eventId, market: 'spread', side: 'home', line: 99.5, odds: 1.9 }),
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.meta).toMatchObject({ resultRows: 0, credits: { cost: 1 } });
    expect(chargesOf(mock).charged).toBe(before + 1);
  });

  it('the low-level request() calls any route by id', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const rows = await odds.request('catalog.leagues', { query: { sport_id: 1 } });
    expect(rows.length).toBeGreaterThan(0);
  });

  it('validate: false returns the same rows without zod', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const { odds: raw } = sdkFor(mock, { validate: false });
    expect(await raw.catalog.sports()).toEqual(await odds.catalog.sports());
  });
});

describe('the core beyond the data routes (ready for odds.account / odds.keys)', () => {
  it('calls unmetered account routes, with a JSON body, and validates their answers', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const created = await odds.request('keys.create', { body: { name: 'ci', scopes: ['data:read'] } }).withMeta();
    expect(created.meta.status).toBe(201);
    expect(created.data).toMatchObject({ name: 'ci', scopes: ['data:read'], status: 'active' });
    const keys = await odds.request('keys.list');
    expect(keys.map((k) => k.name)).toContain('ci');
    expect(odds.credits).toMatchObject({ spent: 0, meteredCalls: 0 });
  });
});
