import { describe, expect, it } from 'vitest';
import {
  americanFromDecimal,
  decimalFromAmerican,
  decimalFromFractional,
  fairPrices,
  fractionalFromDecimal,
  impliedProbabilities,
  kellyFraction,
  marginOf,
} from '../../src/odds';

/**
 * The odds arithmetic against published worked values. Where a source prints fewer digits, the test holds the
 * value to the digits printed (`toBeCloseTo(x, digits)` passes within half a unit of the last one).
 *
 * - penaltyblog (Python), documentation "Implied Odds" (penaltyblog.readthedocs.io, implied/implied.html) and its
 *   tests (test/test_implied.py, test/test_odds.py, test/test_kelly_criterion.py): the 1X2 market 2.7, 2.3, 4.4.
 * - shin (Python, github.com/mberk/shin, README): Shin's method on 2.6, 2.4, 4.3.
 */

/** A home, draw, away market with a margin of about 3.2%: penaltyblog's example throughout. */
const PENALTYBLOG = [2.7, 2.3, 4.4];

const expectClose = (actual: readonly number[], expected: readonly number[], digits: number) => {
  expect(actual).toHaveLength(expected.length);
  for (const [i, value] of actual.entries()) expect(value, `outcome ${i}`).toBeCloseTo(expected[i] as number, digits);
};

describe('implied probabilities and margin', () => {
  it('are 1 / price and their sum less 1 (penaltyblog: Σ 1/price = 1.0324257063387499, margin 0.03242570633874986)', () => {
    expect(impliedProbabilities(PENALTYBLOG).reduce((s, p) => s + p, 0)).toBe(1.0324257063387499);
    expect(marginOf(PENALTYBLOG)).toBe(0.03242570633874986);
    expect(impliedProbabilities([2, 4, 4])).toEqual([0.5, 0.25, 0.25]);
  });
});

describe('fair prices by each de-vig method', () => {
  it('multiplicative: penaltyblog [0.35873803615739097, 0.4211272598369373, 0.22013470400567173]', () => {
    const fair = fairPrices(PENALTYBLOG, 'multiplicative');
    expect(fair.probabilities).toEqual([0.35873803615739097, 0.4211272598369373, 0.22013470400567173]);
    expect(fair.margin).toBe(0.03242570633874986);
    expect(fair.fitted).toEqual({ method: 'multiplicative' });
    expect(fairPrices(PENALTYBLOG).fitted.method).toBe('multiplicative');
  });

  it('additive: penaltyblog [0.3595618, 0.42397404, 0.21646416]', () => {
    expectClose(fairPrices(PENALTYBLOG, 'additive').probabilities, [0.3595618, 0.42397404, 0.21646416], 8);
  });

  it('power: penaltyblog [0.3591711, 0.42373075, 0.21709815], k = 1.0309132393169356', () => {
    const fair = fairPrices(PENALTYBLOG, 'power');
    expectClose(fair.probabilities, [0.3591711, 0.42373075, 0.21709815], 8);
    // penaltyblog's solver stops with the sum 0.9999999999989682; this one solves to the last bit, so k agrees to 1e-10.
    expect(fair.fitted.method === 'power' && fair.fitted.k).toBeCloseTo(1.0309132393169356, 10);
  });

  it('Shin: penaltyblog [0.35934392, 0.42324385, 0.21741223], z = 0.016236442857291165', () => {
    const fair = fairPrices(PENALTYBLOG, 'shin');
    expectClose(fair.probabilities, [0.35934392, 0.42324385, 0.21741223], 8);
    expect(fair.fitted.method === 'shin' && fair.fitted.z).toBeCloseTo(0.016236442857291165, 10);
  });

  it('Shin: the shin package [0.37299406033208965, 0.4047794109200184, 0.2222265287474275], z = 0.01694251276407055', () => {
    const fair = fairPrices([2.6, 2.4, 4.3], 'shin');
    // Its iteration stops at a change of z under 1e-12, so the figures agree to 1e-11.
    expectClose(fair.probabilities, [0.37299406033208965, 0.4047794109200184, 0.2222265287474275], 11);
    expect(fair.fitted.method === 'shin' && fair.fitted.z).toBeCloseTo(0.01694251276407055, 11);
  });

  it('odds ratio: penaltyblog [0.3588103, 0.4225611, 0.2186286] (its test holds them to 4 places)', () => {
    const fair = fairPrices(PENALTYBLOG, 'odds_ratio');
    expectClose(fair.probabilities, [0.3588103, 0.4225611, 0.2186286], 4);
    expect(fair.fitted.method).toBe('odds_ratio');
  });

  it('give fair prices as 1 / probability', () => {
    const fair = fairPrices([1.91, 1.91], 'shin');
    expect(fair.probabilities).toEqual([0.5, 0.5]);
    expect(fair.prices).toEqual([2, 2]);
  });
});

