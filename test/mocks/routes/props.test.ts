import { describe, expect, it } from 'vitest';
import type { MockService } from '../../../mocks';
import type { Fixture } from '../../../mocks/service/data';
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
  LOAD_PLAN,
  type Row,
  T0,
} from './helpers';

const newMock = useMockServer();

// Found with the dataset; every assertion below goes through HTTP.
const event = findFixture((f) => f.sport.props && f.child === null && f.priced, T0 - 10 * DAY, T0 - 2 * DAY);
const other = findFixture((f) => f.sport.props && f.child === null && f.priced && f.eventId !== event.eventId, T0 - 10 * DAY, T0 - 2 * DAY);
/** An over/under prop whose handicap moved with the main totals line over its life. */
const movedOverUnder = (f: Fixture): boolean =>
  data.props(f, T0).some((p) => {
    const def = p.bet_type === 'over_under' ? data.special(p.special_id as number, T0) : undefined;
    return def !== undefined && new Set(data.specialOdds(def, T0, true).map((r) => r.handicap)).size > 1;
  });
const withOverUnder = findFixture((f) => f.sport.props && f.child === null && f.priced && movedOverUnder(f), T0 - 10 * DAY, T0 - 2 * DAY);
const plain = findFixture((f) => !f.sport.props, T0 - 10 * DAY, T0 - 2 * DAY);
const future = findFixture((f) => f.sport.props && f.child === null && f.priced, T0 + 9 * DAY, T0 + 12 * DAY);
const propsSport = data.sports().find((s) => s.has_outrights === true)!.sport_id as number;

const PROPS = (id: number) => `/v1/events/${id}/props`;
const PROP_ODDS = (id: number, query = '') => `/v1/props/${id}/odds${query}`;

const SPECIAL_FIELDS = [
  'special_id',
  'special_name',
  'bet_type',
  'category',
  'contestant_id',
  'contestant_name',
  'event_id',
  'period',
  'runner_home',
  'runner_away',
  'units',
  'cutoff',
  'opening_available',
  'closing_available',
];
const SPECIAL_ODDS_FIELDS = ['special_id', 'contestant_line_id', 'line_id', 'handicap', 'odds', 'todds', 'max_win', 'timestamp'];

const bySpecial = (rows: Row[]) => {
  const groups = new Map<number, Row[]>();
  for (const r of rows) groups.set(r.special_id as number, [...(groups.get(r.special_id as number) ?? []), r]);
  return groups;
};

/** Prop odds, checking the success headers: never cached. */
async function propOdds(
  mock: MockService,
  propId: number,
  query = '',
  options: { cost?: number; truncated?: boolean } = {},
): Promise<Row[]> {
  const answer = await call(mock, PROP_ODDS(propId, query));
  const rows = expectMetered(answer, options);
  expect(answer.headers.get('X-Cache')).toBeNull();
  for (const r of rows) for (const key of Object.keys(r)) expect(SPECIAL_ODDS_FIELDS).toContain(key);
  return rows;
}

describe('GET /v1/events/{event_id}/props', () => {
  it('lists the specials of an event, one row per contestant, tied to the event', async () => {
    const mock = newMock(LOAD_PLAN);
    const answer = await call(mock, PROPS(event.eventId));
    const rows = expectMetered(answer, { truncated: false });
    const record = expectMetered(await call(mock, `/v1/events?event_id=${event.eventId}`))[0]!;
    const groups = bySpecial(rows);
    expect(groups.size).toBeGreaterThanOrEqual(2);
    for (const contestants of groups.values()) {
      expect(contestants.length).toBeGreaterThanOrEqual(2);
      expect(contestants.length).toBeLessThanOrEqual(20);
      expect(new Set(contestants.map((c) => c.contestant_id)).size).toBe(contestants.length);
    }
    for (const r of rows) {
      expect(r).toMatchObject({ event_id: event.eventId, runner_home: record.runner_home, runner_away: record.runner_away });
      for (const key of Object.keys(r)) expect(SPECIAL_FIELDS).toContain(key);
    }
  });

  it('is cache-eligible: MISS then HIT with the same body, metered both times; another event is a MISS', async () => {
    const mock = newMock(LOAD_PLAN);
    const miss = await call(mock, PROPS(event.eventId));
    const hit = await call(mock, PROPS(event.eventId));
    expect(miss.headers.get('X-Cache')).toBe('MISS');
    expect(hit.headers.get('X-Cache')).toBe('HIT');
    expect(hit.body).toEqual(miss.body);
    expectMetered(miss);
    const cost = Number(miss.headers.get('X-Credits-Cost'));
    expectMetered(hit, { cost });
    expect(charged(mock)).toBe(2 * cost);
    expect((await call(mock, PROPS(other.eventId))).headers.get('X-Cache')).toBe('MISS');
  });

  it('is an empty array costing 1 for an event of a sport without props', async () => {
    const mock = newMock();
    expect(expectMetered(await call(mock, PROPS(plain.eventId)), { cost: 1, truncated: false })).toEqual([]);
  });

  it('answers an unknown event with 404 not_found, charged 1, not cached; parameters are refused free', async () => {
    const mock = newMock();
    expectChargedFailure(await call(mock, PROPS(999_999_999)), 404, 'not_found');
    expectChargedFailure(await call(mock, PROPS(999_999_999)), 404, 'not_found');
    expect(charged(mock)).toBe(2);
    expectFree(await call(mock, `${PROPS(event.eventId)}?full_history=1`), 400, 'invalid_parameters', 'full_history');
    expectFree(await call(mock, '/v1/events/abc/props'), 400, 'invalid_parameters', 'event_id');
    expect(charged(mock)).toBe(2);
  });

  it('follows every data-route row of the error table', async () => {
    await checkErrorTable(newMock, PROPS(event.eventId), 'events.props', 25);
  });
});

