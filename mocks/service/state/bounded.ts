/**
 * Bounded containers for what the mock keeps per request or caller (docs/mock-server.md, "What the mock
 * keeps, and for how long"): at most `maxAgeMs`, `maxCount` and, where entries vary in size, `maxBytes`.
 * A log or cache drops its oldest entries past them (`push`, `set`); a store that never drops an entry
 * to make room asks `fullUntil` first and refuses the new one.
 */

/** How long and how many entries a store keeps. */
export interface Bounds {
  /** Entries older than this (mock time since they were added) are dropped. */
  readonly maxAgeMs: number;
  /** At most this many entries; past it the oldest is dropped. */
  readonly maxCount: number;
  /** At most this many bytes of entries (as `sizeOf` counts them), where a store counts bytes. */
  readonly maxBytes?: number;
}

/** Heap bytes of a string: one a character, or two for all once any is past U+00FF (V8's two-byte strings). */
export const textBytes = (text: string): number => (PAST_LATIN1.test(text) ? 2 : 1) * text.length;
const PAST_LATIN1 = /[\u0100-\uffff]/;

/**
 * A log of timestamped entries, oldest first, in a fixed ring: O(1) to append and to drop the oldest.
 *
 * @example
 * const log = new BoundedLog<{ at: number }>({ maxAgeMs: 60_000, maxCount: 3 }, (e) => e.at);
 * for (const at of [1, 2, 3, 4]) log.push({ at }, at);
 * log.toArray(); // [{ at: 2 }, { at: 3 }, { at: 4 }]
 */
export class BoundedLog<T> {
  #slots: (T | undefined)[] = [];
  /** Each slot's bytes as `sizeOf` counted them, when the log counts bytes. */
  #sizes: number[] = [];
  #bytes = 0;
  /** Entries this log dropped by its own bounds that its `SharedCap` still counts in its line. */
  shedByItself = 0;
  /** Each slot's time, read once when pushed: the age check reads this, not the entry. */
  #times: number[] = [];
  #head = 0;
  #size = 0;

  /** `cap` bounds this log together with the others it bounds (one log per account); `sizeOf` counts an entry's bytes against `bounds.maxBytes`. */
  constructor(
    readonly bounds: Bounds,
    private readonly timeOf: (entry: T) => number,
    private readonly cap?: SharedCap,
    private readonly sizeOf?: (entry: T) => number,
  ) {}

  get length(): number {
    return this.#size;
  }

  /** Bytes held, as `sizeOf` counts them (0 for a log that counts none). */
  get bytes(): number {
    return this.#bytes;
  }

