import { describe, expect, it } from 'vitest';
import type { MockService } from '../../../mocks';
import { useMockServer } from '../../helpers/mock-server';
import {
  call,
  charged,
  checkErrorTable,
  DAY,
  data,
  expectChargedFailure,
  expectFree,
  expectMetered,
  findFixture,
  HOUR,
  iso,
  LOAD_PLAN,
  MINUTE,
  type Row,
  T0,
  tinyPlan,
} from './helpers';

const newMock = useMockServer();

// Found with the dataset; every assertion below goes through HTTP.
const ended = findFixture(
  (f) => f.priced && !f.heavy && f.sport.live && f.child === null && f.sport.pricedPeriods.length > 1,
  T0 - 10 * DAY,
  T0 - 2 * DAY,
);
const heavy = findFixture((f) => f.heavy && f.priced, T0 - 10 * DAY, T0 - 2 * DAY);
const offered = [...data.fixturesBetween(T0 - 3 * HOUR, T0, T0)].find(
  (f) => data.liveState(f, T0) === 'offered' && data.liveState(f, T0 + 10 * MINUTE) === 'offered',
)!;
const unopened = findFixture((f) => f.priced, T0 + 9 * DAY, T0 + 12 * DAY);

const ODDS_FIELDS = [
  'event_id',
  'line_id',
  'alt_line_id',
  'market',
  'period',
  'line',
  'odds1',
  'odds0',
  'odds2',
  'todds1',
  'todds0',
  'todds2',
  'max_win',
  'cutoff',
  'status',
  'timestamp',
  'score_home',
  'score_away',
  'red_cards_home',
  'red_cards_away',
];

const path = (eventId: number, query = '') => `/v1/events/${eventId}/odds${query}`;

/** Fetches odds and checks the success headers (never cached). */
async function odds(mock: MockService, eventId: number, query = '', options: { truncated?: boolean; cost?: number } = {}): Promise<Row[]> {
  const answer = await call(mock, path(eventId, query));
  const rows = expectMetered(answer, options);
  expect(answer.headers.get('X-Cache')).toBeNull();
  expect(answer.headers.get('X-Next-Cursor')).toBeNull();
  return rows;
}

const periodsOf = (rows: Row[]) => [...new Set(rows.map((r) => r.period as number))].sort((a, b) => a - b);
const maxLineId = (rows: Row[], period: number) => Math.max(...rows.filter((r) => r.period === period).map((r) => r.line_id as number));

describe('GET /v1/events/{event_id}/odds: rule 1 and docs/service.md, Prices (latest mode)', () => {
  it('returns, per period, every primary and alternate row of the greatest positive line_id snapshot, and nothing older', async () => {
    const mock = newMock(LOAD_PLAN);
    const latest = await odds(mock, ended.eventId, '', { truncated: false });
    const history = await odds(mock, ended.eventId, '?full_history=1', { truncated: false });
    expect(latest.length).toBeGreaterThan(0);
    expect(periodsOf(latest)).toEqual(periodsOf(history));
    expect(periodsOf(latest).length).toBeGreaterThan(1);
    for (const period of periodsOf(latest)) {
      const max = maxLineId(history, period);
      expect(max).toBeGreaterThan(0);
      const mine = latest.filter((r) => r.period === period);
      expect(
        mine.every((r) => r.line_id === max),
        `period ${period}`,
      ).toBe(true);
      // Every row of that snapshot: the primary and alternate lines.
      expect(mine).toEqual(history.filter((r) => r.period === period && r.line_id === max));
      expect(mine.some((r) => r.alt_line_id === null)).toBe(true);
      expect(mine.some((r) => typeof r.alt_line_id === 'number')).toBe(true);
    }
    expect(new Set(latest.map((r) => r.market))).toEqual(new Set(['moneyline', 'spread', 'totals', 'home_totals', 'away_totals']));
    for (const r of latest) {
      expect(r.event_id).toBe(ended.eventId);
      for (const key of Object.keys(r)) expect(ODDS_FIELDS).toContain(key);
    }
  });

  it('moves with the clock: later the greatest line_id is greater and the older snapshot is gone', async () => {
    const mock = newMock(LOAD_PLAN);
    const before = await odds(mock, offered.eventId);
    mock.clock.advance(10 * MINUTE);
    const after = await odds(mock, offered.eventId);
    const history = await odds(mock, offered.eventId, '?full_history=1');
    const grew = periodsOf(after).filter((p) => maxLineId(after, p) > (before.some((r) => r.period === p) ? maxLineId(before, p) : 0));
    expect(grew.length).toBeGreaterThan(0);
    for (const period of periodsOf(after)) {
      const max = maxLineId(history, period);
      expect(after.filter((r) => r.period === period).every((r) => r.line_id === max)).toBe(true);
    }
    for (const period of grew) {
      const old = before.filter((r) => r.period === period)[0]?.line_id;
      expect(after.some((r) => r.line_id === old)).toBe(false);
    }
  });

  it('answers an event whose odds have not opened yet with an empty array costing 1', async () => {
    const mock = newMock();
    expect(await odds(mock, unopened.eventId, '', { cost: 1, truncated: false })).toEqual([]);
    expect(await odds(mock, unopened.eventId, '?full_history=1', { cost: 1, truncated: false })).toEqual([]);
  });
});

