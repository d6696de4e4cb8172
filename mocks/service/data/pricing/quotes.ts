import type { KnownMarket } from '../../../../src/schemas';
import type { Outcome } from './outcome';
import type { Tail } from './pmf';
import { quote, removeMargin } from './prices';

/** One quoted row of a snapshot: what the odds, opening and closing routes serve. */
export interface Quote {
  readonly market: KnownMarket;
  /** 0 for the primary line, 1 or 2 for an alternate. */
  readonly alt: number;
  /** An alternate's alt_line_id last digit when the timeline numbers them (added events); else 1-2 spread, 3-4 totals. */
  readonly altIndex?: number;
  /** From the home/over side's perspective; null for the moneyline. */
  readonly line: number | null;
  /** Quoted prices in column order: [home, away] or [home, draw, away]; [over, under]. */
  readonly odds: readonly number[];
  /** Margin-removed fair prices of `odds`. */
  readonly fair: readonly number[];
  /** 1 open, 2 suspended, 3 off the board. */
  readonly status: number;
  readonly maxWin: number;
}

/** What the quotes of one snapshot depend on besides the outcome. */
export interface QuoteContext {
  /** A level score is a priced outcome of this period's moneyline. */
  readonly draws: boolean;
  /** Only the moneyline is offered (duels). */
  readonly moneylineOnly: boolean;
  /** Base margin of the event's main markets. */
  readonly margin: number;
  readonly live: boolean;
  readonly period: number;
  /** Snapshot status: 1 open, 2 suspended. */
  readonly status: number;
  readonly altSpread: number;
  readonly altTotal: number;
  /** Limit of a full-event main line (`max_win`), before the reductions by line kind. */
  readonly maxWin: number;
}

/** Highest margin of any row (main lines run 2 % to 8 %). */
const MARGIN_CAP = 0.08;
/** An alternate whose outcome is this close to decided is taken off the board (status 3). */
const OFF_BOARD = 0.04;
/** A row whose side is less likely than this is not offered at all. */
const UNQUOTABLE = 2e-4;

/** The half-point line x nearest an even split of P(X > x). */
export function evenLine(tail: Tail): number {
  const { lo, p } = tail.pmf;
  let acc = 0;
  for (let i = 0; i < p.length; i++) {
    acc += p[i] as number;
    if (acc >= 0.5) {
      // P(X > lo + i - 0.5) = 1 - (acc - p[i]); P(X > lo + i + 0.5) = 1 - acc
      const below = 1 - (acc - (p[i] as number));
      const above = 1 - acc;
      return Math.abs(below - 0.5) < Math.abs(above - 0.5) ? lo + i - 0.5 : lo + i + 0.5;
    }
  }
  return lo + p.length - 0.5;
}

const marginOf = (ctx: QuoteContext, market: KnownMarket, alt: number, ways: number): number => {
  let m = ctx.margin;
  if (ways === 3) m += 0.01;
  if (market !== 'moneyline') m += 0.006;
  if (market === 'home_totals' || market === 'away_totals') m += 0.012;
  if (alt > 0) m += 0.012;
  if (ctx.period !== 0) m += 0.005;
  if (ctx.live) m += 0.01;
  return Math.min(MARGIN_CAP, m);
};

const maxWinOf = (ctx: QuoteContext, market: KnownMarket, alt: number): number => {
  let limit = ctx.maxWin;
  if (ctx.period !== 0) limit *= 0.5;
  if (ctx.live) limit *= 0.4;
  if (alt > 0 || market.endsWith('_totals')) limit *= 0.5;
  return Math.round(limit);
};

const row = (ctx: QuoteContext, market: KnownMarket, alt: number, line: number | null, fair: readonly number[]): Quote | null => {
  if (fair.some((p) => !(p >= UNQUOTABLE))) {
    // A line a side can no longer win is not offered; the moneyline always is (at the longest price).
    if (market !== 'moneyline') return null;
    const lifted = fair.map((p) => Math.max(UNQUOTABLE, p));
    const sum = lifted.reduce((a, b) => a + b, 0);
    fair = lifted.map((p) => p / sum);
  }
  const odds = quote(fair, marginOf(ctx, market, alt, fair.length));
  const decided = fair.some((p) => p < OFF_BOARD);
  return {
    market,
    alt,
    line,
    odds,
    fair: removeMargin(odds),
    status: ctx.status === 1 && alt > 0 && decided ? 3 : ctx.status,
    maxWin: maxWinOf(ctx, market, alt),
  };
};

/**
 * The rows of one period snapshot: moneyline, spread and totals (two alternates each), team totals; main
 * lines split as evenly as half-points can; lines a side can no longer win are not offered.
 */
export function quotesOf(outcome: Outcome, ctx: QuoteContext): Quote[] {
  const out: (Quote | null)[] = [];
  const ml = ctx.draws
    ? [outcome.home, outcome.draw, outcome.away]
    : [outcome.home / (outcome.home + outcome.away), outcome.away / (outcome.home + outcome.away)];
  out.push(row(ctx, 'moneyline', 0, null, ml));
  const s = outcome.scores;
  if (s !== null && !ctx.moneylineOnly) {
    // A home line L covers when margin > -L.
    const spread = -evenLine(s.margin);
    const cover = (line: number): number[] => {
      const p = s.margin.above(-line);
      return [p, 1 - p];
    };
    out.push(row(ctx, 'spread', 0, spread, cover(spread)));
    out.push(row(ctx, 'spread', 1, spread - ctx.altSpread, cover(spread - ctx.altSpread)));
    out.push(row(ctx, 'spread', 2, spread + ctx.altSpread, cover(spread + ctx.altSpread)));
    const over = (tail: Tail, line: number): number[] => {
      const p = tail.above(line);
      return [p, 1 - p];
    };
    const total = Math.max(0.5, evenLine(s.total));
    const low = total - ctx.altTotal >= 0.5 ? total - ctx.altTotal : total + 2 * ctx.altTotal;
    out.push(row(ctx, 'totals', 0, total, over(s.total, total)));
    out.push(row(ctx, 'totals', 1, low, over(s.total, low)));
    out.push(row(ctx, 'totals', 2, total + ctx.altTotal, over(s.total, total + ctx.altTotal)));
    const home = Math.max(0.5, evenLine(s.home));
    const away = Math.max(0.5, evenLine(s.away));
    out.push(row(ctx, 'home_totals', 0, home, over(s.home, home)));
    out.push(row(ctx, 'away_totals', 0, away, over(s.away, away)));
  }
  return out.filter((q): q is Quote => q !== null);
}
