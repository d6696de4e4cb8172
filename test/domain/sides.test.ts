import { describe, expect, it } from 'vitest';
import { columnOfSide, outcomeOf, PRICE_COLUMNS, rowLineOf } from '../../src/domain';
import { ClvQuery, SIDES_BY_MARKET } from '../../src/schemas';

describe('the sides of a bet on a price row (src/domain/sides.ts)', () => {
  it('read the column that prices them in every market the CLV query takes them for', () => {
    for (const [market, sides] of Object.entries(SIDES_BY_MARKET)) {
      for (const side of sides) expect(outcomeOf(columnOfSide(side), market), `${market} ${side}`).toBe(side);
    }
    // Every side the query's schema takes has its column.
    const takes = ClvQuery._zod.def.shape.side._zod.def.entries;
    expect(Object.keys(takes).map((side) => columnOfSide(side as keyof typeof takes).odds)).toEqual([
      'odds1',
      'odds2',
      'odds0',
      'odds1',
      'odds2',
    ]);
  });

  it("are a row's three columns in its order, each with its margin-removed twin", () => {
    expect(PRICE_COLUMNS.map((c) => [c.odds, c.fair])).toEqual([
      ['odds1', 'todds1'],
      ['odds0', 'todds0'],
      ['odds2', 'todds2'],
    ]);
    expect(PRICE_COLUMNS.map((c) => outcomeOf(c, 'moneyline'))).toEqual(['home', 'draw', 'away']);
    expect(PRICE_COLUMNS.map((c) => outcomeOf(c, 'spread'))).toEqual(['home', 'draw', 'away']);
    for (const market of ['totals', 'home_totals', 'away_totals', null, undefined])
      expect(PRICE_COLUMNS.map((c) => outcomeOf(c, market))).toEqual(['over', 'middle', 'under']);
  });

  it('match a spread row from the home side, and no line for the moneyline', () => {
    expect(rowLineOf({ market: 'moneyline', side: 'home', line: undefined })).toBeNull();
    expect(rowLineOf({ market: 'spread', side: 'home', line: -1.5 })).toBe(-1.5);
    expect(rowLineOf({ market: 'spread', side: 'away', line: 1.5 })).toBe(-1.5);
    expect(rowLineOf({ market: 'totals', side: 'under', line: 2.5 })).toBe(2.5);
    expect(rowLineOf({ market: 'home_totals', side: 'over', line: undefined })).toBe(0);
  });
});
