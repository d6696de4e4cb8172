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
  LOAD_PLAN,
  MINUTE,
  type Row,
  T0,
} from './helpers';

const newMock = useMockServer();

// Found with the dataset; every assertion below goes through HTTP.
const settled = findFixture(
  (f) =>
    f.priced &&
    !f.abandoned &&
    f.correctedAt === null &&
    f.sport.pricedPeriods.length > 1 &&
    data.liveState(f, f.starts + 10 * MINUTE) === 'offered',
  T0 - 10 * DAY,
  T0 - 2 * DAY,
);
const unopened = findFixture((f) => f.priced, T0 + 9 * DAY, T0 + 12 * DAY);
const opened = findFixture((f) => f.priced && f.openAt < T0, T0 + DAY, T0 + 2 * DAY);
const inPlay = [...data.fixturesBetween(T0 - 3 * HOUR, T0, T0)].find((f) => data.liveState(f, T0) === 'offered' && f.child === null)!;
const corrected = findFixture(
  (f) => f.correctedAt !== null && f.correctedAt < T0 - HOUR && f.sport.format.kind === 'timed',
  T0 - 10 * DAY,
  T0 - 2 * DAY,
);
const abandoned = findFixture((f) => f.abandoned && f.priced, T0 - 30 * DAY, T0 - 2 * DAY);

const OPENING = (id: number) => `/v1/events/${id}/lines/opening`;
const CLOSING = (id: number) => `/v1/events/${id}/lines/closing`;
const RESULTS = (id: number) => `/v1/events/${id}/results`;

/** A data route's rows, checking the success headers (never cached). */
async function get(mock: MockService, path: string, options: { cost?: number; truncated?: boolean } = {}): Promise<Row[]> {
  const answer = await call(mock, path);
  const rows = expectMetered(answer, options);
  expect(answer.headers.get('X-Cache')).toBeNull();
  return rows;
}

const event = async (mock: MockService, id: number): Promise<Row> => (await get(mock, `/v1/events?event_id=${id}`))[0]!;
const keyOf = (r: Row) => `${r.period}|${r.market}|${r.line}`;
const history = (mock: MockService, id: number) => get(mock, `/v1/events/${id}/odds?full_history=1`, { truncated: false });

describe('GET /v1/events/{event_id}/lines/opening', () => {
  it('holds the earliest snapshot of every market, period and line, without score, red-card or result fields', async () => {
    const mock = newMock(LOAD_PLAN);
    const rows = await get(mock, OPENING(settled.eventId), { truncated: false });
    const starts = Date.parse((await event(mock, settled.eventId)).starts as string);
    const all = await history(mock, settled.eventId);
    const first = new Map<string, Row>();
    for (const r of all) if (!first.has(keyOf(r))) first.set(keyOf(r), r);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map(keyOf)).size).toBe(rows.length);
    for (const r of rows) {
      const earliest = first.get(keyOf(r))!;
      expect(earliest, keyOf(r)).toBeDefined();
      for (const field of ['line_id', 'alt_line_id', 'odds1', 'odds0', 'odds2', 'todds1', 'todds2', 'timestamp', 'cutoff'])
        expect(r[field], field).toEqual(earliest[field]);
      for (const absent of ['score_home', 'score_away', 'red_cards_home', 'red_cards_away', 'result_status'])
        expect(r).not.toHaveProperty(absent);
    }
    // Every line offered before the start has its opening row.
    const prematchKeys = new Set(all.filter((r) => Date.parse(r.timestamp as string) < starts).map(keyOf));
    for (const key of prematchKeys) expect(rows.map(keyOf)).toContain(key);
  });

  it('is an empty array costing 1 before the odds open, and the first snapshot once they have', async () => {
    const mock = newMock(LOAD_PLAN);
    expect(await event(mock, unopened.eventId)).toMatchObject({ opening_available: false, closing_available: false });
    expect(await get(mock, OPENING(unopened.eventId), { cost: 1, truncated: false })).toEqual([]);
    mock.clock.set(unopened.openAt);
    expect(await event(mock, unopened.eventId)).toMatchObject({ opening_available: true, closing_available: false });
    const rows = await get(mock, OPENING(unopened.eventId));
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.timestamp)).size).toBe(1);
    // The first snapshot is all there is: its rows, without the score and red-card fields, in any order.
    const strip = ({ score_home: _a, score_away: _b, red_cards_home: _c, red_cards_away: _d, ...rest }: Row) => rest;
    const byKey = (a: Row, b: Row) => keyOf(a).localeCompare(keyOf(b));
    const snapshot = await get(mock, `/v1/events/${unopened.eventId}/odds?full_history=1`);
    expect([...rows].sort(byKey)).toEqual(snapshot.map(strip).sort(byKey));
  });
});

