import { checkNumber } from '../core/options';
import { checkDecimal, checkProbability } from './prices';

/**
 * The Kelly stake of a bet: the fraction of the bankroll that maximizes its expected log growth, `(b p - q) / b`
 * with `b = price - 1` and `q = 1 - p`, times `fraction` (default 1; 0.5 for half Kelly). 0 when the bet has no
 * edge (`p * price <= 1`): Kelly never stakes on a bet it expects to lose.
 *
 * @example
 * kellyFraction(0.3, 3.5); // 0.02
 * kellyFraction(0.3, 3.5, 0.5); // 0.01
 */
export function kellyFraction(probability: number, price: number, fraction = 1): number {
  const p = checkProbability('probability', probability);
  const b = checkDecimal('price', price) - 1;
  const scale = checkNumber('fraction', fraction, { max: 1 });
  const full = (b * p - (1 - p)) / b;
  return full > 0 ? full * scale : 0;
}
