/** A small least-recently-used cache (Map insertion order). */
export class Lru<K, V> {
  private readonly map = new Map<K, V>();

  constructor(private readonly capacity: number) {}

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
    return value;
  }

  get size(): number {
    return this.map.size;
  }
}
