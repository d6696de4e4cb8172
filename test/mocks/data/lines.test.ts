import { describe, expect, it } from 'vitest';
import type { OddsRow } from '../../../mocks/data';
import { DAY, MINUTE, NOW, call, data, findFixture, frozenClock, rowsOf } from './context';

const keyOf = (r: Record<string, unknown>) => `${r.period}|${r.market}|${r.line}`;
const settled = findFixture((f) => f.priced && !f.abandoned && f.correctedAt === null && f.sport.pricedPeriods.length > 1);
const prematch = (f = settled): OddsRow[] =>
  data.odds(f, NOW, { fullHistory: true, mainOnly: false, rowCap: 1e9 }).rows.filter((r) => Date.parse(r.timestamp as string) < f.starts);

describe('opening lines', () => {
  it('are the earliest snapshot per market, period and line, without scores or result state', async () => {
    const rows = rowsOf(await call('events.openingLines', { params: { event_id: settled.eventId } }));
    const first = new Map<string, OddsRow>();
    for (const r of prematch()) if (!first.has(keyOf(r))) first.set(keyOf(r), r);
    expect(rows.length).toBe(first.size);
    for (const r of rows) {
      expect(r.line_id).toBe(first.get(keyOf(r))?.line_id);
      expect(r.odds1).toBe(first.get(keyOf(r))?.odds1);
      for (const absent of ['score_home', 'red_cards_home', 'result_status']) expect(r).not.toHaveProperty(absent);
    }
  });

  it('only include what exists by now', async () => {
    const future = findFixture((f) => f.priced, NOW + 9 * DAY, NOW + 12 * DAY);
    expect(rowsOf(await call('events.openingLines', { params: { event_id: future.eventId } }))).toEqual([]);
    const opened = rowsOf(await call('events.openingLines', { params: { event_id: future.eventId }, clock: frozenClock(future.openAt) }));
    expect(opened.length).toBeGreaterThanOrEqual(9);
    expect(opened.every((r) => r.timestamp === opened[0]!.timestamp)).toBe(true);
  });
});

describe('closing lines', () => {
  it('are empty before the start', async () => {
    const future = findFixture((f) => f.priced, NOW + 1 * DAY, NOW + 2 * DAY);
    expect(rowsOf(await call('events.closingLines', { params: { event_id: future.eventId } }))).toEqual([]);
  });

  it('are the latest pre-cutoff snapshot per market, period and line, with the settled result', async () => {
    const rows = rowsOf(await call('events.closingLines', { params: { event_id: settled.eventId } }));
    const last = new Map<string, OddsRow>();
    for (const r of prematch()) last.set(keyOf(r), r);
    expect(rows.length).toBe(last.size);
    const results = data.results(settled, NOW);
    for (const r of rows) {
      expect(r.line_id).toBe(last.get(keyOf(r))?.line_id);
      expect(Date.parse(r.timestamp as string)).toBeLessThan(Date.parse(r.cutoff as string));
      const result = results.find((x) => x.period === r.period)!;
      expect(r.result_status).toBe(1);
      expect(r.score_home).toBe(result.score_home);
    }
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

  it('count sets for sports played in sets', async () => {
    const f = findFixture((x) => x.sport.name === 'Tennis' && !x.abandoned);
    const rows = rowsOf(await call('events.results', { params: { event_id: f.eventId } }));
    const match = rows.find((r) => r.period === 0)!;
    expect(Math.max(match.sets_home as number, match.sets_away as number)).toBe(2);
    expect(rows.filter((r) => r.period !== 0).length).toBe((match.sets_home as number) + (match.sets_away as number));
  });
});

describe('CLV analysis', () => {
  const closing = data.closingLines(settled, NOW);
  const spread = closing.find((r) => r.market === 'spread' && r.period === 0)!;

  it('matches the closing row and computes clv = odds / true_closing_odds - 1', async () => {
    const query = { event_id: settled.eventId, market: 'spread', side: 'home', line: spread.line as number, odds: 2.1, stake: 50 };
    const result = await call('analytics.clv', { query });
    expect(result.rows).toBe(1);
    const clv = 2.1 / (spread.todds1 as number) - 1;
    expect(result.body).toEqual({
      closing_odds: spread.odds1,
      true_closing_odds: spread.todds1,
      clv: Math.round(clv * 1e6) / 1e6,
      expected_win: Math.round(50 * clv * 1e6) / 1e6,
    });
  });

  it('reads an away spread from the home perspective and defaults period 0 and stake 1', async () => {
    const line = -(spread.line as number);
    const result = await call('analytics.clv', { query: { event_id: settled.eventId, market: 'spread', side: 'away', line, odds: 1.9 } });
    expect(result.body).toMatchObject({ closing_odds: spread.odds2, true_closing_odds: spread.todds2 });
    const body = result.body as { clv: number; expected_win: number };
    expect(body.expected_win).toBe(body.clv);
  });

  it('answers not_found when no closing row matches', async () => {
    const future = findFixture((f) => f.priced, NOW + DAY, NOW + 2 * DAY);
    await expect(call('analytics.clv', { query: { event_id: future.eventId, market: 'moneyline', side: 'home', odds: 2 } })).rejects.toMatchObject({ status: 404 });
    await expect(call('analytics.clv', { query: { event_id: settled.eventId, market: 'totals', side: 'over', line: 999.5, odds: 2 } })).rejects.toMatchObject({ status: 404 });
    await expect(call('analytics.clv', { query: { event_id: 77, market: 'moneyline', side: 'home', odds: 2 } })).rejects.toMatchObject({ status: 404 });
    const noDraw = findFixture((f) => f.priced && !f.model.draws);
    await expect(call('analytics.clv', { query: { event_id: noDraw.eventId, market: 'moneyline', side: 'draw', odds: 3 } })).rejects.toMatchObject({ status: 404 });
  });
});
