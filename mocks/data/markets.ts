import type { KnownMarket } from '../../src/schemas';
import type { ScoringModel } from './models';
import { normalCdf } from './normal';
import type { PriceState } from './price-state';

/** One row of a snapshot: a market family, its alternate index (0 primary) and its line. */
export interface LineSpec {
  readonly market: KnownMarket;
  /** 0 for the primary line, 1 or 2 for an alternate. */
  readonly alt: number;
  /** From the home/over side's perspective; null for the moneyline. */
  readonly line: number | null;
}

/** A half-point line at or below x. */
const halfBelow = (x: number): number => Math.floor(x) + 0.5;

/** The two alternates around a main total line, kept above zero. */
const totalAlternates = (main: number, step: number): [number, number] =>
  main - step >= 0.5 ? [main - step, main + step] : [main + step, main + 2 * step];

/**
 * The rows of one period snapshot: moneyline, spread with 2 alternates, totals with 2 alternates,
 * home_totals and away_totals. Main lines are set where the outcome is closest to even.
 */
export function lineSpecs(state: PriceState, model: ScoringModel): LineSpec[] {
  const spread = halfBelow(-state.margin);
  const total = halfBelow(Math.max(0, state.total));
  const [t1, t2] = totalAlternates(total, model.altTotal);
  return [
    { market: 'moneyline', alt: 0, line: null },
    { market: 'spread', alt: 0, line: spread },
    { market: 'spread', alt: 1, line: spread - model.altSpread },
    { market: 'spread', alt: 2, line: spread + model.altSpread },
    { market: 'totals', alt: 0, line: total },
    { market: 'totals', alt: 1, line: t1 },
    { market: 'totals', alt: 2, line: t2 },
    { market: 'home_totals', alt: 0, line: halfBelow(Math.max(0, state.home)) },
    { market: 'away_totals', alt: 0, line: halfBelow(Math.max(0, state.away)) },
  ];
}

const over = (line: number, mean: number, sd: number): number => 1 - normalCdf((line - mean) / sd);

/**
 * Fair probabilities of a row's outcomes in column order: [home, away] (or [home, draw, away] for
 * a moneyline with draws), [over, under] for totals families.
 */
export function fairProbabilities(spec: LineSpec, state: PriceState, draws: boolean): number[] {
  const { margin, sdMargin } = state;
  switch (spec.market) {
    case 'moneyline': {
      if (!draws) {
        const home = normalCdf(margin / sdMargin);
        return [home, 1 - home];
      }
      const home = 1 - normalCdf((0.5 - margin) / sdMargin);
      const away = normalCdf((-0.5 - margin) / sdMargin);
      return [home, Math.max(0, 1 - home - away), away];
    }
    case 'spread': {
      const home = over(-(spec.line ?? 0), margin, sdMargin);
      return [home, 1 - home];
    }
    case 'totals': {
      const p = over(spec.line ?? 0, state.total, state.sdTotal);
      return [p, 1 - p];
    }
    case 'home_totals': {
      const p = over(spec.line ?? 0, state.home, state.sdSide);
      return [p, 1 - p];
    }
    case 'away_totals': {
      const p = over(spec.line ?? 0, state.away, state.sdSide);
      return [p, 1 - p];
    }
  }
}