describe('GET /v1/props/{prop_id}/odds: latest (docs/service.md, Props and outrights)', () => {
  it("returns exactly one row per special_id + contestant_line_id, at that contestant line's greatest positive line_id", async () => {
    const mock = newMock(LOAD_PLAN);
    const props = expectMetered(await call(mock, PROPS(event.eventId)));
    for (const [propId, contestants] of bySpecial(props)) {
      const latest = await propOdds(mock, propId, '', { truncated: false });
      const history = await propOdds(mock, propId, '?full_history=1', { truncated: false });
      expect(latest.length).toBe(contestants.length);
      expect(latest.every((r) => r.special_id === propId)).toBe(true);
      const keys = latest.map((r) => `${r.special_id}/${r.contestant_line_id}`);
      expect(new Set(keys).size).toBe(keys.length);
      expect(new Set(history.map((r) => r.contestant_line_id))).toEqual(new Set(latest.map((r) => r.contestant_line_id)));
      for (const r of latest) {
        const mine = history.filter((h) => h.contestant_line_id === r.contestant_line_id);
        const max = Math.max(...mine.map((h) => h.line_id as number));
        expect(max).toBeGreaterThan(0);
        expect(r.line_id).toBe(max);
        expect(r).toEqual(mine.find((h) => h.line_id === max));
      }
    }
  });

  it('chooses per contestant line, not per prop: contestants of one prop can sit at different line ids', async () => {
    const mock = newMock(LOAD_PLAN);
    const props = expectMetered(await call(mock, PROPS(event.eventId)));
    const multi = props.find((p) => p.bet_type === 'multi_way')!.special_id as number;
    const latest = await propOdds(mock, multi);
    expect(new Set(latest.map((r) => r.line_id)).size).toBeGreaterThan(1);
    const top = Math.max(...latest.map((r) => r.line_id as number));
    expect(latest.some((r) => (r.line_id as number) < top)).toBe(true);
  });

  it('keeps one latest row per contestant line even when its handicap moved', async () => {
    const mock = newMock(LOAD_PLAN);
    const props = expectMetered(await call(mock, PROPS(withOverUnder.eventId)));
    const ou = props.find((p) => p.bet_type === 'over_under')!.special_id as number;
    expect(ou).toBeDefined();
    const history = await propOdds(mock, ou, '?full_history=1');
    const latest = await propOdds(mock, ou);
    const lines = new Set(latest.map((r) => r.contestant_line_id));
    expect(latest.length).toBe(lines.size);
    const moved = [...lines].filter((l) => new Set(history.filter((h) => h.contestant_line_id === l).map((h) => h.handicap)).size > 1);
    expect(moved.length).toBeGreaterThan(0);
  });

  it('answers a prop that has not opened yet with an empty array costing 1', async () => {
    const mock = newMock(LOAD_PLAN);
    const props = expectMetered(await call(mock, PROPS(future.eventId)));
    expect(props.length).toBeGreaterThan(0);
    expect(await propOdds(mock, props[0]!.special_id as number, '', { cost: 1, truncated: false })).toEqual([]);
  });
});

