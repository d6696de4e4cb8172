import { SportsOddsError } from '../core/errors';
import { refuse } from '../core/options';
import { impliedProbabilities } from './implied';
import { boundAbove, rootOf } from './solve';

/**
 * Fair prices of a market: its implied probabilities with the margin removed by a chosen method. Each method is an
 * assumption about how the bookmaker spread the margin over the outcomes.
 */

/**
 * How the margin is removed:
 * - `multiplicative`: in proportion to each implied probability (`p = π / Σπ`); the margin falls evenly.
 * - `additive`: the same amount off each outcome (`p = π - (Σπ - 1) / n`); refused where that leaves one at 0 or below.
 * - `power`: `p = π^k`, with `k` so that they sum to 1; more of the margin on the longshots.
 * - `shin`: Shin's model of a share `z` of insider money; more of the margin on the longshots.
 * - `odds_ratio`: every outcome's odds `π / (1 - π)` divided by one ratio `c` (Cheung's odds-ratio method).
 */
export type DevigMethod = 'multiplicative' | 'additive' | 'power' | 'shin' | 'odds_ratio';

/** The methods, in the order the docs compare them. */
export const DEVIG_METHODS: readonly DevigMethod[] = ['multiplicative', 'additive', 'power', 'shin', 'odds_ratio'];

/** What each method fitted: nothing for the two closed forms, else its parameter by its name. */
export type FittedParameter =
  | { readonly method: 'multiplicative' }
  | { readonly method: 'additive' }
  | { readonly method: 'power'; readonly k: number }
  | { readonly method: 'shin'; readonly z: number }
  | { readonly method: 'odds_ratio'; readonly c: number };

/** A market with its margin removed: per outcome, in the order of the prices given. */
export interface FairMarket {
  /** The method and what it fitted. */
  readonly fitted: FittedParameter;
  /** The margin removed: the implied probabilities' sum less 1. */
  readonly margin: number;
  /** The fair probability of each outcome; they sum to 1. */
  readonly probabilities: number[];
  /** The fair decimal price of each outcome, `1 / probability`. */
  readonly prices: number[];
}

/** How far from 1 a book's sum may be by the rounding of its prices alone. */
const BOOK_ROUNDING = 1e-12;

const sum = (values: readonly number[]): number => values.reduce((s, v) => s + v, 0);
/** Rescaled to sum to 1 exactly as far as doubles go (a fitted root leaves the sum a few ulps off). */
const normalized = (values: readonly number[]): number[] => {
  const total = sum(values);
  return values.map((v) => v / total);
};

function removeMargin(implied: readonly number[], method: DevigMethod): { fitted: FittedParameter; probabilities: number[] } {
  const booksum = sum(implied);
  switch (method) {
    case 'multiplicative':
      return { fitted: { method }, probabilities: implied.map((p) => p / booksum) };
    case 'additive': {
      const off = (booksum - 1) / implied.length;
      const probabilities = implied.map((p) => p - off);
      const at = probabilities.findIndex((p) => !(p > 0));
      if (at >= 0) {
        throw new SportsOddsError(
          `the additive method takes ${off} off each outcome's probability, which leaves prices[${at}] (${1 / (implied[at] as number)}) at ${probabilities[at]}: use another method (multiplicative, power, shin or odds_ratio)`,
        );
      }
      return { fitted: { method }, probabilities };
    }
    case 'power': {
      // Σπ^k falls as k grows (each π < 1); k = 1 gives the booksum.
      const excess = (k: number) => sum(implied.map((p) => p ** k)) - 1;
      const k = booksum >= 1 ? rootOf(excess, 1, boundAbove(excess, 1)) : rootOf(excess, 0, 1);
      return { fitted: { method, k }, probabilities: normalized(implied.map((p) => p ** k)) };
    }
    case 'shin': {
      // A book of exactly 100% (to rounding) has no insiders' share; one under it has none Shin's model can fit.
      if (booksum < 1 - BOOK_ROUNDING) {
        throw new SportsOddsError(
          `Shin's method needs a market with a margin: these prices' implied probabilities sum to ${booksum}, under 1`,
        );
      }
      const of = (z: number) => implied.map((p) => (Math.sqrt(z * z + (4 * (1 - z) * p * p) / booksum) - z) / (2 * (1 - z)));
      const z = booksum <= 1 ? 0 : rootOf((x) => sum(of(x)) - 1, 0, 1);
      return { fitted: { method, z }, probabilities: normalized(of(z)) };
    }
    case 'odds_ratio': {
      // p = π / (c + π - cπ): c = 1 gives π; a larger c takes more off.
      const of = (c: number) => implied.map((p) => p / (c + p - c * p));
      const excess = (c: number) => sum(of(c)) - 1;
      const c = booksum >= 1 ? rootOf(excess, 1, boundAbove(excess, 1)) : rootOf(excess, 0, 1);
      return { fitted: { method, c }, probabilities: normalized(of(c)) };
    }
    default:
      return refuse('method', method, `one of ${DEVIG_METHODS.join(', ')}`);
  }
}

/**
 * A market's fair probabilities and prices by `method` (default `multiplicative`): two-way (a total's over and
 * under, a spread), three-way (home, draw, away) or more outcomes, in the order of `prices`.
 *
 * @example
 * const { probabilities, prices, fitted } = fairPrices([2.7, 2.3, 4.4], 'shin');
 * // probabilities ≈ [0.35934, 0.42324, 0.21741], fitted.z ≈ 0.01624
 */
export function fairPrices(prices: readonly number[], method: DevigMethod = 'multiplicative'): FairMarket {
  const implied = impliedProbabilities(prices);
  const { fitted, probabilities } = removeMargin(implied, method);
  return { fitted, margin: sum(implied) - 1, probabilities, prices: probabilities.map((p) => 1 / p) };
}