describe('GET /v1/events/{event_id}/lines/closing', () => {
  it('is the board at the close: per period every row of its last pre-start snapshot, as latest odds answered then, with the settled result state', async () => {
    const mock = newMock(LOAD_PLAN);
    const rows = await get(mock, CLOSING(settled.eventId), { truncated: false });
    const starts = Date.parse((await event(mock, settled.eventId)).starts as string);
    const all = await history(mock, settled.eventId);
    const prematch = all.filter((r) => Date.parse(r.timestamp as string) < starts);
    // The event was priced in play too: closing rows are not simply the latest rows.
    expect(all.length).toBeGreaterThan(prematch.length);
    const results = await get(mock, RESULTS(settled.eventId));
    for (const period of new Set(prematch.map((r) => r.period))) {
      const lastId = Math.max(...prematch.filter((r) => r.period === period).map((r) => r.line_id as number));
      const board = prematch.filter((r) => r.period === period && r.line_id === lastId);
      const closing = rows.filter((r) => r.period === period);
      expect(closing.map(keyOf)).toEqual(board.map(keyOf));
      for (const [i, r] of closing.entries()) {
        for (const field of ['line_id', 'alt_line_id', 'odds1', 'odds0', 'odds2', 'todds1', 'todds2', 'timestamp', 'cutoff', 'status'])
          expect(r[field], field).toEqual(board[i]![field]);
      }
      expect(closing.filter((r) => r.market === 'moneyline' && r.alt_line_id === null)).toHaveLength(1);
      const result = results.find((x) => x.period === period)!;
      for (const r of closing) {
        expect(r).not.toHaveProperty('red_cards_home');
        expect(r.result_status).toBe(1);
        expect([r.score_home, r.score_away]).toEqual([result.score_home, result.score_away]);
      }
    }
    // Lines quoted earlier but no longer on the board at the close have no closing row.
    const onBoard = new Set(rows.map(keyOf));
    expect(prematch.some((r) => !onBoard.has(keyOf(r)))).toBe(true);
  });

  it('is unavailable (empty, costing 1) before the start, and available with a pending result from kickoff', async () => {
    const mock = newMock(LOAD_PLAN);
    expect(await event(mock, opened.eventId)).toMatchObject({ opening_available: true, closing_available: false });
    expect((await get(mock, OPENING(opened.eventId))).length).toBeGreaterThan(0);
    expect(await get(mock, CLOSING(opened.eventId), { cost: 1, truncated: false })).toEqual([]);
    expect(await get(mock, CLOSING(unopened.eventId), { cost: 1 })).toEqual([]);
    mock.clock.set(opened.starts - 1000);
    expect(await get(mock, CLOSING(opened.eventId), { cost: 1 })).toEqual([]);
    mock.clock.set(opened.starts);
    expect(await event(mock, opened.eventId)).toMatchObject({ closing_available: true });
    const rows = await get(mock, CLOSING(opened.eventId));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.result_status === 0 && r.score_home === null)).toBe(true);
  });

  it('reports a pending result state for an event in play', async () => {
    const mock = newMock(LOAD_PLAN);
    const rows = await get(mock, CLOSING(inPlay.eventId));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.result_status === 0)).toBe(true);
    expect(await event(mock, inPlay.eventId)).toMatchObject({ live_status: 1, closing_available: true });
  });
});

