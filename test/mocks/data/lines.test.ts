import { describe, expect, it } from 'vitest';
import type { OddsRow } from '../../../mocks/service/data';
import { DAY, MINUTE, NOW, call, data, findFixture, fixtures, frozenClock, rowsOf } from './context';

const keyOf = (r: Record<string, unknown>) => `${r.period}|${r.market}|${r.line}`;
const settled = findFixture((f) => f.priced && !f.abandoned && f.correctedAt === null && f.sport.pricedPeriods.length > 1);
const prematch = (f = settled): OddsRow[] =>
  data.odds(f, NOW, { fullHistory: true, mainOnly: false, rowCap: 1e9 }).rows.filter((r) => Date.parse(r.timestamp as string) < f.starts);

const history = (f = settled, now = NOW): OddsRow[] => data.odds(f, now, { fullHistory: true, mainOnly: false, rowCap: 1e9 }).rows;
const strip = ({ score_home: _a, score_away: _b, red_cards_home: _c, red_cards_away: _d, ...rest }: OddsRow) => rest;

describe('opening lines (docs/service.md, Prices)', () => {
  it('are the earliest snapshot per market, period and line, pre-match or in play, without scores or result state', async () => {
    const rows = rowsOf(await call('events.openingLines', { params: { event_id: settled.eventId } }));
    const first = new Map<string, OddsRow>();
    for (const r of history()) if (!first.has(keyOf(r))) first.set(keyOf(r), r);
    expect(rows.length).toBe(first.size);
    for (const r of rows) {
      const earliest = first.get(keyOf(r))!;
      expect(r.line_id).toBe(earliest.line_id);
      expect(r.odds1).toBe(earliest.odds1);
      expect(r.alt_line_id).toBe(earliest.alt_line_id);
      for (const absent of ['score_home', 'red_cards_home', 'result_status']) expect(r).not.toHaveProperty(absent);
    }
  });

  it('include a line first quoted in play, at its first in-play snapshot', async () => {
    const rows = rowsOf(await call('events.openingLines', { params: { event_id: settled.eventId } }));
    const inPlay = rows.filter((r) => Date.parse(r.timestamp as string) >= settled.starts);
    expect(inPlay.length).toBeGreaterThan(0);
    const prematchKeys = new Set(prematch().map(keyOf));
    for (const r of inPlay) expect(prematchKeys.has(keyOf(r))).toBe(false);
    // Before the start the in-play openings do not exist yet.
    const before = rowsOf(
      await call('events.openingLines', { params: { event_id: settled.eventId }, clock: frozenClock(settled.starts - 1) }),
    );
    expect(new Set(before.map(keyOf))).toEqual(prematchKeys);
  });

  it('only include what exists by now', async () => {
    const future = findFixture((f) => f.priced, NOW + 9 * DAY, NOW + 12 * DAY);
    expect(rowsOf(await call('events.openingLines', { params: { event_id: future.eventId } }))).toEqual([]);
    const opened = rowsOf(await call('events.openingLines', { params: { event_id: future.eventId }, clock: frozenClock(future.openAt) }));
    expect(opened.length).toBeGreaterThanOrEqual(1);
    expect(opened.every((r) => r.timestamp === opened[0]!.timestamp)).toBe(true);
  });
});

