import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  americanFromDecimal,
  decimalFromAmerican,
  decimalFromFractional,
  DEVIG_METHODS,
  fairPrices,
  fractionalFromDecimal,
  impliedProbabilities,
  kellyFraction,
  marginOf,
} from '../../src/odds';

/** The odds arithmetic by its properties, over markets of two to six outcomes with margins from 0 to about 15%. */

const SEED = 20_261_202;
const RUNS = 300;

/** A market: fair probabilities (each at least 2%), priced with a margin spread in proportion. */
const market = fc
  .record({
    weights: fc.array(fc.double({ min: 0.05, max: 1, noNaN: true }), { minLength: 2, maxLength: 6 }),
    margin: fc.double({ min: 0, max: 0.15, noNaN: true }),
  })
  .map(({ weights, margin }) => {
    const total = weights.reduce((s, w) => s + w, 0);
    return weights.map((w) => Math.max(1.000001, 1 / ((w / total) * (1 + margin))));
  })
  .filter((prices) => prices.every((p) => 1 / p >= 0.02));

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

describe('fair prices, by every method', () => {
  it('give probabilities in (0, 1) that sum to 1, in the order of the implied ones, with the margin given', () => {
    fc.assert(
      fc.property(market, fc.constantFrom(...DEVIG_METHODS), (prices, method) => {
        let fair: ReturnType<typeof fairPrices>;
        try {
          fair = fairPrices(prices, method);
        } catch (error) {
          // The additive method refuses a market it would give a probability of 0 or below; nothing else may refuse.
          expect(method).toBe('additive');
          expect(String(error)).toMatch(/the additive method takes/);
          return;
        }
        const implied = impliedProbabilities(prices);
        expect(fair.margin).toBe(marginOf(prices));
        expect(Math.abs(fair.probabilities.reduce((s, p) => s + p, 0) - 1)).toBeLessThan(1e-12);
        for (const [i, p] of fair.probabilities.entries()) {
          expect(p).toBeGreaterThan(0);
          expect(p).toBeLessThan(1);
          expect(fair.prices[i]).toBe(1 / p);
          for (const [j, q] of fair.probabilities.entries()) {
            if ((implied[i] as number) < (implied[j] as number)) expect(p).toBeLessThanOrEqual(q);
          }
        }
        // A margin taken off never raises a probability above what the price implied.
        if (fair.margin > 0 && method !== 'additive') {
          for (const [i, p] of fair.probabilities.entries()) expect(p).toBeLessThanOrEqual((implied[i] as number) + 1e-15);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('agree with each other on a market without a margin: the implied probabilities themselves', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.05, max: 0.95, noNaN: true }), (p) => {
        const prices = [1 / p, 1 / (1 - p)];
        const implied = impliedProbabilities(prices);
        const total = implied[0]! + implied[1]!;
        if (total !== 1) return; // 1 / (1 / p) is not always p again in doubles
        for (const method of DEVIG_METHODS) {
          const fair = fairPrices(prices, method).probabilities;
          expect(Math.abs(fair[0]! - implied[0]!), method).toBeLessThan(1e-12);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe('price formats', () => {
  it('round-trip decimal and American within 1e-9', () => {
    fc.assert(
      fc.property(fc.double({ min: 1.001, max: 1000, noNaN: true }), (decimal) => {
        const american = americanFromDecimal(decimal);
        expect(Math.abs(american)).toBeGreaterThanOrEqual(100);
        expect(Math.abs(decimalFromAmerican(american) - decimal)).toBeLessThan(1e-9);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // American prices as books quote them, to ±10,000: within 1e-9. Beyond, a decimal price near 1 holds `100 / |a|` only
    // to its own ulp (2^-52 near 1), which moves `-100 / (d - 1)` by up to a² / 100 × 2^-52: the round trip is held to that.
    const american = (most: number) => fc.oneof(fc.integer({ min: 100, max: most }), fc.integer({ min: -most, max: -101 }));
    fc.assert(
      fc.property(american(10_000), (a) => {
        // -100 and +100 are the same price (2.0), written +100.
        expect(Math.abs(americanFromDecimal(decimalFromAmerican(a)) - a)).toBeLessThan(1e-9);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    fc.assert(
      fc.property(american(1_000_000), (a) => {
        expect(Math.abs(americanFromDecimal(decimalFromAmerican(a)) - a)).toBeLessThanOrEqual(((a * a) / 100) * 2 ** -52 + 1e-9);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('give each decimal price a reduced fraction within 1e-9 of it, and a bookmaker fraction back exactly', () => {
    fc.assert(
      fc.property(fc.double({ min: 1.001, max: 1000, noNaN: true }), (decimal) => {
        const { numerator, denominator } = fractionalFromDecimal(decimal);
        expect(Number.isSafeInteger(numerator) && Number.isSafeInteger(denominator)).toBe(true);
        expect(gcd(numerator, denominator)).toBe(1);
        expect(Math.abs(1 + numerator / denominator - decimal)).toBeLessThanOrEqual(1e-9 + 1e-12);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // Two fractions of denominators up to 10,000 differ by at least 1e-8: the simplest within 1e-9 is the one given.
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 10_000 }), (n, d) => {
        const g = gcd(n, d);
        expect(fractionalFromDecimal(decimalFromFractional({ numerator: n, denominator: d }))).toEqual({
          numerator: n / g,
          denominator: d / g,
        });
        expect(decimalFromFractional(`${n}/${d}`)).toBe(1 + n / d);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe('the Kelly fraction', () => {
  it('stakes only with an edge, less than the probability, and scales with the fraction', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 1.01, max: 100, noNaN: true }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        (p, price, fraction) => {
          const full = kellyFraction(p, price);
          // No edge (p × price ≤ 1): no stake; a clear edge: a stake.
          if (p * price <= 1) expect(full).toBe(0);
          if (p * price > 1 + 1e-9) expect(full).toBeGreaterThan(0);
          expect(full).toBeLessThanOrEqual(p);
          expect(kellyFraction(p, price, fraction)).toBeCloseTo(full * fraction, 12);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
