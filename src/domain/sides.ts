import type { ClvQuery } from '../schemas/analytics';

/**
 * Which values of a price row a bet's side reads (docs/service.md, "Prices", "CLV analysis"): a row carries three
 * price columns, each with its margin-removed twin, named by the teams in the moneyline and the spread (home,
 * draw, away) and by the total in the totals families (over, middle, under).
 */

/** A bet's side. */
export type Side = ClvQuery['side'];

/** One price column of a row: its quoted and fair fields, and the outcome it prices by the teams and by the total. */
export interface PriceColumn {
  readonly odds: 'odds1' | 'odds0' | 'odds2';
  readonly fair: 'todds1' | 'todds0' | 'todds2';
  readonly byTeams: 'home' | 'draw' | 'away';
  readonly byTotal: 'over' | 'middle' | 'under';
}

const HOME_OR_OVER: PriceColumn = { odds: 'odds1', fair: 'todds1', byTeams: 'home', byTotal: 'over' };
const DRAW_OR_MIDDLE: PriceColumn = { odds: 'odds0', fair: 'todds0', byTeams: 'draw', byTotal: 'middle' };
const AWAY_OR_UNDER: PriceColumn = { odds: 'odds2', fair: 'todds2', byTeams: 'away', byTotal: 'under' };

/** The price columns in a row's order: `odds1`, `odds0`, `odds2`. */
export const PRICE_COLUMNS: readonly PriceColumn[] = [HOME_OR_OVER, DRAW_OR_MIDDLE, AWAY_OR_UNDER];

const COLUMN_OF_SIDE: Readonly<Record<Side, PriceColumn>> = {
  home: HOME_OR_OVER,
  over: HOME_OR_OVER,
  draw: DRAW_OR_MIDDLE,
  away: AWAY_OR_UNDER,
  under: AWAY_OR_UNDER,
};

/**
 * The price column a side reads: home and over `odds1`, draw `odds0`, away and under `odds2`.
 *
 * @example
 * columnOfSide('under'); // { odds: 'odds2', fair: 'todds2', byTeams: 'away', byTotal: 'under' }
 */
export const columnOfSide = (side: Side): PriceColumn => COLUMN_OF_SIDE[side];

/**
 * The outcome a column prices in a market: by the teams in the moneyline and the spread, by the total in any other
 * market (the totals families; a row without a market too).
 *
 * @example
 * outcomeOf(PRICE_COLUMNS[0], 'spread'); // 'home'
 */
export const outcomeOf = (column: PriceColumn, market: string | null | undefined): string =>
  market === 'moneyline' || market === 'spread' ? column.byTeams : column.byTotal;

/**
 * The line of the row a bet matches: none for the moneyline; a spread row is written from the home side, so an
 * away handicap is matched negated; a missing line reads as 0.
 *
 * @example
 * rowLineOf({ market: 'spread', side: 'away', line: 1.5 }); // -1.5
 */
export function rowLineOf(bet: Pick<ClvQuery, 'market' | 'side' | 'line'>): number | null {
  if (bet.market === 'moneyline') return null;
  const line = bet.line ?? 0;
  return bet.market === 'spread' && bet.side === 'away' ? -line : line;
}
