/**
 * The root of `excess` on [lo, hi], where it falls from above 0 to below 0: bisection to the last bit of a double,
 * so a method's fitted parameter is as exact as the arithmetic allows.
 *
 * @example
 * rootOf((k) => 2 - k, 0, 4); // 2
 */
export function rootOf(excess: (x: number) => number, lo: number, hi: number): number {
  let below = lo;
  let above = hi;
  for (let i = 0; i < 2_000; i++) {
    const mid = below + (above - below) / 2;
    if (mid === below || mid === above) break;
    const e = excess(mid);
    if (e === 0) return mid;
    if (e > 0) below = mid;
    else above = mid;
  }
  return below + (above - below) / 2;
}

/**
 * An upper bound of a root of a falling `excess` above `from`: doubled until `excess` is below 0.
 *
 * @example
 * boundAbove((k) => 10 - k, 1); // 16
 */
export function boundAbove(excess: (x: number) => number, from: number): number {
  let hi = from * 2;
  while (excess(hi) > 0 && hi < Number.MAX_VALUE / 2) hi *= 2;
  return hi;
}
