import { describe, expect, it } from 'vitest';
import type { OddsRow } from '../../../mocks/data';
import { boundProbabilities, quote, removeMargin } from '../../../mocks/data/prices';
import { DAY, NOW, data, fixtures } from './context';

const rows: OddsRow[] = fixtures(NOW - 3 * DAY, NOW - 3 * DAY + 6 * 3_600_000)
  .filter((f) => f.priced && !f.heavy)
  .flatMap((f) => data.odds(f, NOW, { fullHistory: true, mainOnly: false, rowCap: 1e9 }).rows);

const prices = (r: OddsRow): number[] => [r.odds1, r.odds0, r.odds2].filter((o): o is number => o !== null);
const fair = (r: OddsRow): number[] => [r.todds1, r.todds0, r.todds2].filter((o): o is number => o !== null);

describe('quoted prices', () => {
  it('covers many sports and rows', () => {
    expect(rows.length).toBeGreaterThan(5000);
  });

  it('are decimal odds above 1 with a bookmaker margin of 2 to 6 %', () => {
    const bad = rows.filter((r) => {
      const odds = prices(r);
      const overround = odds.reduce((s, o) => s + 1 / o, 0) - 1;
      return (odds.length !== 2 && odds.length !== 3) || odds.some((o) => o <= 1) || overround < 0.02 || overround > 0.06;
    });
    expect(bad).toEqual([]);
  });

  it('quote a draw (odds0) only on the moneyline of sports with draws', () => {
    for (const r of rows) {
      if (r.odds0 !== null) expect(r.market).toBe('moneyline');
    }
    expect(rows.some((r) => r.odds0 !== null)).toBe(true);
    expect(rows.some((r) => r.market === 'moneyline' && r.odds0 === null)).toBe(true);
  });

  it('write the line from the home/over side and leave it null for the moneyline', () => {
    const bad = rows.filter((r) => (r.market === 'moneyline' ? r.line !== null : Math.abs((r.line as number) % 1) !== 0.5));
    expect(bad).toEqual([]);
  });
});

describe('margin removal (proportional method on the rounded prices)', () => {
  it('todds_i = odds_i * sum_j(1 / odds_j), to 4 decimals', () => {
    const bad = rows.filter((r) => {
      const odds = prices(r);
      const book = odds.reduce((s, o) => s + 1 / o, 0);
      const todds = fair(r);
      const implied = todds.reduce((s, t) => s + 1 / t, 0);
      return todds.length !== odds.length || todds.some((t, i) => Math.abs(t - odds[i]! * book) > 0.00005 + 1e-9) || Math.abs(implied - 1) > 1e-3;
    });
    expect(bad).toEqual([]);
  });

  it('quote() applies the margin multiplicatively and removeMargin() inverts it', () => {
    const odds = quote([0.5, 0.3, 0.2], 0.04);
    expect(odds.reduce((s, o) => s + 1 / o, 0)).toBeCloseTo(1.04, 2);
    expect(removeMargin(odds)).toEqual(odds.map((o) => Math.round(o * odds.reduce((s, x) => s + 1 / x, 0) * 1e4) / 1e4));
    expect(removeMargin([2, 2])).toEqual([2, 2]);
  });

  it('bounds extreme probabilities while keeping their sum at 1', () => {
    const bounded = boundProbabilities([0.995, 0.005]);
    expect(bounded[0]).toBeCloseTo(0.94, 9);
    expect(bounded[1]).toBeCloseTo(0.06, 9);
    const three = boundProbabilities([0.97, 0.02, 0.01]);
    expect(three.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(Math.max(...three)).toBeLessThanOrEqual(0.94 + 1e-12);
  });
});
