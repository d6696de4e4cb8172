import { describe, expect, it } from 'vitest';
import { routes } from '../../../src/schemas';
import type { OddsRow } from '../../../mocks/service/data';
import { DAY, HOUR, MINUTE, NOW, call, data, findFixture, frozenClock, rowsOf } from './context';

const ended = findFixture(
  (f) => f.priced && !f.heavy && f.sport.live && f.child === null && data.liveState(f, f.starts + 30 * MINUTE) === 'offered',
);
const history = (f = ended, now = NOW): OddsRow[] => data.odds(f, now, { fullHistory: true, mainOnly: false, rowCap: 1e9 }).rows;

describe('odds: latest mode (rule 1, docs/service.md, Prices)', () => {
  it('returns, per period, every row of the greatest line_id snapshot recorded by now', async () => {
    const now = ended.starts + 30 * MINUTE;
    const rows = rowsOf(await call('events.odds', { params: { event_id: ended.eventId }, clock: frozenClock(now) }));
    const all = history(ended, now);
    const periods = new Set(all.map((r) => r.period));
    expect(new Set(rows.map((r) => r.period))).toEqual(periods);
    for (const period of periods) {
      const max = Math.max(...all.filter((r) => r.period === period).map((r) => r.line_id as number));
      const mine = rows.filter((r) => r.period === period);
      expect(mine.every((r) => r.line_id === max)).toBe(true);
      expect(mine.map((r) => r.market)).toEqual([
        'moneyline',
        'spread',
        'spread',
        'spread',
        'totals',
        'totals',
        'totals',
        'home_totals',
        'away_totals',
      ]);
      expect(mine.filter((r) => r.alt_line_id === null)).toHaveLength(5);
      expect(mine.filter((r) => typeof r.alt_line_id === 'number' && r.alt_line_id > 0)).toHaveLength(4);
      expect(mine.every((r) => Date.parse(r.timestamp as string) <= now)).toBe(true);
    }
  });

  it('main_lines_only=1 keeps the primary rows; 0 keeps all', async () => {
    const clock = frozenClock(ended.starts + 30 * MINUTE);
    const params = { event_id: ended.eventId };
    const main = rowsOf(await call('events.odds', { params, clock, query: { main_lines_only: true } }));
    const all = rowsOf(await call('events.odds', { params, clock, query: { main_lines_only: false } }));
    expect(main.length).toBeGreaterThan(0);
    expect(main.every((r) => r.alt_line_id === null)).toBe(true);
    expect(all.length).toBeGreaterThan(main.length);
  });

  it('has no rows before the odds open, and 404 for an unknown event', async () => {
    const future = findFixture((f) => f.priced, NOW + 9 * DAY, NOW + 13 * DAY);
    expect(rowsOf(await call('events.odds', { params: { event_id: future.eventId } }))).toEqual([]);
    await expect(call('events.odds', { params: { event_id: 999 } })).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });
});

describe('odds: history (rules 2, 3, 5)', () => {
  it('full_history=1 returns every snapshot up to now with line ids increasing per period', async () => {
    const now = ended.starts + 20 * MINUTE;
    const rows = rowsOf(
      await call('events.odds', { params: { event_id: ended.eventId }, query: { full_history: true }, clock: frozenClock(now) }),
    );
    expect(rows.length).toBeGreaterThan(100);
    let previous = 0;
    const lastByPeriod = new Map<number, number>();
    for (const r of rows) {
      const id = r.line_id as number;
      expect(id).toBeGreaterThanOrEqual(previous);
      previous = id;
      expect(id).toBeGreaterThanOrEqual(lastByPeriod.get(r.period as number) ?? 0);
      lastByPeriod.set(r.period as number, id);
      expect(Date.parse(r.timestamp as string)).toBeLessThanOrEqual(now);
    }
    const live = rows.filter((r) => Date.parse(r.timestamp as string) >= ended.starts);
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((r) => typeof r.score_home === 'number')).toBe(true);
    const prematch = rows.filter((r) => Date.parse(r.timestamp as string) < ended.starts);
    expect(prematch.every((r) => r.score_home === null && r.cutoff === new Date(ended.starts).toISOString().replace('.000Z', 'Z'))).toBe(
      true,
    );
  });

  it('since selects rows recorded strictly after it, alone or with full_history=1', async () => {
    const since = new Date(ended.starts - HOUR).toISOString().replace('.000Z', 'Z');
    for (const query of [{ since }, { since, full_history: true }]) {
      const rows = rowsOf(await call('events.odds', { params: { event_id: ended.eventId }, query }));
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => Date.parse(r.timestamp as string) > Date.parse(since))).toBe(true);
      expect(rows.length).toBe(history().filter((r) => Date.parse(r.timestamp as string) > Date.parse(since)).length);
    }
  });

  it('refuses since with full_history=0 at input validation', () => {
    const result = routes['events.odds'].query.safeParse({ since: '2026-11-21T12:00:00Z', full_history: '0' });
    expect(result.success).toBe(false);
  });

  it('truncates a heavy event at the row cap and lets since polling continue without gaps', async () => {
    const heavy = findFixture((f) => f.heavy && f.priced);
    const full = history(heavy);
    expect(full.length).toBeGreaterThan(5000);
    const first = await call('events.odds', { params: { event_id: heavy.eventId }, query: { full_history: true } });
    expect(first.truncated).toBe(true);
    expect(first.rows).toBeLessThanOrEqual(5000);
    const collected = rowsOf(first);
    let page = first;
    while (page.truncated) {
      const since = collected[collected.length - 1]!.timestamp as string;
      page = await call('events.odds', { params: { event_id: heavy.eventId }, query: { since } });
      expect(page.rows).toBeGreaterThan(0);
      collected.push(...rowsOf(page));
    }
    expect(collected.map((r) => `${r.line_id}/${r.market}/${r.alt_line_id}`)).toEqual(
      full.map((r) => `${r.line_id}/${r.market}/${r.alt_line_id}`),
    );
  });
});

describe('odds rows', () => {
  it('carry red cards in soccer in-play snapshots only', () => {
    const soccer = findFixture(
      (f) => f.sport.name === 'Soccer' && f.child === null && f.priced && data.liveState(f, f.starts + 10 * MINUTE) !== 'not-covered',
    );
    const rows = history(soccer);
    const live = rows.filter((r) => Date.parse(r.timestamp as string) >= soccer.starts);
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((r) => typeof r.red_cards_home === 'number' && typeof r.red_cards_away === 'number')).toBe(true);
    const other = history(
      findFixture((f) => f.sport.name === 'Basketball' && f.priced && data.liveState(f, f.starts + 10 * MINUTE) !== 'not-covered'),
    );
    expect(other.every((r) => r.red_cards_home === null)).toBe(true);
  });

  it('are suspended (status 2) in every row of a suspended snapshot, and open otherwise', () => {
    const rows = history();
    const byLine = new Map<number, OddsRow[]>();
    for (const r of rows) byLine.set(r.line_id as number, [...(byLine.get(r.line_id as number) ?? []), r]);
    let suspended = 0;
    for (const group of byLine.values()) {
      const primary = group.filter((r) => r.alt_line_id === null);
      if (primary.every((r) => r.status === 2)) {
        suspended++;
        expect(group.every((r) => r.status === 2)).toBe(true);
      } else {
        expect(primary.every((r) => r.status === 1)).toBe(true);
        expect(group.every((r) => r.status === 1 || r.status === 3)).toBe(true);
      }
    }
    expect(suspended).toBeGreaterThan(0);
  });
});
