import { describe, expect, it } from 'vitest';
import type { MockService } from '../../../mocks';
import { useMockServer } from '../../helpers/mock-server';
import {
  type Answer,
  call,
  charged,
  checkErrorTable,
  DAY,
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
const withDraw = findFixture(
  (f) => f.priced && !f.abandoned && f.model.draws && f.sport.pricedPeriods.length > 1,
  T0 - 10 * DAY,
  T0 - 2 * DAY,
);
const noDraw = findFixture((f) => f.priced && !f.abandoned && !f.model.draws, T0 - 10 * DAY, T0 - 2 * DAY);
const future = findFixture((f) => f.priced, T0 + DAY, T0 + 2 * DAY);

const CLV = '/v1/analytics/clv';

interface Clv {
  closing_odds: number | null;
  true_closing_odds: number | null;
  expected_win: number | null;
  clv: number | null;
}

const clvPath = (q: Record<string, string | number>) => `${CLV}?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`;

/** The closing rows of an event, through the closing-lines route. */
const closingOf = async (mock: MockService, eventId: number): Promise<Row[]> => {
  const rows = expectMetered(await call(mock, `/v1/events/${eventId}/lines/closing`));
  expect(rows.length).toBeGreaterThan(0);
  return rows;
};

/** The primary closing row of a market and period. */
const primary = (rows: Row[], market: string, period = 0): Row => {
  const row = rows.find((r) => r.market === market && r.period === period && r.alt_line_id === null);
  expect(row, `${market} period ${period}`).toBeDefined();
  return row!;
};

/** A successful analysis: one object with the four fields, X-Result-Rows 1, 1 credit, never cached. */
function analysis(answer: Answer): Clv {
  expectMetered(answer, { cost: 1, truncated: false });
  expect(Array.isArray(answer.body)).toBe(false);
  expect(answer.headers.get('X-Result-Rows')).toBe('1');
  expect(answer.headers.get('X-Cache')).toBeNull();
  const body = answer.body as Clv;
  expect(Object.keys(body).sort()).toEqual(['closing_odds', 'clv', 'expected_win', 'true_closing_odds']);
  return body;
}

/** Checks the arithmetic of docs/service.md, "CLV analysis" against the closing prices of the row: clv = odds / true - 1, expected_win = stake * clv. */
function expectArithmetic(body: Clv, closing: number, fair: number, odds: number, stake: number): void {
  expect(body.closing_odds).toBe(closing);
  expect(body.true_closing_odds).toBe(fair);
  const clv = odds / fair - 1;
  expect(body.clv!).toBeCloseTo(clv, 5);
  expect(body.expected_win!).toBeCloseTo(stake * clv, 5);
}

describe('GET /v1/analytics/clv: analysis (docs/service.md, CLV analysis)', () => {
  it('matches a home spread bet to the closing row and answers one object, X-Result-Rows 1, costing 1', async () => {
    const mock = newMock(LOAD_PLAN);
    const row = primary(await closingOf(mock, withDraw.eventId), 'spread');
    const before = charged(mock);
    const body = analysis(
      await call(
        mock,
        clvPath({ event_id: withDraw.eventId, market: 'spread', side: 'home', line: row.line as number, odds: 2.1, stake: 50 }),
      ),
    );
    expectArithmetic(body, row.odds1 as number, row.todds1 as number, 2.1, 50);
    expect(charged(mock) - before).toBe(1);
  });

  it('reads an away spread from the away perspective: a home line of L is an away line of -L', async () => {
    const mock = newMock(LOAD_PLAN);
    const row = primary(await closingOf(mock, withDraw.eventId), 'spread');
    const body = analysis(
      await call(
        mock,
        clvPath({ event_id: withDraw.eventId, market: 'spread', side: 'away', line: -(row.line as number), odds: 1.95, stake: 10 }),
      ),
    );
    expectArithmetic(body, row.odds2 as number, row.todds2 as number, 1.95, 10);
    if ((row.line as number) !== 0) {
      // The home line taken as an away line matches another (or no) row.
      const mirrored = await call(
        mock,
        clvPath({ event_id: withDraw.eventId, market: 'spread', side: 'away', line: row.line as number, odds: 1.95 }),
      );
      if (mirrored.status === 200) expect((mirrored.body as Clv).closing_odds).not.toBe(row.odds2);
      else expectChargedFailure(mirrored, 404, 'not_found');
    }
  });

  it('prices over and under of the totals families from odds1 and odds2', async () => {
    const mock = newMock(LOAD_PLAN);
    const rows = await closingOf(mock, withDraw.eventId);
    for (const market of ['totals', 'home_totals', 'away_totals']) {
      const row = primary(rows, market);
      const over = analysis(
        await call(mock, clvPath({ event_id: withDraw.eventId, market, side: 'over', line: row.line as number, odds: 2.02, stake: 3 })),
      );
      expectArithmetic(over, row.odds1 as number, row.todds1 as number, 2.02, 3);
      const under = analysis(
        await call(mock, clvPath({ event_id: withDraw.eventId, market, side: 'under', line: row.line as number, odds: 1.8, stake: 3 })),
      );
      expectArithmetic(under, row.odds2 as number, row.todds2 as number, 1.8, 3);
    }
  });

  it('prices moneyline home, away and draw from odds1, odds2 and odds0', async () => {
    const mock = newMock(LOAD_PLAN);
    const row = primary(await closingOf(mock, withDraw.eventId), 'moneyline');
    expect(row.odds0).not.toBeNull();
    for (const [side, closing, fair] of [
      ['home', 'odds1', 'todds1'],
      ['away', 'odds2', 'todds2'],
      ['draw', 'odds0', 'todds0'],
    ] as const) {
      const body = analysis(await call(mock, clvPath({ event_id: withDraw.eventId, market: 'moneyline', side, odds: 3.4, stake: 20 })));
      expectArithmetic(body, row[closing] as number, row[fair] as number, 3.4, 20);
    }
  });

  it('defaults period to 0 and stake to 1, matches another period and an alternate line', async () => {
    const mock = newMock(LOAD_PLAN);
    const rows = await closingOf(mock, withDraw.eventId);
    const full = primary(rows, 'moneyline');
    const omitted = analysis(await call(mock, clvPath({ event_id: withDraw.eventId, market: 'moneyline', side: 'home', odds: 2.5 })));
    expect(omitted).toEqual(
      analysis(
        await call(mock, clvPath({ event_id: withDraw.eventId, market: 'moneyline', side: 'home', odds: 2.5, period: 0, stake: 1 })),
      ),
    );
    expectArithmetic(omitted, full.odds1 as number, full.todds1 as number, 2.5, 1);
    expect(omitted.expected_win).toBe(omitted.clv);

    const period = [...new Set(rows.map((r) => r.period as number))].find((p) => p !== 0)!;
    const firstHalf = primary(rows, 'totals', period);
    const body = analysis(
      await call(
        mock,
        clvPath({ event_id: withDraw.eventId, market: 'totals', period, side: 'over', line: firstHalf.line as number, odds: 1.9 }),
      ),
    );
    expectArithmetic(body, firstHalf.odds1 as number, firstHalf.todds1 as number, 1.9, 1);

    const alt = rows.find(
      (r) =>
        r.market === 'totals' &&
        r.period === 0 &&
        r.alt_line_id !== null &&
        !rows.some((o) => o !== r && o.market === 'totals' && o.period === 0 && o.line === r.line),
    )!;
    expect(alt).toBeDefined();
    const altBody = analysis(
      await call(
        mock,
        clvPath({ event_id: withDraw.eventId, market: 'totals', side: 'under', line: alt.line as number, odds: 2.2, stake: 4 }),
      ),
    );
    expectArithmetic(altBody, alt.odds2 as number, alt.todds2 as number, 2.2, 4);
  });

  it('answers at full double precision: clv = odds / true_closing_odds - 1 and expected_win = stake * clv exactly, on the wire', async () => {
    const mock = newMock(LOAD_PLAN);
    const row = primary(await closingOf(mock, withDraw.eventId), 'totals');
    for (const [odds, stake] of [
      [1.91, 1],
      [2.37, 987_654.321],
      [11.5, 0.07],
    ] as const) {
      const body = analysis(
        await call(mock, clvPath({ event_id: withDraw.eventId, market: 'totals', side: 'under', line: row.line as number, odds, stake })),
      );
      expect(body.true_closing_odds).toBe(row.todds2);
      expect(body.clv).toBe(odds / (body.true_closing_odds as number) - 1);
      expect(body.expected_win).toBe(stake * (body.clv as number));
    }
  });

  it('takes any period number the sport may define: a period without closing rows is 404, not a refusal', async () => {
    const mock = newMock(LOAD_PLAN);
    expectChargedFailure(
      await call(mock, clvPath({ event_id: withDraw.eventId, market: 'moneyline', side: 'home', odds: 2, period: 1000 })),
      404,
      'not_found',
    );
    expect(charged(mock)).toBe(1);
  });

  it('gives a negative clv for a price below the fair closing price', async () => {
    const mock = newMock(LOAD_PLAN);
    const row = primary(await closingOf(mock, withDraw.eventId), 'moneyline');
    const odds = Math.round(((row.todds1 as number) - 0.1) * 100) / 100;
    const body = analysis(await call(mock, clvPath({ event_id: withDraw.eventId, market: 'moneyline', side: 'home', odds, stake: 100 })));
    expect(body.clv!).toBeLessThan(0);
    expect(body.expected_win!).toBeLessThan(0);
    expectArithmetic(body, row.odds1 as number, row.todds1 as number, odds, 100);
  });
});

describe('GET /v1/analytics/clv: validation (400 invalid_parameters, free)', () => {
  it('refuses sides that do not fit the market, a missing or superfluous line, bad prices and stakes, naming the parameter', async () => {
    const mock = newMock(LOAD_PLAN);
    const id = withDraw.eventId;
    const cases: [Record<string, string | number>, string][] = [
      [{ event_id: id, market: 'moneyline', side: 'over', odds: 2 }, 'side'],
      [{ event_id: id, market: 'totals', side: 'home', line: 2.5, odds: 2 }, 'side'],
      [{ event_id: id, market: 'spread', side: 'draw', line: 1.5, odds: 2 }, 'side'],
      [{ event_id: id, market: 'home_totals', side: 'away', line: 1.5, odds: 2 }, 'side'],
      [{ event_id: id, market: 'moneyline', side: 'left', odds: 2 }, 'side'],
      [{ event_id: id, market: 'spread', side: 'home', odds: 2 }, 'line'],
      [{ event_id: id, market: 'totals', side: 'over', odds: 2 }, 'line'],
      [{ event_id: id, market: 'moneyline', side: 'home', line: 0.5, odds: 2 }, 'line'],
      [{ event_id: id, market: 'spread', side: 'home', line: 'x', odds: 2 }, 'line'],
      [{ event_id: id, market: 'moneyline', side: 'home', odds: 1 }, 'odds'],
      [{ event_id: id, market: 'moneyline', side: 'home', odds: 0.5 }, 'odds'],
      [{ event_id: id, market: 'moneyline', side: 'home' }, 'odds'],
      [{ event_id: id, market: 'moneyline', side: 'home', odds: 2, stake: 0 }, 'stake'],
      [{ event_id: id, market: 'moneyline', side: 'home', odds: 2, stake: -5 }, 'stake'],
      [{ event_id: id, market: 'corners', side: 'home', odds: 2 }, 'market'],
      [{ event_id: id, side: 'home', odds: 2 }, 'market'],
      [{ event_id: id, market: 'moneyline', odds: 2 }, 'side'],
      [{ market: 'moneyline', side: 'home', odds: 2 }, 'event_id'],
      [{ event_id: 0, market: 'moneyline', side: 'home', odds: 2 }, 'event_id'],
      [{ event_id: id, market: 'moneyline', side: 'home', odds: 2, period: -1 }, 'period'],
      [{ event_id: id, market: 'moneyline', side: 'home', odds: 2, bet_id: 7 }, 'position 5'], // an unknown name is never echoed
    ];
    for (const [query, name] of cases) expectFree(await call(mock, clvPath(query)), 400, 'invalid_parameters', name);
    expect(charged(mock)).toBe(0);
  });
});

describe('GET /v1/analytics/clv: no matching closing row (404 not_found, charged 1)', () => {
  it('answers 404 with X-Result-Rows 0 and one credit, not a zero-value analysis', async () => {
    const mock = newMock(LOAD_PLAN);
    const closing = await closingOf(mock, withDraw.eventId);
    const before = charged(mock);
    const cases: Record<string, string | number>[] = [
      // No closing line yet: the event has not started.
      { event_id: future.eventId, market: 'moneyline', side: 'home', odds: 2 },
      // No such line.
      { event_id: withDraw.eventId, market: 'totals', side: 'over', line: 999.5, odds: 2 },
      // No such period.
      { event_id: withDraw.eventId, market: 'moneyline', side: 'home', odds: 2, period: 99 },
      // No draw price in a sport without draws.
      { event_id: noDraw.eventId, market: 'moneyline', side: 'draw', odds: 3 },
      // No such event.
      { event_id: 77, market: 'moneyline', side: 'home', odds: 2 },
    ];
    expect(closing.some((r) => r.period === 99)).toBe(false);
    for (const query of cases) expectChargedFailure(await call(mock, clvPath(query)), 404, 'not_found');
    expect(charged(mock) - before).toBe(cases.length);
    // The closing route agrees: the future event has no closing rows yet.
    expect(expectMetered(await call(mock, `/v1/events/${future.eventId}/lines/closing`), { cost: 1 })).toEqual([]);
  });

  it('follows every data-route row of the error table', async () => {
    await checkErrorTable(
      newMock,
      clvPath({ event_id: withDraw.eventId, market: 'moneyline', side: 'home', odds: 2 }),
      'analytics.clv',
      25,
    );
  });
});
