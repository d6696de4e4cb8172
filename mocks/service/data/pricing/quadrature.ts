/**
 * Three-point Gauss-Hermite rule for a standard normal: exact for polynomials up to degree 5.
 * Prices integrate the news still to come with it (one or two dimensions).
 */
const NODES = [-Math.sqrt(3), 0, Math.sqrt(3)] as const;
const WEIGHTS = [1 / 6, 2 / 3, 1 / 6] as const;

/** The nodes (value, weight) of N(mean, variance); a single node when the variance is 0. */
function normalNodes(mean: number, variance: number): [number, number][] {
  if (!(variance > 1e-12)) return [[mean, 1]];
  const sd = Math.sqrt(variance);
  return NODES.map((z, i) => [mean + z * sd, WEIGHTS[i] as number]);
}

/** The product nodes of two independent normals: [x, y, weight]. */
export function normalNodes2(a: readonly [number, number], b: readonly [number, number]): [number, number, number][] {
  const out: [number, number, number][] = [];
  for (const [x, wx] of normalNodes(a[0], a[1])) for (const [y, wy] of normalNodes(b[0], b[1])) out.push([x, y, wx * wy]);
  return out;
}