describe('GET /v1/events/{event_id}/odds: rule 4 (main_lines_only)', () => {
  it('main_lines_only=1 keeps the primary rows; 0 (or false) is the default and keeps the alternates', async () => {
    const mock = newMock(LOAD_PLAN);
    const latest = await odds(mock, ended.eventId);
    const main = await odds(mock, ended.eventId, '?main_lines_only=1');
    expect(main.length).toBeGreaterThan(0);
    expect(main).toEqual(latest.filter((r) => r.alt_line_id === null));
    expect(main.length).toBeLessThan(latest.length);
    expect(await odds(mock, ended.eventId, '?main_lines_only=true')).toEqual(main);
    expect(await odds(mock, ended.eventId, '?main_lines_only=0')).toEqual(latest);
    expect(await odds(mock, ended.eventId, '?main_lines_only=false')).toEqual(latest);
    const history = await odds(mock, ended.eventId, '?full_history=1');
    expect(await odds(mock, ended.eventId, '?full_history=1&main_lines_only=1')).toEqual(history.filter((r) => r.alt_line_id === null));
  });
});

describe('GET /v1/events/{event_id}/odds: rules 2 and 3 (full_history, since)', () => {
  it('full_history=1 returns the history up to now, line ids rising per period; full_history=0 is latest', async () => {
    const mock = newMock(LOAD_PLAN);
    const history = await odds(mock, ended.eventId, '?full_history=1', { truncated: false });
    const latest = await odds(mock, ended.eventId);
    expect(history.length).toBeGreaterThan(latest.length * 5);
    expect(history.every((r) => Date.parse(r.timestamp as string) <= T0)).toBe(true);
    const last = new Map<number, number>();
    for (const r of history) {
      expect(r.line_id as number).toBeGreaterThanOrEqual(last.get(r.period as number) ?? 1);
      last.set(r.period as number, r.line_id as number);
    }
    const keys = new Set(history.map((r) => JSON.stringify(r)));
    for (const r of latest) expect(keys.has(JSON.stringify(r))).toBe(true);
    expect(await odds(mock, ended.eventId, '?full_history=0')).toEqual(latest);
  });

  it('since selects the history strictly after it, alone or with full_history=1', async () => {
    const mock = newMock(LOAD_PLAN);
    const history = await odds(mock, ended.eventId, '?full_history=1');
    const since = iso(ended.starts - HOUR);
    const alone = await odds(mock, ended.eventId, `?since=${since}`, { truncated: false });
    expect(alone.length).toBeGreaterThan(0);
    expect(alone).toEqual(history.filter((r) => Date.parse(r.timestamp as string) > Date.parse(since)));
    expect(await odds(mock, ended.eventId, `?since=${since}&full_history=1`)).toEqual(alone);
    expect(await odds(mock, ended.eventId, `?since=${since}&full_history=true&main_lines_only=1`)).toEqual(
      alone.filter((r) => r.alt_line_id === null),
    );
    // A since after the last snapshot: nothing new, costing 1.
    expect(await odds(mock, ended.eventId, `?since=${iso(T0)}`, { cost: 1, truncated: false })).toEqual([]);
  });

  it('refuses since with full_history=0 (and malformed values) with 400 invalid_parameters, free', async () => {
    const mock = newMock(LOAD_PLAN);
    const cases: [string, string][] = [
      [`?since=${iso(T0 - DAY)}&full_history=0`, 'since'],
      [`?since=${iso(T0 - DAY)}&full_history=false`, 'since'],
      ['?since=2026-11-20', 'since'],
      ['?since=now', 'since'],
      ['?full_history=2', 'full_history'],
      ['?full_history=yes', 'full_history'],
      ['?main_lines_only=2', 'main_lines_only'],
      ['?main_lines_only=', 'main_lines_only'],
      ['?limit=10', 'limit'],
      ['?full_history=1&full_history=1', 'full_history'],
    ];
    for (const [query, name] of cases) expectFree(await call(mock, path(ended.eventId, query)), 400, 'invalid_parameters', name);
    for (const id of ['0', 'abc', '-4', '1.5'])
      expectFree(await call(mock, `/v1/events/${id}/odds`), 400, 'invalid_parameters', 'event_id');
    expect(charged(mock)).toBe(0);
  });
});

