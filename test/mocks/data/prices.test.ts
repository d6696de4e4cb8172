import { describe, expect, it } from 'vitest';
import type { OddsRow } from '../../../mocks/service/data';
import { MAX_PRICE, MIN_PRICE, onLadder, quote, removeMargin } from '../../../mocks/service/data/pricing/prices';
import { DAY, NOW, data, fixtures } from './context';

// Every sport, pre-match and in play: three hours of fixtures three days ago.
const sample = fixtures(NOW - 3 * DAY, NOW - 3 * DAY + 3 * 3_600_000).filter((f) => f.priced && !f.heavy);
const rows: OddsRow[] = sample.flatMap((f) => data.odds(f, NOW, { fullHistory: true, mainOnly: false, rowCap: 1e9 }).rows);
const prematch = (r: OddsRow): boolean => Date.parse(r.timestamp as string) < Date.parse(r.cutoff as string) && r.score_home === null;

const prices = (r: OddsRow): number[] => [r.odds1, r.odds0, r.odds2].filter((o): o is number => o !== null);
const fair = (r: OddsRow): number[] => [r.todds1, r.todds0, r.todds2].filter((o): o is number => o !== null);
const overround = (odds: readonly number[]): number => odds.reduce((s, o) => s + 1 / o, 0) - 1;
const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('quoted prices', () => {
  it('cover many sports and rows', () => {
    expect(new Set(sample.map((f) => f.sport.sportId)).size).toBeGreaterThan(10);
    expect(rows.length).toBeGreaterThan(5000);
  });

  it('never go below 1.01 or above 1001, pre-match or in play', () => {
    const bad = rows.filter((r) => prices(r).some((o) => o < MIN_PRICE || o > MAX_PRICE) || prices(r).length < 2);
    expect(bad).toEqual([]);
    // Longshots are priced as longshots: nothing clamps them near 48 any more.
    expect(rows.some((r) => prices(r).some((o) => o > 50))).toBe(true);
  });

  it('carry a bookmaker margin of 2 to 8 % on every main-market row', () => {
    const bad = rows.filter((r) => {
      const m = overround(prices(r));
      return m < 0.02 || m > 0.0805;
    });
    expect(bad).toEqual([]);
  });

  it('charge more on three-way moneylines, alternates, team totals, other periods and in play than on a full-event two-way line', () => {
    const family = (test: (r: OddsRow) => boolean) => mean(rows.filter(test).map((r) => overround(prices(r))));
    const base = family((r) => prematch(r) && r.period === 0 && r.market === 'moneyline' && r.odds0 === null);
    expect(base).toBeGreaterThan(0.02);
    expect(base).toBeLessThan(0.06);
    expect(family((r) => prematch(r) && r.period === 0 && r.market === 'moneyline' && r.odds0 !== null)).toBeGreaterThan(base);
    expect(family((r) => prematch(r) && r.period === 0 && r.alt_line_id !== null)).toBeGreaterThan(base);
    expect(family((r) => prematch(r) && r.period === 0 && (r.market === 'home_totals' || r.market === 'away_totals'))).toBeGreaterThan(
      base,
    );
    expect(family((r) => !prematch(r) && r.period === 0 && r.market === 'moneyline' && r.odds0 === null)).toBeGreaterThan(base);
  });

  it('quote a draw (odds0) only on a moneyline whose period can end level', () => {
    for (const r of rows) if (r.odds0 !== null) expect(r.market).toBe('moneyline');
    expect(rows.some((r) => r.odds0 !== null)).toBe(true);
    expect(rows.some((r) => r.market === 'moneyline' && r.odds0 === null)).toBe(true);
    // Period 0 of a sport that settles level scores by overtime has no draw price.
    for (const f of sample.filter((x) => !x.model.draws)) {
      for (const r of data.odds(f, NOW, { fullHistory: false, mainOnly: true, rowCap: 500 }).rows) {
        if (r.period === 0 && r.market === 'moneyline') expect(r.odds0).toBeNull();
      }
    }
  });

  it('write half-point lines from the home/over side (no push) and leave the moneyline line null', () => {
    const bad = rows.filter((r) => (r.market === 'moneyline' ? r.line !== null : Math.abs((r.line as number) % 1) !== 0.5));
    expect(bad).toEqual([]);
  });
});

describe('margin removal (the power method on the rounded prices)', () => {
  it('todds are the power-method fair prices of the quoted prices: implied probabilities summing to 1', () => {
    const bad = rows.filter((r) => {
      const todds = fair(r);
      const implied = todds.reduce((s, t) => s + 1 / t, 0);
      return Math.abs(implied - 1) > 1e-3 || JSON.stringify(todds) !== JSON.stringify(removeMargin(prices(r)));
    });
    expect(bad).toEqual([]);
  });

  it('removeMargin() finds the one exponent c with sum((1 / odds_i) ^ c) = 1', () => {
    for (const odds of [
      [1.9, 1.9],
      [1.25, 4.1],
      [2.6, 3.4, 2.9],
      [1.01, 31.503, 20.765],
      [1.5, 9, 26, 101],
    ]) {
      const todds = removeMargin(odds);
      const c = Math.log(todds[odds.length - 1]!) / Math.log(odds[odds.length - 1]!);
      expect(todds.reduce((s, t) => s + 1 / t, 0)).toBeCloseTo(1, 3);
      for (const [i, t] of todds.entries()) expect(t).toBeCloseTo(odds[i]! ** c, 2);
    }
  });

  it('quote() applies the margin by the power method and removeMargin() inverts it', () => {
    const p = [0.5, 0.3, 0.2];
    const odds = quote(p, 0.05);
    expect(overround(odds)).toBeCloseTo(0.05, 3);
    // The longshot's implied probability is inflated the most (favourite-longshot bias).
    const inflation = odds.map((o, i) => 1 / o / p[i]!);
    expect(inflation[2]).toBeGreaterThan(inflation[1]!);
    expect(inflation[1]).toBeGreaterThan(inflation[0]!);
    for (const [i, t] of removeMargin(odds).entries()) expect(t).toBeCloseTo(1 / p[i]!, 2);
    expect(removeMargin([2, 2])).toEqual([2, 2]);
  });

  it('quotes a near-certain favourite at 1.01 and lets the others carry the margin', () => {
    const odds = quote([0.998, 0.002], 0.05);
    expect(odds[0]).toBe(1.01);
    expect(overround(odds)).toBeCloseTo(0.05, 3);
    const three = quote([0.9995, 0.0003, 0.0002], 0.06);
    expect(three.every((o) => o >= MIN_PRICE && o <= MAX_PRICE)).toBe(true);
  });

  it('moves special prices to a sportsbook ladder', () => {
    expect(onLadder(1.234)).toBe(1.23);
    expect(onLadder(2.531)).toBe(2.54);
    expect(onLadder(7.33)).toBe(7.4);
    expect(onLadder(13.3)).toBe(13.5);
    expect(onLadder(87)).toBe(85);
    expect(onLadder(5000)).toBe(MAX_PRICE);
    expect(onLadder(1.001)).toBe(MIN_PRICE);
  });
});
