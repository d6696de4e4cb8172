import { SportsOddsError } from '../core/errors';
import { refuse } from '../core/options';
import { checkDecimal } from './prices';

/**
 * Price formats: decimal (the service's, 2.5 returns 2.5 per unit staked), American (+150: the win on 100 staked;
 * -200: the stake that wins 100) and fractional (3/2: the win per unit staked, as whole numbers).
 */

/** A fractional price: `numerator / denominator` won per unit staked, reduced (no common factor). */
export interface FractionalPrice {
  readonly numerator: number;
  readonly denominator: number;
}

/** How close the fraction of a decimal price is: the simplest one within this of it. */
const FRACTION_TOLERANCE = 1e-9;

/**
 * The American price of a decimal price: `+100 (d - 1)` from 2.0 up, `-100 / (d - 1)` below.
 *
 * @example
 * americanFromDecimal(2.7); // 170
 * americanFromDecimal(1.5); // -200
 */
export function americanFromDecimal(decimal: number): number {
  const d = checkDecimal('decimal', decimal);
  return d >= 2 ? 100 * (d - 1) : -100 / (d - 1);
}

/**
 * The decimal price of an American price: `(a + 100) / 100` for +a, `(|a| + 100) / |a|` for -a (|a| of 100 or more).
 *
 * @example
 * decimalFromAmerican(170); // 2.7
 * decimalFromAmerican(-110); // 1.9090909090909092
 */
export function decimalFromAmerican(american: number): number {
  if (typeof american !== 'number' || !(Math.abs(american) >= 100) || !Number.isFinite(american)) {
    return refuse('american', american, 'an American price: +100 or more, or -100 or less');
  }
  // One division, one rounding: (a + 100) / 100 and (|a| + 100) / |a|.
  return american > 0 ? (american + 100) / 100 : (100 - american) / -american;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The simplest fraction (smallest denominator) in [lo, hi], 0 < lo <= hi: continued fractions. */
function simplestBetween(lo: number, hi: number, depth = 0): [number, number] {
  const whole = Math.floor(lo);
  if (whole === lo || whole + 1 <= hi || depth > 64) return [whole === lo ? whole : whole + 1, 1];
  const [p, q] = simplestBetween(1 / (hi - whole), 1 / (lo - whole), depth + 1);
  return [whole * p + q, p];
}

/**
 * The fractional price of a decimal price: the simplest fraction within 1e-9 of `d - 1`, reduced (2.75 is 7/4,
 * 1.9090909090909092 is 10/11, the -110 of American prices).
 *
 * @example
 * fractionalFromDecimal(2.75); // { numerator: 7, denominator: 4 }
 */
export function fractionalFromDecimal(decimal: number): FractionalPrice {
  const win = checkDecimal('decimal', decimal) - 1;
  const [numerator, denominator] = simplestBetween(Math.max(win - FRACTION_TOLERANCE, Number.MIN_VALUE), win + FRACTION_TOLERANCE);
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator)) {
    throw new SportsOddsError(`decimal ${decimal} has no fraction of safe integers within ${FRACTION_TOLERANCE} of it`);
  }
  const common = gcd(numerator, denominator);
  return { numerator: numerator / common, denominator: denominator / common };
}

/**
 * The decimal price of a fractional price, given as `{ numerator, denominator }` or as text (`'7/4'`, `'evens'`).
 *
 * @example
 * decimalFromFractional('7/4'); // 2.75
 * decimalFromFractional({ numerator: 13, denominator: 10 }); // 2.3
 */
export function decimalFromFractional(fractional: FractionalPrice | string): number {
  const { numerator, denominator }: Partial<FractionalPrice> =
    typeof fractional === 'string' ? parseFractional(fractional) : (fractional ?? {});
  if (!isWhole(numerator) || !isWhole(denominator)) {
    return refuse('fractional', fractional, 'a fractional price: positive whole numbers, { numerator, denominator } or "n/d"');
  }
  return 1 + numerator / denominator;
}

const isWhole = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) > 0;

function parseFractional(text: string): Partial<FractionalPrice> {
  if (/^\s*evens\s*$/i.test(text)) return { numerator: 1, denominator: 1 };
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  return match === null ? {} : { numerator: Number(match[1]), denominator: Number(match[2]) };
}
