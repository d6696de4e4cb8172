/** How an Lru weighs its values: at most `max` bytes in all, each value weighing `of(value)` (which may grow after it is kept). */
export interface LruBytes<V> {
  readonly max: number;
  of(value: V): number;
}

/** A small least-recently-used cache (Map insertion order), bounded by count and, when it weighs its values, by bytes. */
export class Lru<K, V> {
  private readonly map = new Map<K, V>();

  constructor(
    private readonly capacity: number,
    private readonly bytes?: LruBytes<V>,
  ) {}

  /** The cached value, or the one `make` computes (then cached). */
  get(key: K, make: (key: K) => V): V {
    const hit = this.map.get(key);
    if (hit !== undefined || this.map.has(key)) {
      this.map.delete(key);
      this.map.set(key, hit as V);
      return hit as V;
    }
    const value = make(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
    if (this.bytes) this.shed(this.bytes);
    return value;
  }

  /** Drops the least recently used values past the byte bound, never the newest; weighed afresh, as values grow once kept. */
  private shed(bytes: LruBytes<V>): void {
    let total = 0;
    for (const value of this.map.values()) total += bytes.of(value);
    for (const [key, value] of this.map) {
      if (total <= bytes.max || this.map.size === 1) return;
      total -= bytes.of(value);
      this.map.delete(key);
    }
  }

  get size(): number {
    return this.map.size;
  }
}