describe('closing lines: the board at the close (docs/service.md, Prices)', () => {
  it('are empty before the start', async () => {
    const future = findFixture((f) => f.priced, NOW + 1 * DAY, NOW + 2 * DAY);
    expect(rowsOf(await call('events.closingLines', { params: { event_id: future.eventId } }))).toEqual([]);
  });

  it('are, per period, every row of its last pre-start snapshot, exactly as latest mode answered then, with the settled result', async () => {
    const rows = rowsOf(await call('events.closingLines', { params: { event_id: settled.eventId } }));
    const latest = data.odds(settled, settled.starts - 1, { fullHistory: false, mainOnly: false, rowCap: 500 }).rows;
    expect(rows.map(({ score_home: _a, score_away: _b, result_status: _c, ...rest }) => rest)).toEqual(latest.map(strip));
    const results = data.results(settled, NOW);
    for (const period of new Set(rows.map((r) => r.period))) {
      const board = rows.filter((r) => r.period === period);
      expect(new Set(board.map((r) => r.line_id)).size).toBe(1);
      for (const market of ['moneyline', 'spread', 'totals', 'home_totals', 'away_totals']) {
        expect(board.filter((r) => r.market === market && r.alt_line_id === null)).toHaveLength(1);
      }
      const result = results.find((x) => x.period === period)!;
      for (const r of board) {
        expect(Date.parse(r.timestamp as string)).toBeLessThan(settled.starts);
        expect(r.result_status).toBe(1);
        expect([r.score_home, r.score_away]).toEqual([result.score_home, result.score_away]);
      }
    }
  });

  it('leave out a line taken off the board before the close', async () => {
    const f = findFixture((x) => {
      if (!x.priced || x.abandoned || x.model.engine === 'duel') return false;
      const board = new Set(data.closingLines(x, NOW).map(keyOf));
      return history(x).some((r) => Date.parse(r.timestamp as string) < x.starts && !board.has(keyOf(r)));
    });
    const board = new Set(rowsOf(await call('events.closingLines', { params: { event_id: f.eventId } })).map(keyOf));
    const gone = history(f).find((r) => Date.parse(r.timestamp as string) < f.starts && !board.has(keyOf(r)) && r.market !== 'moneyline')!;
    expect(gone).toBeDefined();
    const side = gone.market === 'spread' ? 'home' : 'over';
    await expect(
      call('analytics.clv', {
        query: {
          event_id: f.eventId,
          market: gone.market as string,
          period: gone.period as number,
          side,
          line: gone.line as number,
          odds: 2,
        },
      }),
    ).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it('report a pending result state while the event is in play', async () => {
    const clock = frozenClock(settled.starts + 5 * MINUTE);
    const rows = rowsOf(await call('events.closingLines', { params: { event_id: settled.eventId }, clock }));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.result_status === 0 && r.score_home === null)).toBe(true);
  });
});

describe('results', () => {
  it('are empty before the start and pending per period in play', async () => {
    const params = { event_id: settled.eventId };
    expect(rowsOf(await call('events.results', { params, clock: frozenClock(settled.starts - 1) }))).toEqual([]);
    const live = rowsOf(await call('events.results', { params, clock: frozenClock(settled.starts + 2 * MINUTE) }));
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((r) => r.status === 0 && r.settlement_id === null)).toBe(true);
  });

  it('settle every played period', async () => {
    const rows = rowsOf(await call('events.results', { params: { event_id: settled.eventId } }));
    expect(rows.map((r) => r.period)).toContain(0);
    expect(rows.every((r) => r.status === 1 && r.settlement_id === 1 && typeof r.score_home === 'number')).toBe(true);
  });

  it('re-settle after a correction (status 2, settlement st_2) and bump the version', async () => {
    const f = findFixture((x) => x.correctedAt !== null && x.correctedAt < NOW && x.sport.format.kind === 'timed');
    const before = rowsOf(await call('events.results', { params: { event_id: f.eventId }, clock: frozenClock(f.correctedAt! - 1) }));
    const after = rowsOf(await call('events.results', { params: { event_id: f.eventId }, clock: frozenClock(f.correctedAt!) }));
    const full = (rows: Record<string, unknown>[]) => rows.find((r) => r.period === 0)!;
    expect(full(before)).toMatchObject({ status: 1, settlement_id: 1 });
    expect(full(after)).toMatchObject({ status: 2, settlement_id: 'st_2' });
    expect(full(after).score_home !== full(before).score_home || full(after).score_away !== full(before).score_away).toBe(true);
    expect(data.event(f, f.correctedAt!).version).toBe(data.event(f, f.correctedAt! - 1).version! + 1);
  });

  it('cancel an abandoned event with a reason', async () => {
    const f = findFixture((x) => x.abandoned && x.priced);
    const rows = rowsOf(await call('events.results', { params: { event_id: f.eventId } }));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.status).toBe(3);
      expect(typeof r.cancellation_reason).toBe('string');
    }
    const closing = rowsOf(await call('events.closingLines', { params: { event_id: f.eventId } }));
    expect(closing.every((r) => r.result_status === 3)).toBe(true);
  });

  it('count sets for sports played in sets, and tennis scores in games (the unit its totals and spreads are graded on)', async () => {
    const f = findFixture((x) => x.sport.name === 'Tennis' && !x.abandoned && x.priced);
    expect(data.event(f, NOW).resulting_unit).toBe('Games');
    const rows = rowsOf(await call('events.results', { params: { event_id: f.eventId } }));
    const match = rows.find((r) => r.period === 0)!;
    const sets = rows.filter((r) => r.period !== 0);
    expect(Math.max(match.sets_home as number, match.sets_away as number)).toBe(2);
    expect(sets.length).toBe((match.sets_home as number) + (match.sets_away as number));
    // Games: each set is won 6-0 to 6-4, 7-5 or 7-6, and the match's games are the sum of its sets'.
    for (const set of sets) {
      const [w, l] = [
        Math.max(set.score_home as number, set.score_away as number),
        Math.min(set.score_home as number, set.score_away as number),
      ];
      expect((w === 6 && l <= 4) || (w === 7 && (l === 5 || l === 6))).toBe(true);
      expect(set.sets_home).toBe((set.score_home as number) > (set.score_away as number) ? 1 : 0);
    }
    expect(match.score_home).toBe(sets.reduce((s, r) => s + (r.score_home as number), 0));
    expect(match.score_away).toBe(sets.reduce((s, r) => s + (r.score_away as number), 0));
    expect(match.sets_home).toBe(sets.filter((r) => r.sets_home === 1).length);
    // The closing totals line is in games too, and the closing rows carry the games.
    const totals = data.closingLines(f, NOW).find((r) => r.period === 0 && r.market === 'totals' && r.alt_line_id === null)!;
    expect(totals.line).toBeGreaterThan(12);
    expect(totals.line).toBeLessThan(40);
    expect([totals.score_home, totals.score_away]).toEqual([match.score_home, match.score_away]);
  });

  it('never end level under a moneyline without a draw price (overtime, extra innings, shootouts and sets decide)', () => {
    let twoWay = 0;
    for (const f of fixtures(NOW - 4 * DAY, NOW - 2 * DAY)) {
      if (!f.priced || f.abandoned) continue;
      const closing = data.closingLines(f, NOW);
      for (const r of data.results(f, NOW)) {
        const ml = closing.find((c) => c.period === r.period && c.market === 'moneyline');
        if (ml === undefined || ml.odds0 !== null || r.status === 0) continue;
        twoWay++;
        const [h, a] = typeof r.sets_home === 'number' ? [r.sets_home, r.sets_away] : [r.score_home, r.score_away];
        expect(h, `event ${f.eventId} period ${r.period}`).not.toBe(a);
      }
    }
    expect(twoWay).toBeGreaterThan(200);
  });
});