describe('GET /v1/events/{event_id}/odds: rule 5 (row caps and X-Result-Truncated)', () => {
  it('cuts a heavy event history at 5,000 rows with X-Result-Truncated, and since polling continues it to the end', async () => {
    const mock = newMock(LOAD_PLAN);
    const first = await call(mock, path(heavy.eventId, '?full_history=1'));
    const rows = expectMetered(first, { truncated: true });
    expect(rows.length).toBeLessThanOrEqual(5000);
    expect(rows.length).toBeGreaterThan(4900);
    expect(first.headers.get('X-Credits-Cost')).toBe(String(Math.ceil(rows.length / 20)));
    const collected = [...rows];
    let truncated = true;
    for (let n = 0; truncated && n < 20; n++) {
      const since = collected.at(-1)!.timestamp as string;
      const next = await call(mock, path(heavy.eventId, `?since=${since}`));
      const more = expectMetered(next);
      expect(more.length).toBeLessThanOrEqual(5000);
      expect(more.length).toBeGreaterThan(0);
      expect(more.every((r) => Date.parse(r.timestamp as string) > Date.parse(since))).toBe(true);
      collected.push(...more);
      truncated = next.headers.get('X-Result-Truncated') === 'true';
    }
    expect(truncated).toBe(false);
    expect(collected.length).toBeGreaterThan(5000);
    const ids = collected.map((r) => `${r.line_id}/${r.market}/${r.alt_line_id}`);
    expect(new Set(ids).size).toBe(ids.length);
    // The last poll reached the latest snapshot of every period.
    const latest = await odds(mock, heavy.eventId, '', { truncated: false });
    for (const period of periodsOf(latest)) expect(maxLineId(collected, period)).toBe(maxLineId(latest, period));
  });

  it('reserves ceil(5000 / 20) = 250 credits for history (full_history=1 or since) and 25 for latest', async () => {
    const mock = newMock(tinyPlan(249));
    expectFree(await call(mock, path(ended.eventId, '?full_history=1')), 429, 'quota_exceeded');
    expectFree(await call(mock, path(ended.eventId, `?since=${iso(T0 - DAY)}`)), 429, 'quota_exceeded');
    expect(charged(mock)).toBe(0);
    expectMetered(await call(mock, path(ended.eventId)));
    const enough = newMock(tinyPlan(250));
    expectMetered(await call(enough, path(ended.eventId, '?full_history=1')));
  });
});

describe('GET /v1/events/{event_id}/odds: errors', () => {
  it('answers an unknown event with 404 not_found, charged 1 with X-Result-Rows 0', async () => {
    const mock = newMock();
    expectChargedFailure(await call(mock, path(999_999_999)), 404, 'not_found');
    expectChargedFailure(await call(mock, path(999_999_999, '?full_history=1')), 404, 'not_found');
    expect(charged(mock)).toBe(2);
  });

  it('follows every data-route row of the error table', async () => {
    await checkErrorTable(newMock, path(ended.eventId), 'events.odds', 25);
  });
});
