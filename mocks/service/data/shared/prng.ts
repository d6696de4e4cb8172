/**
 * Seeded, order-independent randomness: every value is derived from a hash of (seed, ids, salt),
 * so any piece of the dataset can be computed on its own, in any order, with the same result.
 */

/** Murmur3's 32-bit finalizer: spreads every input bit over the output. */
const fmix32 = (h: number): number => {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
};

/** Hashes a string (the seed) to 32 bits (FNV-1a, then finalized). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
}

/** Combines a 32-bit hash with integer keys (ids may exceed 32 bits: both halves are mixed). */
export function mix(h: number, ...keys: readonly number[]): number {
  let acc = h >>> 0;
  for (const key of keys) {
    const lo = key >>> 0;
    const hi = Math.floor(key / 0x1_0000_0000) >>> 0;
    acc = fmix32(acc ^ Math.imul(lo ^ 0x9e3779b9, 0x27d4eb2d));
    acc = fmix32(acc ^ Math.imul(hi + 0x632be5ab, 0x165667b1));
  }
  return acc;
}

/** A uniform number in [0, 1) from a hash of keys: one draw, no generator. */
export const unit = (h: number, ...keys: readonly number[]): number => mix(h, ...keys) / 0x1_0000_0000;

/** A small seeded generator (mulberry32) with the draws the dataset needs. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  }

  /** Uniform in [min, max). */
  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  private spare: number | null = null;

  /** Standard normal (Box-Muller, both values used). */
  normal(): number {
    if (this.spare !== null) {
      const z = this.spare;
      this.spare = null;
      return z;
    }
    const u = 1 - this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }

  /** Poisson count (Knuth for small means, a rounded normal above 30). */
  poisson(mean: number): number {
    if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * this.normal()));
    const limit = Math.exp(-mean);
    let k = 0;
    let p = this.next();
    while (p > limit) {
      k++;
      p *= this.next();
    }
    return k;
  }

  /** Gamma with this shape and scale 1 (Marsaglia-Tsang; shapes below 1 boosted). */
  gamma(shape: number): number {
    if (!(shape > 0)) return 0;
    if (shape < 1) return this.gamma(shape + 1) * (1 - this.next()) ** (1 / shape);
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      let x: number;
      let v: number;
      do {
        x = this.normal();
        v = 1 + c * x;
      } while (v <= 0);
      v = v * v * v;
      const u = 1 - this.next();
      if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
    }
  }

  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  }
}

/** A generator seeded from a hash of keys. */
export const rngOf = (h: number, ...keys: readonly number[]): Rng => new Rng(mix(h, ...keys));
