import { describe, expect, it } from 'vitest';
import { type ClosingPrices, closingLineValue, closingRowOf } from '../../src/domain';

/** A bet's closing-line value from closing rows (src/domain/clv.ts; docs/service.md, "CLV analysis"). */

const row = (over: Partial<ClosingPrices>): ClosingPrices => ({
  market: 'moneyline',
  period: 0,
  line: null,
  odds1: 2.1,
  odds0: null,
  odds2: 1.8,
  todds1: 2.2,
  todds0: null,
  todds2: 1.85,
  ...over,
});

describe('closing-line value on the shared floor', () => {
  it('is odds / fair close - 1, and the stake times it (stake default 1), at full double precision', () => {
    const match = closingLineValue({ event_id: 1, market: 'moneyline', side: 'home', odds: 2.3, stake: 10 }, [row({})]);
    expect(match).toEqual({
      kind: 'value',
      value: { closing_odds: 2.1, true_closing_odds: 2.2, clv: 2.3 / 2.2 - 1, expected_win: 10 * (2.3 / 2.2 - 1) },
    });
    const away = closingLineValue({ event_id: 1, market: 'moneyline', side: 'away', odds: 1.9 }, [row({})]);
    expect(away.kind === 'value' && away.value).toEqual({
      closing_odds: 1.8,
      true_closing_odds: 1.85,
      clv: 1.9 / 1.85 - 1,
      expected_win: 1.9 / 1.85 - 1,
    });
  });

  it('matches the market, the period (default 0) and the line: a spread from the home side, totals as written', () => {
    const rows = [
      row({ market: 'spread', line: -3.5, odds1: 1.9, todds1: 1.95 }),
      row({ market: 'spread', line: 3.5, odds1: 2.9, todds1: 3 }),
      row({ market: 'totals', line: 2.5, odds1: 1.7, todds1: 1.75, odds2: 2.2, todds2: 2.25 }),
      row({ market: 'moneyline', period: 1, odds1: 3.1, todds1: 3.2 }),
    ];
    // An away +3.5 is the home -3.5 row; a home +3.5 is the row written 3.5.
    expect(closingRowOf({ event_id: 1, market: 'spread', side: 'away', line: 3.5, odds: 2 }, rows)).toBe(rows[0]);
    expect(closingRowOf({ event_id: 1, market: 'spread', side: 'home', line: 3.5, odds: 2 }, rows)).toBe(rows[1]);
    // Totals are not flipped: the under 2.5 reads the 2.5 row.
    expect(closingRowOf({ event_id: 1, market: 'totals', side: 'under', line: 2.5, odds: 2 }, rows)).toBe(rows[2]);
    expect(closingRowOf({ event_id: 1, market: 'moneyline', side: 'home', period: 1, odds: 2 }, rows)).toBe(rows[3]);
    expect(closingRowOf({ event_id: 1, market: 'moneyline', side: 'home', odds: 2 }, rows)).toBeUndefined();
    // A line read back from decimal text matches within 1e-9, primary and alternate rows alike: the first that matches.
    expect(closingRowOf({ event_id: 1, market: 'totals', side: 'over', line: 2.500000002, odds: 2 }, rows)).toBeUndefined();
    expect(closingRowOf({ event_id: 1, market: 'totals', side: 'over', line: 2.5 + 1e-12, odds: 2 }, rows)).toBe(rows[2]);
  });

  it('has no value where no row matches or the matching row has no price for the side, and says which bet', () => {
    expect(closingLineValue({ event_id: 7, market: 'totals', side: 'over', line: 9.5, odds: 2 }, [row({})])).toEqual({
      kind: 'no_closing_line',
      message: 'no closing line of event 7 matches totals period 0 side over line 9.5',
    });
    // The draw column is empty on a two-way row: the first matching row decides, as the route does.
    expect(
      closingLineValue({ event_id: 7, market: 'moneyline', side: 'draw', odds: 3, period: 0 }, [row({}), row({ odds0: 3.3, todds0: 3.4 })]),
    ).toEqual({
      kind: 'no_closing_line',
      message: 'no closing line of event 7 matches moneyline period 0 side draw',
    });
  });
});