describe('GET /v1/events/{event_id}/results', () => {
  it('settles every played period: status 1 with scores and a settlement id', async () => {
    const mock = newMock(LOAD_PLAN);
    const rows = await get(mock, RESULTS(settled.eventId), { truncated: false });
    expect(rows.map((r) => r.period)).toContain(0);
    expect(new Set(rows.map((r) => r.period)).size).toBe(rows.length);
    for (const r of rows) {
      expect(r.status).toBe(1);
      expect(r.settlement_id).not.toBeNull();
      expect(typeof r.score_home).toBe('number');
      expect(typeof r.score_away).toBe('number');
      expect(r.cancellation_reason ?? null).toBeNull();
    }
  });

  it('is an empty array costing 1 before the start, and pending per period in play', async () => {
    const mock = newMock(LOAD_PLAN);
    expect(await get(mock, RESULTS(unopened.eventId), { cost: 1, truncated: false })).toEqual([]);
    expect(await get(mock, RESULTS(opened.eventId), { cost: 1 })).toEqual([]);
    const live = await get(mock, RESULTS(inPlay.eventId));
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((r) => r.status === 0)).toBe(true);
  });

  it('re-settles after a correction (status 2, new settlement id, new score) and bumps the event version', async () => {
    // The clock only moves forward: the mock starts just before the correction.
    const mock = newMock({ ...LOAD_PLAN, now: corrected.correctedAt! - 1000 });
    const before = await get(mock, RESULTS(corrected.eventId));
    const versionBefore = (await event(mock, corrected.eventId)).version as number;
    const closingBefore = await get(mock, CLOSING(corrected.eventId));
    mock.clock.set(corrected.correctedAt!);
    const after = await get(mock, RESULTS(corrected.eventId));
    const full = (rows: Row[]) => rows.find((r) => r.period === 0)!;
    expect(full(before).status).toBe(1);
    expect(full(after).status).toBe(2);
    expect(full(after).settlement_id).not.toEqual(full(before).settlement_id);
    expect([full(after).score_home, full(after).score_away]).not.toEqual([full(before).score_home, full(before).score_away]);
    expect(Date.parse(full(after).timestamp as string)).toBeGreaterThan(Date.parse(full(before).timestamp as string));
    expect((await event(mock, corrected.eventId)).version).toBe(versionBefore + 1);
    // The closing rows of the corrected period follow the correction.
    const closingAfter = await get(mock, CLOSING(corrected.eventId));
    const fullClosing = closingAfter.filter((r) => r.period === 0);
    expect(fullClosing.length).toBeGreaterThan(0);
    expect(fullClosing.every((r) => r.result_status === 2 && r.score_home === full(after).score_home)).toBe(true);
    expect(closingBefore.filter((r) => r.period === 0).every((r) => r.result_status === 1)).toBe(true);
  });

  it('cancels an abandoned event with a reason, in its results and its closing rows', async () => {
    const mock = newMock(LOAD_PLAN);
    const rows = await get(mock, RESULTS(abandoned.eventId));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.status).toBe(3);
      expect(typeof r.cancellation_reason).toBe('string');
      expect((r.cancellation_reason as string).length).toBeGreaterThan(0);
    }
    const closing = await get(mock, CLOSING(abandoned.eventId));
    expect(closing.length).toBeGreaterThan(0);
    expect(closing.every((r) => r.result_status === 3)).toBe(true);
  });
});

describe('opening, closing and results: errors', () => {
  it.each([
    ['opening', OPENING],
    ['closing', CLOSING],
    ['results', RESULTS],
  ])('%s: 404 not_found for an unknown event, charged 1 with X-Result-Rows 0; parameters are refused free', async (_, route) => {
    const mock = newMock(LOAD_PLAN);
    expectChargedFailure(await call(mock, route(999_999_999)), 404, 'not_found');
    // A fixture starting in three weeks does not exist yet.
    const later = [...data.fixturesBetween(T0 + 21 * DAY, T0 + 21 * DAY + HOUR, T0 + 21 * DAY)][0]!;
    expectChargedFailure(await call(mock, route(later.eventId)), 404, 'not_found');
    expect(charged(mock)).toBe(2);
    expectFree(await call(mock, `${route(settled.eventId)}?full_history=1`), 400, 'invalid_parameters', 'full_history');
    expectFree(await call(mock, route(0).replace('/0/', '/x/')), 400, 'invalid_parameters', 'event_id');
    expect(charged(mock)).toBe(2);
  });

  it.each([
    ['events.openingLines', OPENING],
    ['events.closingLines', CLOSING],
    ['events.results', RESULTS],
  ])('%s follows every data-route row of the error table', async (routeId, route) => {
    await checkErrorTable(newMock, route(settled.eventId), routeId, 25);
  });

  it('are never cached and meter every answer by its rows', async () => {
    const mock = newMock(LOAD_PLAN);
    for (const route of [OPENING, CLOSING, RESULTS]) {
      const first = await call(mock, route(settled.eventId));
      const second = await call(mock, route(settled.eventId));
      expect(second.body).toEqual(first.body);
      for (const answer of [first, second]) {
        expectMetered(answer);
        expect(answer.headers.get('X-Cache')).toBeNull();
      }
    }
  });
});
