/**
 * Statistics of the market benches: means with standard errors clustered by event, a logistic
 * recalibration with a clustered (sandwich) standard error, the normal distribution and its
 * inverse. Plain functions over plain arrays; nothing here knows the dataset.
 */

/** Arithmetic mean (NaN when empty). */
export const mean = (xs: readonly number[]): number => (xs.length === 0 ? NaN : xs.reduce((a, b) => a + b, 0) / xs.length);

/** Standard error of the mean of independent values. */
export const se = (xs: readonly number[]): number => {
  if (xs.length < 2) return NaN;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1) / xs.length);
};

/** Pearson correlation of two equally long series. */
export const corr = (a: readonly number[], b: readonly number[]): number => {
  const ma = mean(a);
  const mb = mean(b);
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  a.forEach((x, i) => {
    const y = b[i] as number;
    sab += (x - ma) * (y - mb);
    saa += (x - ma) ** 2;
    sbb += (y - mb) ** 2;
  });
  return sab / Math.sqrt(saa * sbb);
};

/** One cluster's contribution to a mean: the sum of its values and how many there are. */
export type Cluster = readonly [sum: number, count: number];

/**
 * Mean of the values of every cluster and its standard error clustered by cluster (the clusters
 * are independent, the values within one need not be): [mean, standard error, values].
 */
export function clustered(xs: readonly Cluster[]): [mean: number, se: number, n: number] {
  const n = xs.reduce((a, x) => a + x[1], 0);
  if (n === 0) return [NaN, NaN, 0];
  const m = xs.reduce((a, x) => a + x[0], 0) / n;
  const v = xs.reduce((a, x) => a + (x[0] - m * x[1]) ** 2, 0) / (n * n);
  return [m, xs.length < 2 ? NaN : Math.sqrt((v * xs.length) / (xs.length - 1)), n];
}

/** Standard normal distribution function (Zelen and Severo, |error| < 7.5e-8). */
export function normalCdf(z: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const d = 0.3989422804014327 * Math.exp((-z * z) / 2);
  const tail = d * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return z >= 0 ? 1 - tail : tail;
}

/** Inverse of the standard normal distribution function (Acklam's rational approximation). */
export function probit(p: number): number {
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const at = (k: readonly number[], i: number): number => k[i] as number;
  const lo = 0.02425;
  if (p < lo) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((at(c, 0) * q + at(c, 1)) * q + at(c, 2)) * q + at(c, 3)) * q + at(c, 4)) * q + at(c, 5)) /
      ((((at(d, 0) * q + at(d, 1)) * q + at(d, 2)) * q + at(d, 3)) * q + 1)
    );
  }
  if (p > 1 - lo) return -probit(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((at(a, 0) * r + at(a, 1)) * r + at(a, 2)) * r + at(a, 3)) * r + at(a, 4)) * r + at(a, 5)) * q) /
    (((((at(b, 0) * r + at(b, 1)) * r + at(b, 2)) * r + at(b, 3)) * r + at(b, 4)) * r + 1)
  );
}

/** One graded probability: the priced chance, the outcome (0 or 1) and the event it belongs to. */
export interface Graded {
  readonly p: number;
  readonly y: number;
  readonly cluster: number;
}

/**
 * Logistic recalibration y ~ a + b logit(p) by Newton-Raphson: the slope b (1 for calibrated
 * prices, above 1 when the prices are too timid) and its standard error clustered by event (the
 * outcomes of one event's market are not independent).
 */
export function calibration(obs: readonly Graded[]): { slope: number; se: number; n: number } {
  const xs = obs.map((o) => {
    const p = Math.min(1 - 1e-6, Math.max(1e-6, o.p));
    return Math.log(p / (1 - p));
  });
  let a = 0;
  let b = 1;
  let h = [0, 0, 0];
  const clusters = new Set(obs.map((o) => o.cluster)).size;
  for (let iter = 0; iter < 60; iter++) {
    let g0 = 0;
    let g1 = 0;
    h = [0, 0, 0];
    xs.forEach((x, i) => {
      const q = 1 / (1 + Math.exp(-(a + b * x)));
      const r = (obs[i] as Graded).y - q;
      const w = q * (1 - q);
      g0 += r;
      g1 += r * x;
      h = [(h[0] as number) + w, (h[1] as number) + w * x, (h[2] as number) + w * x * x];
    });
    const [h00, h01, h11] = h as [number, number, number];
    const det = h00 * h11 - h01 * h01;
    if (!(Math.abs(det) > 1e-12)) return { slope: NaN, se: NaN, n: clusters };
    const da = (h11 * g0 - h01 * g1) / det;
    const db = (h00 * g1 - h01 * g0) / det;
    a += da;
    b += db;
    if (Math.abs(da) + Math.abs(db) < 1e-10) break;
  }
  // Sandwich: H^-1 (sum over clusters of score score') H^-1, slope entry.
  const scores = new Map<number, [number, number]>();
  xs.forEach((x, i) => {
    const o = obs[i] as Graded;
    const r = o.y - 1 / (1 + Math.exp(-(a + b * x)));
    const s = scores.get(o.cluster) ?? [0, 0];
    scores.set(o.cluster, [s[0] + r, s[1] + r * x]);
  });
  const [h00, h01, h11] = h as [number, number, number];
  const det = h00 * h11 - h01 * h01;
  // Row of H^-1 for the slope: [-h01, h00] / det.
  let v = 0;
  for (const [s0, s1] of scores.values()) v += ((-h01 * s0 + h00 * s1) / det) ** 2;
  const small = clusters > 1 ? clusters / (clusters - 1) : NaN;
  return { slope: b, se: Math.sqrt(v * small), n: clusters };
}