describe('CLV analysis', () => {
  const closing = data.closingLines(settled, NOW);
  const spread = closing.find((r) => r.market === 'spread' && r.period === 0 && r.alt_line_id === null)!;

  it('matches the closing row and answers clv = odds / true_closing_odds - 1 and expected_win = stake * clv at full precision', async () => {
    const stake = 123_456.789;
    const query = { event_id: settled.eventId, market: 'spread', side: 'home', line: spread.line as number, odds: 2.13, stake };
    const result = await call('analytics.clv', { query });
    expect(result.rows).toBe(1);
    const body = result.body as { closing_odds: number; true_closing_odds: number; clv: number; expected_win: number };
    expect(body.closing_odds).toBe(spread.odds1);
    expect(body.true_closing_odds).toBe(spread.todds1);
    // Exact identities of the numbers sent, no rounding: a JSON round trip keeps every double.
    const wire = JSON.parse(JSON.stringify(body)) as typeof body;
    expect(wire.clv).toBe(2.13 / wire.true_closing_odds - 1);
    expect(wire.expected_win).toBe(stake * wire.clv);
  });

  it('reads an away spread from the home perspective and defaults period 0 and stake 1', async () => {
    const line = -(spread.line as number);
    const result = await call('analytics.clv', { query: { event_id: settled.eventId, market: 'spread', side: 'away', line, odds: 1.9 } });
    expect(result.body).toMatchObject({ closing_odds: spread.odds2, true_closing_odds: spread.todds2 });
    const body = result.body as { clv: number; expected_win: number };
    expect(body.expected_win).toBe(body.clv);
  });

  it('takes any period number and answers not_found when no closing row matches', async () => {
    const future = findFixture((f) => f.priced, NOW + DAY, NOW + 2 * DAY);
    await expect(
      call('analytics.clv', { query: { event_id: future.eventId, market: 'moneyline', side: 'home', odds: 2 } }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      call('analytics.clv', { query: { event_id: settled.eventId, market: 'totals', side: 'over', line: 999.5, odds: 2 } }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      call('analytics.clv', { query: { event_id: settled.eventId, market: 'moneyline', side: 'home', odds: 2, period: 250 } }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(call('analytics.clv', { query: { event_id: 77, market: 'moneyline', side: 'home', odds: 2 } })).rejects.toMatchObject({
      status: 404,
    });
    const noDraw = findFixture((f) => f.priced && !f.model.draws);
    await expect(
      call('analytics.clv', { query: { event_id: noDraw.eventId, market: 'moneyline', side: 'draw', odds: 3 } }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
