import { checkMarket } from './prices';

/**
 * The probabilities a market's decimal prices imply, `1 / price` each, margin included (they sum to more than 1
 * by the margin).
 *
 * @example
 * impliedProbabilities([2.0, 2.0]); // [0.5, 0.5]
 */
export function impliedProbabilities(prices: readonly number[]): number[] {
  return checkMarket(prices).map((price) => 1 / price);
}

/**
 * A market's margin (its overround): the implied probabilities' sum less 1. Positive when the prices carry a
 * margin, negative when they offer more than a fair book (an arbitrage across books, say).
 *
 * @example
 * marginOf([1.91, 1.91]); // 0.04712041884816753
 */
export function marginOf(prices: readonly number[]): number {
  return impliedProbabilities(prices).reduce((sum, p) => sum + p, 0) - 1;
}
