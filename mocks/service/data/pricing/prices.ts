/**
 * Price arithmetic of every quoted row. Quoting by the power method: `q_i = p_i ^ k` with `k <= 1` so
 * that `sum_i(q_i) = 1 + m`, `odds_i = 1 / q_i` to 3 decimals (longshots inflated more: the
 * favourite-longshot bias); prices run 1.01 to 1001, a favourite below 1.01 is quoted at 1.01 and the
 * others carry the margin. Specials go on a price ladder (`onLadder`).
 * Margin removal (`todds`): the inverse on the ROUNDED quotes, `c` with `sum_i((1 / odds_i) ^ c) = 1`,
 * `todds_i = 1 / p_i` to 4 decimals: the fair price up to the quotes' rounding.
 */

/** The shortest and the longest price ever quoted. */
export const MIN_PRICE = 1.01;
export const MAX_PRICE = 1001;

/** Rounds to `digits` decimals. */
const roundTo = (x: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/**
 * The exponent k > 0 with sum_i(p_i ^ k) = target (all p_i in (0, 1)). The sum falls and is convex
 * in k: Newton's method inside a bracket that halves whenever a step would leave it.
 */
function powerExponent(ps: readonly number[], target: number): number {
  const at = (k: number): [number, number] => {
    let f = -target;
    let df = 0;
    for (const p of ps) {
      const pk = p ** k;
      f += pk;
      df += pk * Math.log(p);
    }
    return [f, df];
  };
  // f(0) = n - target > 0 for every target below n; widen the upper end until f < 0.
  let lo = 0;
  let hi = 1;
  while (at(hi)[0] > 0 && hi < 1e6) {
    lo = hi;
    hi *= 2;
  }
  let k = hi;
  for (let iter = 0; iter < 100; iter++) {
    const [f, df] = at(k);
    if (Math.abs(f) < 1e-14) return k;
    if (f > 0) lo = k;
    else hi = k;
    let next = df < 0 ? k - f / df : (lo + hi) / 2;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - k) < 1e-13 * Math.max(1, k)) return next;
    k = next;
  }
  return k;
}

/** Quoted decimal prices of fair probabilities (summing to 1) with margin `margin` (see above). */
export function quote(fair: readonly number[], margin: number): number[] {
  const ps = fair.map((p) => Math.min(1 - 1e-12, Math.max(1e-12, p)));
  const pinned = ps.map(() => false);
  const q = ps.slice();
  for (let round = 0; round <= ps.length; round++) {
    const free: number[] = [];
    let pinnedSum = 0;
    ps.forEach((p, i) => {
      if (pinned[i]) pinnedSum += 1 / MIN_PRICE;
      else free.push(p);
    });
    const target = 1 + margin - pinnedSum;
    const freeSum = free.reduce((s, x) => s + x, 0);
    // The power method needs two free outcomes and a target above their sum; otherwise scale them.
    const k = free.length > 1 && target > freeSum ? powerExponent(free, target) : null;
    ps.forEach((p, i) => {
      q[i] = pinned[i] ? 1 / MIN_PRICE : k === null ? (p * target) / freeSum : p ** k;
    });
    const short = q.findIndex((x, i) => !pinned[i] && 1 / x < MIN_PRICE);
    if (short < 0) break;
    pinned[short] = true;
  }
  return q.map((x) => Math.min(MAX_PRICE, Math.max(MIN_PRICE, roundTo(1 / x, 3))));
}

/** Margin-removed fair prices of rounded quoted prices: the power method's inverse (see above). */
export function removeMargin(odds: readonly number[]): number[] {
  const q = odds.map((o) => 1 / o);
  const c = powerExponent(q, 1);
  return q.map((x) => roundTo(1 / x ** c, 4));
}

/** Steps of a sportsbook's price ladder for specials: [up to this price, step]. */
const LADDER: readonly (readonly [number, number])[] = [
  [2, 0.01],
  [3, 0.02],
  [4, 0.05],
  [6, 0.1],
  [10, 0.2],
  [20, 0.5],
  [30, 1],
  [50, 2],
  [100, 5],
  [200, 10],
  [500, 25],
  [Infinity, 50],
];

/** A price moved to the nearest step of the specials' ladder (1.01 to 1001). */
export function onLadder(odds: number): number {
  for (const [upTo, step] of LADDER) {
    if (odds <= upTo) return Math.min(MAX_PRICE, Math.max(MIN_PRICE, roundTo(Math.round(odds / step) * step, 2)));
  }
  return MAX_PRICE;
}
