/**
 * Discrete distributions on the integers (scores, margins, totals): the probabilities every price
 * of the dataset is read from, and the same ones its results are drawn from.
 */

/** P(X = lo + i) = p[i]; the mass outside is negligible (below 1e-12 in total). */
export interface Pmf {
  readonly lo: number;
  readonly p: Float64Array;
}

const EPS = 1e-13;

/** A distribution from its lowest value and probabilities, trimmed of negligible ends. */
export function pmfOf(lo: number, p: Float64Array): Pmf {
  let a = 0;
  let b = p.length;
  while (a < b && (p[a] as number) < EPS) a++;
  while (b > a && (p[b - 1] as number) < EPS) b--;
  return a === 0 && b === p.length ? { lo, p } : { lo: lo + a, p: p.slice(a, b) };
}

/** The distribution of a constant. */
export const point = (k: number): Pmf => ({ lo: k, p: Float64Array.of(1) });

/** Poisson with this mean (the support ends where the tail is negligible). */
export function poisson(mean: number): Pmf {
  if (!(mean > 0)) return point(0);
  const n = Math.ceil(mean + 12 * Math.sqrt(mean) + 12);
  const p = new Float64Array(n + 1);
  // Start at the mode in log space: exp(-mean) underflows for large means.
  const mode = Math.floor(mean);
  let logMode = -mean;
  for (let k = 1; k <= mode; k++) logMode += Math.log(mean / k);
  p[mode] = Math.exp(logMode);
  for (let k = mode + 1; k <= n; k++) p[k] = ((p[k - 1] as number) * mean) / k;
  for (let k = mode - 1; k >= 0; k--) p[k] = ((p[k + 1] as number) * (k + 1)) / mean;
  return pmfOf(0, p);
}

/**
 * Negative binomial with this mean and size r (variance mean + mean^2 / r): the Poisson count of
 * a gamma-distributed rate. Sizes add: NB(m1, r1) + NB(m2, r2) is NB(m1 + m2, r1 + r2) when
 * m1 / r1 = m2 / r2, so innings with proportional sizes sum to a game of the same kind.
 */
export function negativeBinomial(mean: number, size: number): Pmf {
  if (!Number.isFinite(size)) return poisson(mean);
  if (!(mean > 0)) return point(0);
  const q = mean / (mean + size);
  const sd = Math.sqrt(mean + (mean * mean) / size);
  const n = Math.ceil(mean + 11 * sd + 14);
  const p = new Float64Array(n + 1);
  p[0] = Math.exp(size * Math.log(1 - q));
  for (let k = 1; k <= n; k++) p[k] = ((p[k - 1] as number) * q * (k - 1 + size)) / k;
  return pmfOf(0, p);
}

/** The distribution of X + Y for independent X, Y. */
export function convolve(a: Pmf, b: Pmf): Pmf {
  const out = new Float64Array(a.p.length + b.p.length - 1);
  for (let i = 0; i < a.p.length; i++) {
    const x = a.p[i] as number;
    if (x < EPS) continue;
    for (let j = 0; j < b.p.length; j++) out[i + j] = (out[i + j] as number) + x * (b.p[j] as number);
  }
  return pmfOf(a.lo + b.lo, out);
}

/** The distribution of X - Y for independent X, Y. */
export function difference(a: Pmf, b: Pmf): Pmf {
  const nb = b.p.length;
  const out = new Float64Array(a.p.length + nb - 1);
  for (let i = 0; i < a.p.length; i++) {
    const x = a.p[i] as number;
    if (x < EPS) continue;
    // value (a.lo + i) - (b.lo + j) sits at index i + (nb - 1 - j)
    for (let j = 0; j < nb; j++) out[i + nb - 1 - j] = (out[i + nb - 1 - j] as number) + x * (b.p[j] as number);
  }
  return pmfOf(a.lo - (b.lo + nb - 1), out);
}

/** -X. */
export const negate = (a: Pmf): Pmf => ({ lo: -(a.lo + a.p.length - 1), p: a.p.slice().reverse() });

/** X + k. */
export const shift = (a: Pmf, k: number): Pmf => (k === 0 ? a : { lo: a.lo + k, p: a.p });

/** The mixture of distributions with weights (summing to 1). */
export function mixture(parts: readonly (readonly [number, Pmf])[]): Pmf {
  let lo = Infinity;
  let hi = -Infinity;
  for (const [, d] of parts) {
    lo = Math.min(lo, d.lo);
    hi = Math.max(hi, d.lo + d.p.length - 1);
  }
  const out = new Float64Array(hi - lo + 1);
  for (const [w, d] of parts) {
    const off = d.lo - lo;
    for (let i = 0; i < d.p.length; i++) out[off + i] = (out[off + i] as number) + w * (d.p[i] as number);
  }
  return pmfOf(lo, out);
}

/** P(X = k). */
export const massAt = (a: Pmf, k: number): number => a.p[k - a.lo] ?? 0;

/** Survival table of a distribution: `above(x)` is P(X > x) for any real x, in constant time. */
export interface Tail {
  readonly pmf: Pmf;
  above(x: number): number;
}

/** Builds the survival table of a distribution. */
export function tailOf(pmf: Pmf): Tail {
  const n = pmf.p.length;
  // s[i] = P(X >= lo + i)
  const s = new Float64Array(n + 1);
  for (let i = n - 1; i >= 0; i--) s[i] = (s[i + 1] as number) + (pmf.p[i] as number);
  const total = s[0] as number;
  return {
    pmf,
    above(x: number): number {
      // P(X > x) = P(X >= floor(x) + 1)
      const i = Math.floor(x) + 1 - pmf.lo;
      if (i <= 0) return total;
      if (i >= n) return 0;
      return s[i] as number;
    },
  };
}

/** Mean and standard deviation of a distribution. */
export function momentsOf(a: Pmf): { mean: number; sd: number } {
  let m = 0;
  let m2 = 0;
  for (let i = 0; i < a.p.length; i++) {
    const x = a.lo + i;
    const w = a.p[i] as number;
    m += w * x;
    m2 += w * x * x;
  }
  return { mean: m, sd: Math.sqrt(Math.max(0, m2 - m * m)) };
}

/** Samples a value (u uniform in [0, 1)). */
export function sampleOf(a: Pmf, u: number): number {
  let acc = 0;
  for (let i = 0; i < a.p.length; i++) {
    acc += a.p[i] as number;
    if (u < acc) return a.lo + i;
  }
  return a.lo + a.p.length - 1;
}

/** A distribution from explicit weights on 0, 1, 2, ... (normalized). */
export function fromWeights(weights: readonly number[], lo = 0): Pmf {
  const sum = weights.reduce((s, w) => s + w, 0);
  return { lo, p: Float64Array.from(weights, (w) => w / sum) };
}
