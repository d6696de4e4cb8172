import { refuse } from '../core/options';

/** The checks of the prices and probabilities the odds arithmetic takes, one way everywhere. */

/**
 * `value` when it is a decimal price (a finite number greater than 1), else a refusal naming it.
 *
 * @example
 * checkDecimal('price', 2.5); // 2.5
 */
export function checkDecimal(name: string, value: unknown): number {
  return typeof value === 'number' && value > 1 && value < Number.POSITIVE_INFINITY
    ? value
    : refuse(name, value, 'a decimal price: a finite number greater than 1');
}

/**
 * `prices` when it is an array of at least two decimal prices: a market's outcomes, each once.
 *
 * @example
 * checkMarket([1.91, 1.91]); // [1.91, 1.91]
 */
export function checkMarket(prices: unknown): readonly number[] {
  if (!Array.isArray(prices) || prices.length < 2) {
    return refuse('prices', prices, "an array of a market's decimal prices, at least two (one per outcome)");
  }
  for (const [i, price] of prices.entries()) checkDecimal(`prices[${i}]`, price);
  return prices as readonly number[];
}

/**
 * `value` when it is a probability in [0, 1].
 *
 * @example
 * checkProbability('probability', 0.55); // 0.55
 */
export function checkProbability(name: string, value: unknown): number {
  return typeof value === 'number' && value >= 0 && value <= 1 ? value : refuse(name, value, 'a probability from 0 to 1');
}