describe('GET /v1/props/{prop_id}/odds: full_history=1', () => {
  it("returns the prop's history up to now, line ids rising, holding every latest row; full_history=0 is latest", async () => {
    const mock = newMock(LOAD_PLAN);
    const props = expectMetered(await call(mock, PROPS(event.eventId)));
    const propId = props[0]!.special_id as number;
    const history = await propOdds(mock, propId, '?full_history=1', { truncated: false });
    const latest = await propOdds(mock, propId);
    expect(history.length).toBeGreaterThan(latest.length);
    expect(history.every((r) => r.special_id === propId && Date.parse(r.timestamp as string) <= T0)).toBe(true);
    const ids = history.map((r) => r.line_id as number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const all = new Set(history.map((r) => JSON.stringify(r)));
    for (const r of latest) expect(all.has(JSON.stringify(r))).toBe(true);
    expect(await propOdds(mock, propId, '?full_history=0')).toEqual(latest);
    expect(await propOdds(mock, propId, '?full_history=true')).toEqual(history);
  });

  it('answers an unknown prop with 404 not_found charged 1; bad parameters are refused free', async () => {
    const mock = newMock(LOAD_PLAN);
    expectChargedFailure(await call(mock, PROP_ODDS(424_242)), 404, 'not_found');
    expectChargedFailure(await call(mock, PROP_ODDS(event.eventId * 10 + 9)), 404, 'not_found');
    expectChargedFailure(await call(mock, PROP_ODDS(424_242, '?full_history=1')), 404, 'not_found');
    expect(charged(mock)).toBe(3);
    for (const [query, name] of [
      ['?full_history=2', 'full_history'],
      ['?since=2026-11-20T00:00:00Z', 'since'],
      ['?main_lines_only=1', 'main_lines_only'],
    ]) {
      expectFree(await call(mock, PROP_ODDS(424_242, query)), 400, 'invalid_parameters', name);
    }
    expectFree(await call(mock, '/v1/props/0/odds'), 400, 'invalid_parameters', 'prop_id');
    expect(charged(mock)).toBe(3);
  });

  it('follows every data-route row of the error table', async () => {
    const props = data.props(event, T0);
    await checkErrorTable(newMock, PROP_ODDS(props[0]!.special_id as number), 'props.odds', 25);
  });
});

describe('GET /v1/outrights', () => {
  it('lists open outrights of a sport, not tied to an event, each priced through the prop odds route', async () => {
    const mock = newMock(LOAD_PLAN);
    const rows = expectMetered(await call(mock, `/v1/outrights?sport_id=${propsSport}`), { truncated: false });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.event_id === null)).toBe(true);
    for (const r of rows) for (const key of Object.keys(r)) expect(SPECIAL_FIELDS).toContain(key);
    const groups = bySpecial(rows);
    const [propId, contestants] = [...groups][0]!;
    const latest = await propOdds(mock, propId);
    expect(latest.length).toBe(contestants.length);
    expect(new Set(latest.map((r) => r.contestant_line_id)).size).toBe(latest.length);
  });

  it('covers several sports without sport_id, within the 500-row cap', async () => {
    const mock = newMock(LOAD_PLAN);
    const answer = await call(mock, '/v1/outrights');
    const all = expectMetered(answer);
    expect(all.length).toBeLessThanOrEqual(500);
    const one = expectMetered(await call(mock, `/v1/outrights?sport_id=${propsSport}`));
    const specials = new Set(all.map((r) => r.special_id));
    expect(specials.size).toBeGreaterThan(new Set(one.map((r) => r.special_id)).size);
    if (answer.headers.get('X-Result-Truncated') === 'false') for (const r of one) expect(specials.has(r.special_id)).toBe(true);
  });

  it('is cache-eligible per query: MISS then HIT, with or without sport_id', async () => {
    const mock = newMock(LOAD_PLAN);
    for (const path of [`/v1/outrights?sport_id=${propsSport}`, '/v1/outrights']) {
      const miss = await call(mock, path);
      const hit = await call(mock, path);
      expect(miss.headers.get('X-Cache')).toBe('MISS');
      expect(hit.headers.get('X-Cache')).toBe('HIT');
      expect(hit.body).toEqual(miss.body);
      expectMetered(hit, { cost: Number(miss.headers.get('X-Credits-Cost')) });
    }
  });

  it('is an empty array costing 1 for an unknown sport; a malformed sport_id is refused free', async () => {
    const mock = newMock(LOAD_PLAN);
    expect(expectMetered(await call(mock, '/v1/outrights?sport_id=9999'), { cost: 1, truncated: false })).toEqual([]);
    expectFree(await call(mock, '/v1/outrights?sport_id=abc'), 400, 'invalid_parameters', 'sport_id');
    expectFree(await call(mock, '/v1/outrights?league_id=1'), 400, 'invalid_parameters', 'league_id');
    expect(charged(mock)).toBe(1);
  });

  it('follows every data-route row of the error table', async () => {
    await checkErrorTable(newMock, `/v1/outrights?sport_id=${propsSport}`, 'outrights.list', 25);
  });
});