describe('price formats', () => {
  it('American: penaltyblog +170, +130, +340 are 2.7, 2.3, 4.4; -110 and -120 are 1.9090909090909092 and 1.8333333333333333', () => {
    expect([170, 130, 340].map(decimalFromAmerican)).toEqual([2.7, 2.3, 4.4]);
    expect([-110, -120].map(decimalFromAmerican)).toEqual([1.9090909090909092, 1.8333333333333333]);
    expect([2.7, 2.3, 4.4].map(americanFromDecimal).map((a) => Math.round(a * 1e9) / 1e9)).toEqual([170, 130, 340]);
    expect(americanFromDecimal(1.5)).toBe(-200);
    expect(americanFromDecimal(2)).toBe(100);
  });

  it('fractional: penaltyblog 7/4, 13/10, 7/2 are 2.75, 2.3, 4.5', () => {
    expect(['7/4', '13/10', '7/2'].map(decimalFromFractional)).toEqual([2.75, 2.3, 4.5]);
    expect([2.75, 2.3, 4.5].map(fractionalFromDecimal)).toEqual([
      { numerator: 7, denominator: 4 },
      { numerator: 13, denominator: 10 },
      { numerator: 7, denominator: 2 },
    ]);
    // -110 American is 10/11 (1 + 100/110), reduced.
    expect(fractionalFromDecimal(decimalFromAmerican(-110))).toEqual({ numerator: 10, denominator: 11 });
    expect(decimalFromFractional('evens')).toBe(2);
    expect(decimalFromFractional({ numerator: 100, denominator: 30 })).toBeCloseTo(13 / 3, 14);
  });
});

describe('the Kelly fraction', () => {
  it('penaltyblog: 0.3 at 3.5 stakes 0.02, half Kelly 0.01; 0.4 at 1.8 (no edge) stakes 0', () => {
    // (b p - q) / b with b = 2.5: (0.75 - 0.7) / 2.5 = 0.02.
    expect(kellyFraction(0.3, 3.5)).toBeCloseTo(0.02, 15);
    expect(kellyFraction(0.3, 3.5, 0.5)).toBeCloseTo(0.01, 15);
    expect(kellyFraction(0.4, 1.8)).toBe(0);
  });
});

describe('bad input', () => {
  it('is refused naming what was given and what is accepted', () => {
    expect(() => fairPrices([2.1])).toThrow(
      "prices must be an array of a market's decimal prices, at least two (one per outcome), got an array",
    );
    expect(() => fairPrices([2.1, 0.9])).toThrow(/^prices\[1\] must be a decimal price: a finite number greater than 1, got 0\.9$/);
    expect(() => fairPrices([2.1, Number.NaN])).toThrow(/prices\[1\] must be a decimal price.*got NaN/);
    expect(() => fairPrices([2.1, 1.8], 'basic' as never)).toThrow(
      /^method must be one of multiplicative, additive, power, shin, odds_ratio, got "basic"$/,
    );
    expect(() => fairPrices([1.1, 5, 50], 'additive')).toThrow(/the additive method takes .* which leaves prices\[2\] \(50\) at -/);
    expect(() => fairPrices([2.2, 2.2], 'shin')).toThrow(/Shin's method needs a market with a margin/);
    expect(() => decimalFromAmerican(50)).toThrow(/^american must be an American price: \+100 or more, or -100 or less, got 50$/);
    expect(() => decimalFromFractional('7-4')).toThrow(/^fractional must be a fractional price/);
    expect(() => kellyFraction(1.2, 2)).toThrow(/^probability must be a probability from 0 to 1, got 1\.2$/);
    expect(() => kellyFraction(0.5, 2, 2)).toThrow(/^fraction must be a positive number, at most 1, got 2$/);
  });
});