  /** Appends an entry, dropping the oldest past the count and byte bounds (an entry larger than the byte bound is not kept). */
  push(entry: T, now: number): void {
    const { maxCount } = this.bounds;
    const maxBytes = this.bounds.maxBytes ?? Number.POSITIVE_INFINITY;
    const bytes = this.sizeOf?.(entry) ?? 0;
    if (bytes > maxBytes) return;
    if (this.#size === maxCount) this.#shed();
    while (this.#size > 0 && this.#bytes + bytes > maxBytes) this.#shed();
    if (this.#size === this.#slots.length) {
      const doubled = Math.max(16, this.#slots.length * 2);
      this.#grow(Math.min(maxCount, doubled));
    }
    const slot = (this.#head + this.#size) % this.#slots.length;
    this.#slots[slot] = entry;
    this.#times[slot] = this.timeOf(entry);
    this.#sizes[slot] = bytes;
    this.#bytes += bytes;
    this.#size += 1;
    this.trim(now);
    this.cap?.added(this);
  }

  /** Drops entries older than the age bound at `now`. */
  trim(now: number): void {
    const cutoff = now - this.bounds.maxAgeMs;
    while (this.#size > 0 && (this.#times[this.#head] as number) < cutoff) this.#shed();
  }

  /**
   * For a log that never drops an entry to make room: undefined when `count` more entries fit at `now`,
   * else when its oldest entry leaves by age and frees room.
   */
  fullUntil(now: number, count = 1): number | undefined {
    this.trim(now);
    const maxBytes = this.bounds.maxBytes ?? Number.POSITIVE_INFINITY;
    if (this.#size + count <= this.bounds.maxCount && this.#bytes <= maxBytes) return undefined;
    // An entry leaves once older than the age bound: a millisecond after it.
    return this.#size === 0 ? now : (this.#times[this.#head] as number) + this.bounds.maxAgeMs + 1;
  }

  toArray(): T[] {
    const out: T[] = [];
    for (const entry of this) out.push(entry);
    return out;
  }

  *[Symbol.iterator](): IterableIterator<T> {
    // A ring that never wrapped is still in insertion order; one that did wraps at #head.
    for (let i = 0; i < this.#size; i++) yield this.#slots[(this.#head + i) % this.#slots.length] as T;
  }

  /** A larger ring with the entries in order from slot 0. */
  #grow(capacity: number): void {
    const slots: (T | undefined)[] = this.toArray();
    const times: number[] = [];
    const sizes: number[] = [];
    for (let i = 0; i < this.#size; i++) {
      const at = (this.#head + i) % this.#slots.length;
      times.push(this.#times[at] as number);
      sizes.push(this.#sizes[at] ?? 0);
    }
    slots.length = capacity;
    this.#slots = slots;
    this.#times = times;
    this.#sizes = sizes;
    this.#head = 0;
  }

  /** Drops the oldest entry by this log's own bounds. */
  #shed(): void {
    this.dropOldest();
    if (this.cap === undefined) return;
    this.shedByItself += 1;
    this.cap.shed();
  }

  /** Drops the oldest entry (its `SharedCap` calls this when the logs together pass their bound). */
  dropOldest(): void {
    if (this.#size === 0) return;
    this.#bytes -= this.#sizes[this.#head] ?? 0;
    this.#sizes[this.#head] = 0;
    this.#slots[this.#head] = undefined;
    this.#head = (this.#head + 1) % this.#slots.length;
    this.#size -= 1;
  }
}

/** The part of a log a `SharedCap` reaches. */
interface CappedLog {
  shedByItself: number;
  readonly length: number;
  dropOldest(): void;
}

/**
 * A bound on many `BoundedLog`s together (one per account: every account may keep its 10,000, but not
 * every account of a mock with thousands): past `maxCount` entries in all, the oldest entry of all goes.
 * It keeps the log of each entry in the order they were pushed; an entry its log already dropped by its
 * own bounds (always that log's oldest) is passed over when its turn comes.
 *
 * @example
 * const cap = new SharedCap(20_000);
 * const a = new BoundedLog(FAILURE_DETAIL_BOUNDS, (e) => e.at, cap);
 * const b = new BoundedLog(FAILURE_DETAIL_BOUNDS, (e) => e.at, cap); // a.length + b.length <= 20,000
 */
export class SharedCap {
  /** The log of every entry counted, oldest first from `#head`. */
  #line: CappedLog[] = [];
  #head = 0;
  #total = 0;

  constructor(readonly maxCount: number) {}

  /** Entries in all the logs. */
  get total(): number {
    return this.#total;
  }

  /** A log kept one more entry: past the bound, the oldest entry of all goes. */
  added(log: CappedLog): void {
    this.#line.push(log);
    this.#total += 1;
    while (this.#total > this.maxCount) {
      const oldest = this.#line[this.#head++] as CappedLog;
      if (oldest.shedByItself > 0) oldest.shedByItself -= 1;
      else {
        oldest.dropOldest();
        this.#total -= 1;
      }
    }
    if (this.#head > 1024 && this.#head * 2 > this.#line.length) this.#compact();
  }

  /** A log dropped an entry by its own bounds. */
  shed(): void {
    this.#total -= 1;
    // The line holds an entry for each drop not yet passed over: past twice the bound, pass them over now.
    if (this.#line.length - this.#head > 2 * this.maxCount) this.#compact();
  }

  /** The line without the entries logs dropped themselves, in the same order. */
  #compact(): void {
    const line: CappedLog[] = [];
    for (let i = this.#head; i < this.#line.length; i++) {
      const log = this.#line[i] as CappedLog;
      if (log.shedByItself > 0) log.shedByItself -= 1;
      else line.push(log);
    }
    this.#line = line;
    this.#head = 0;
  }
}

/**
 * A map whose entries expire `maxAgeMs` after set, size capped; insertion order is age order, so both take from the front.
 *
 * @example
 * const map = new BoundedMap<string, number>({ maxAgeMs: 1_000, maxCount: 10 });
 * map.set('a', 1, 0);
 * map.get('a', 500); // 1
 * map.get('a', 1_000); // undefined
 */
export class BoundedMap<K, V> {
  readonly #entries = new Map<K, { value: V; at: number; bytes: number }>();
  #bytes = 0;

  /** `sizeOf` counts an entry's bytes against `bounds.maxBytes` (none counted without it). */
  constructor(
    readonly bounds: Bounds,
    private readonly sizeOf?: (key: K, value: V) => number,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get(key: K, now: number): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (now - entry.at >= this.bounds.maxAgeMs) {
      this.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** An entry larger than the byte bound is not kept. */
  set(key: K, value: V, now: number): void {
    this.delete(key);
    const bytes = this.sizeOf?.(key, value) ?? 0;
    if (bytes > (this.bounds.maxBytes ?? Number.POSITIVE_INFINITY)) return;
    this.#entries.set(key, { value, at: now, bytes });
    this.#bytes += bytes;
    this.trim(now);
  }

  delete(key: K): boolean {
    const entry = this.#entries.get(key);
    if (entry === undefined) return false;
    this.#bytes -= entry.bytes;
    return this.#entries.delete(key);
  }

  /**
   * For a store that never drops an entry to make room: undefined when `count` more entries fit at `now`,
   * else when its oldest entry expires and frees room.
   */
  fullUntil(now: number, count = 1): number | undefined {
    this.trim(now);
    const maxBytes = this.bounds.maxBytes ?? Number.POSITIVE_INFINITY;
    if (this.#entries.size + count <= this.bounds.maxCount && this.#bytes <= maxBytes) return undefined;
    const oldest = this.#entries.values().next();
    return oldest.done ? now : oldest.value.at + this.bounds.maxAgeMs;
  }

  /** Drops expired entries from the front, and the oldest ones past the count and byte caps. */
  trim(now: number): void {
    const maxBytes = this.bounds.maxBytes ?? Number.POSITIVE_INFINITY;
    for (const [key, entry] of this.#entries) {
      if (this.#entries.size <= this.bounds.maxCount && this.#bytes <= maxBytes && now - entry.at < this.bounds.maxAgeMs) break;
      this.delete(key);
    }
  }

  values(now: number): V[] {
    this.trim(now);
    return [...this.#entries.values()].map((e) => e.value);
  }

  /** The entries kept at `now` with when each was set, oldest first (a state document's; `set(key, value, at)` puts them back). */
  entries(now: number): { key: K; value: V; at: number }[] {
    this.trim(now);
    return [...this.#entries].map(([key, e]) => ({ key, value: e.value, at: e.at }));
  }
}
