import { CLV_DEFAULTS, type ClvQuery } from '../schemas/analytics';
import type { ClosingLine } from '../schemas/prices';
import type { ClosingLineValue } from '../schemas/analytics';
import { columnOfSide, rowLineOf } from './sides';

/**
 * Closing-line value (docs/service.md, "CLV analysis"): the one computation of the CLV route and of the SDK's batch,
 * so the two cannot differ.
 */

/** A bet as the CLV route takes it: event, market, period (default 0), side, line (from the side's perspective), odds, stake. */
export type ClvBet = Pick<ClvQuery, 'event_id' | 'market' | 'side' | 'odds'> & Partial<Pick<ClvQuery, 'period' | 'line' | 'stake'>>;

/** What the computation reads of a closing row: where it sits on the board, and its prices. */
export type ClosingPrices = Pick<ClosingLine, 'market' | 'period' | 'line' | 'odds1' | 'odds0' | 'odds2' | 'todds1' | 'todds0' | 'todds2'>;

/** A bet's closing-line value, or why it has none. */
export type ClvMatch =
  | { readonly kind: 'value'; readonly value: ClosingLineValue }
  | { readonly kind: 'no_closing_line'; readonly message: string };

/** Two lines are the same line: both absent, or within 1e-9 (a line read back from a decimal string). */
const sameLine = (a: number | null | undefined, b: number | null): boolean =>
  a == null || b === null ? (a ?? null) === b : Math.abs(a - b) < 1e-9;

/**
 * The closing row a bet matches: the first of `rows` with its market, period (default 0) and line (a spread's away
 * handicap negated, as the board writes it from the home side), primary and alternate rows alike.
 *
 * @example
 * closingRowOf({ event_id: 42, market: 'spread', side: 'away', line: 3.5, odds: 1.95 }, rows); // the row of line -3.5
 */
export function closingRowOf<R extends ClosingPrices>(bet: ClvBet, rows: readonly R[]): R | undefined {
  const period = bet.period ?? CLV_DEFAULTS.period;
  const line = rowLineOf({ market: bet.market, side: bet.side, line: bet.line });
  return rows.find((r) => r.market === bet.market && r.period === period && sameLine(r.line, line));
}

/**
 * A bet's closing-line value from its event's closing rows: `closing_odds` (the side's observed closing price),
 * `true_closing_odds` (its fair price), `clv = odds / true_closing_odds - 1` and `expected_win = stake * clv` (stake
 * default 1), at full double precision; or, when no row matches or the matching row has no price for the side, why not.
 *
 * @example
 * const rows = await odds.events.closingLines(42);
 * const match = closingLineValue({ event_id: 42, market: 'moneyline', side: 'home', odds: 2.1 }, rows);
 * if (match.kind === 'value') console.log(match.value.clv);
 */
export function closingLineValue(bet: ClvBet, rows: readonly ClosingPrices[]): ClvMatch {
  const row = closingRowOf(bet, rows);
  const column = columnOfSide(bet.side);
  const closing = row?.[column.odds] ?? null;
  const fair = row?.[column.fair] ?? null;
  if (closing === null || fair === null) {
    const period = bet.period ?? CLV_DEFAULTS.period;
    const line = bet.market === 'moneyline' ? '' : ` line ${bet.line}`;
    return {
      kind: 'no_closing_line',
      message: `no closing line of event ${bet.event_id} matches ${bet.market} period ${period} side ${bet.side}${line}`,
    };
  }
  const clv = bet.odds / fair - 1;
  return {
    kind: 'value',
    value: { closing_odds: closing, true_closing_odds: fair, expected_win: (bet.stake ?? CLV_DEFAULTS.stake) * clv, clv },
  };
}
