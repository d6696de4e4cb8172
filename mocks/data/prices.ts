/**
 * Price arithmetic of every quoted row (event markets and specials).
 *
 * Quoting: fair probabilities `p_i` from the scoring model are first bounded to
 * [PROB_MIN, PROB_MAX] (the rest rescaled so they still sum to 1), then quoted with the bookmaker
 * margin `m` applied multiplicatively: `odds_i = 1 / (p_i * (1 + m))`, rounded to 3 decimals.
 * So the overround `sum_i(1 / odds_i) - 1` is `m` up to rounding.
 *
 * Margin removal (`todds*`, `todds`): the multiplicative (proportional) method, applied to the
 * ROUNDED quoted prices of one market: `q_i = 1 / odds_i`, fair `p_i = q_i / sum_j(q_j)`,
 * `todds_i = 1 / p_i = odds_i * sum_j(q_j)`, rounded to 4 decimals.
 */

/** Bounds of a quoted fair probability: keeps every price above 1.00 with a 6 % margin. */
export const PROB_MIN = 0.02;
export const PROB_MAX = 0.94;

/** Rounds to `digits` decimals. */
export const roundTo = (x: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/**
 * Bounds probabilities to [lo, hi] while keeping their sum at 1: values above `hi` are pinned
 * first, then values below `lo`, and the free ones are rescaled each time.
 */
export function boundProbabilities(ps: readonly number[], lo = PROB_MIN, hi = PROB_MAX): number[] {
  if (ps.every((p) => p >= lo && p <= hi)) return ps.slice();
  const out = ps.map((p) => Math.max(p, 1e-9));
  const pinned = out.map(() => false);
  for (let round = 0; round <= out.length; round++) {
    let pinnedSum = 0;
    let freeSum = 0;
    out.forEach((p, i) => {
      if (pinned[i]) pinnedSum += p;
      else freeSum += p;
    });
    const scale = freeSum > 0 ? (1 - pinnedSum) / freeSum : 0;
    out.forEach((p, i) => {
      if (!pinned[i]) out[i] = p * scale;
    });
    const high = out.findIndex((p, i) => !pinned[i] && p > hi);
    const low = high >= 0 ? -1 : out.findIndex((p, i) => !pinned[i] && p < lo);
    const at = high >= 0 ? high : low;
    if (at < 0) break;
    out[at] = high >= 0 ? hi : lo;
    pinned[at] = true;
  }
  return out;
}

/** Quoted decimal prices of fair probabilities (summing to 1) with margin `m` (see above). */
export function quote(fair: readonly number[], margin: number): number[] {
  return boundProbabilities(fair).map((p) => roundTo(1 / (p * (1 + margin)), 3));
}

/** Margin-removed fair prices of rounded quoted prices: the proportional method (see above). */
export function removeMargin(odds: readonly number[]): number[] {
  const book = odds.reduce((sum, o) => sum + 1 / o, 0);
  return odds.map((o) => roundTo(o * book, 4));
}
