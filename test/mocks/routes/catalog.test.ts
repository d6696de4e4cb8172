import { describe, expect, it } from 'vitest';
import { useMockServer } from '../../helpers/mock-server';
import { call, charged, checkErrorTable, expectFree, expectMetered, HOUR, LOAD_PLAN, type Row } from './helpers';

const newMock = useMockServer();

const SPORTS = '/v1/catalog/sports';
const LEAGUES = '/v1/catalog/leagues';
const PERIODS = '/v1/catalog/periods';

const keysOf = (rows: Row[]) => new Set(rows.flatMap((r) => Object.keys(r)));

describe('GET /v1/catalog/sports', () => {
  it('lists the 44 sports with the docs/service.md, Data routes record fields only, metered by rows', async () => {
    const mock = newMock();
    const rows = expectMetered(await call(mock, SPORTS), { truncated: false, cost: 3 });
    expect(rows).toHaveLength(44);
    const allowed = ['sport_id', 'name', 'has_history', 'has_live', 'has_props', 'has_outrights'];
    for (const key of keysOf(rows)) expect(allowed).toContain(key);
    expect(new Set(rows.map((r) => r.sport_id)).size).toBe(44);
    expect(rows.every((r) => Number.isInteger(r.sport_id) && (r.sport_id as number) > 0)).toBe(true);
    // docs/service.md, "Overview": 44 sports have historical standard-market data.
    expect(rows.filter((r) => r.has_history === true)).toHaveLength(44);
    expect(rows.some((r) => r.has_props === true) && rows.some((r) => r.has_props === false)).toBe(true);
    expect(charged(mock)).toBe(3);
  });

  it('answers MISS then HIT with the same body and still meters the hit; HIT a minute short of an hour, MISS at the hour', async () => {
    const mock = newMock();
    const miss = await call(mock, SPORTS);
    const hit = await call(mock, SPORTS);
    expect(miss.headers.get('X-Cache')).toBe('MISS');
    expect(hit.headers.get('X-Cache')).toBe('HIT');
    expect(hit.body).toEqual(miss.body);
    expectMetered(hit, { cost: 3 });
    expect(charged(mock)).toBe(6);
    mock.clock.advance(HOUR - 60_000);
    expect((await call(mock, SPORTS)).headers.get('X-Cache')).toBe('HIT');
    mock.clock.advance(60_000);
    expect((await call(mock, SPORTS)).headers.get('X-Cache')).toBe('MISS');
  });

  it('takes no query parameters: any is 400 invalid_parameters naming it, free', async () => {
    const mock = newMock();
    expectFree(await call(mock, `${SPORTS}?sport_id=29`), 400, 'invalid_parameters', 'sport_id');
    expect(charged(mock)).toBe(0);
  });

  it('follows every data-route row of the error table', async () => {
    await checkErrorTable(newMock, SPORTS, 'catalog.sports', 25);
  });
});

describe('GET /v1/catalog/leagues?sport_id', () => {
  it('lists the leagues of a sport with league_id, league_name, country_code and container', async () => {
    const mock = newMock();
    const rows = expectMetered(await call(mock, `${LEAGUES}?sport_id=29`), { truncated: false });
    expect(rows.length).toBeGreaterThan(1);
    expect([...keysOf(rows)].sort()).toEqual(['container', 'country_code', 'league_id', 'league_name']);
    expect(new Set(rows.map((r) => r.league_id)).size).toBe(rows.length);
    expect(rows.every((r) => typeof r.league_name === 'string')).toBe(true);
  });

  it('keeps sports apart, and answers an unknown sport with an empty array costing 1', async () => {
    const mock = newMock(LOAD_PLAN);
    const soccer = expectMetered(await call(mock, `${LEAGUES}?sport_id=29`));
    const other = expectMetered(await call(mock, `${LEAGUES}?sport_id=4`));
    expect(other.length).toBeGreaterThan(0);
    const ids = new Set(soccer.map((r) => r.league_id));
    expect(other.some((r) => ids.has(r.league_id))).toBe(false);
    const none = await call(mock, `${LEAGUES}?sport_id=9999`);
    expect(expectMetered(none, { cost: 1, truncated: false })).toEqual([]);
    expect(none.headers.get('X-Result-Rows')).toBe('0');
  });

  it('caches per query: MISS, HIT, and MISS for another sport', async () => {
    const mock = newMock();
    expect((await call(mock, `${LEAGUES}?sport_id=29`)).headers.get('X-Cache')).toBe('MISS');
    expect((await call(mock, `${LEAGUES}?sport_id=29`)).headers.get('X-Cache')).toBe('HIT');
    expect((await call(mock, `${LEAGUES}?sport_id=4`)).headers.get('X-Cache')).toBe('MISS');
  });

  it('requires a positive integer sport_id and refuses others with 400, free', async () => {
    const mock = newMock(LOAD_PLAN);
    for (const query of [
      '',
      '?sport_id=',
      '?sport_id=0',
      '?sport_id=-3',
      '?sport_id=abc',
      '?sport_id=29&sport_id=4',
      '?sport_id=29&league_id=1',
    ]) {
      const answer = await call(mock, `${LEAGUES}${query}`);
      expectFree(answer, 400, 'invalid_parameters', query.includes('league_id') ? 'league_id' : 'sport_id');
    }
    expect(charged(mock)).toBe(0);
  });

  it('follows every data-route row of the error table', async () => {
    await checkErrorTable(newMock, `${LEAGUES}?sport_id=29`, 'catalog.leagues', 25);
  });
});

describe('GET /v1/catalog/periods?sport_id', () => {
  it('lists the period definitions of a sport, period 0 being the full event', async () => {
    const mock = newMock();
    const rows = expectMetered(await call(mock, `${PERIODS}?sport_id=4`), { truncated: false });
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.map((r) => r.period)).toContain(0);
    expect(new Set(rows.map((r) => r.period)).size).toBe(rows.length);
    const labels = [
      'description',
      'moneyline_description',
      'spread_description',
      'totals_description',
      'home_totals_description',
      'away_totals_description',
    ];
    for (const label of labels)
      expect(
        rows.some((r) => typeof r[label] === 'string'),
        label,
      ).toBe(true);
    // The deprecated team_totals labels are not synthesized from the side-specific ones.
    for (const r of rows) {
      if (r.team_totals_description === undefined || r.team_totals_description === null) continue;
      expect(r.team_totals_description).not.toBe(r.home_totals_description);
      expect(r.team_totals_description).not.toBe(r.away_totals_description);
    }
  });

  it('answers an unknown sport with an empty array costing 1, and caches MISS then HIT', async () => {
    const mock = newMock();
    expect(expectMetered(await call(mock, `${PERIODS}?sport_id=9999`), { cost: 1 })).toEqual([]);
    expect((await call(mock, `${PERIODS}?sport_id=29`)).headers.get('X-Cache')).toBe('MISS');
    expect((await call(mock, `${PERIODS}?sport_id=29`)).headers.get('X-Cache')).toBe('HIT');
  });

  it('requires sport_id: 400 invalid_parameters naming it, free', async () => {
    const mock = newMock();
    expectFree(await call(mock, PERIODS), 400, 'invalid_parameters', 'sport_id');
    expectFree(await call(mock, `${PERIODS}?sport_id=1.5`), 400, 'invalid_parameters', 'sport_id');
    expect(charged(mock)).toBe(0);
  });

  it('follows every data-route row of the error table', async () => {
    await checkErrorTable(newMock, `${PERIODS}?sport_id=29`, 'catalog.periods', 25);
  });
});
