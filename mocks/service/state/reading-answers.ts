import { cachedBytes, type CachedResult } from './response-cache';

/** 64 answers, 4 MiB; an answer above a quarter of the bytes is not kept (a 100-event listing is about 25 kB). */
export const READING_ANSWER_BOUNDS = { maxCount: 64, maxBytes: 4 * 1024 * 1024 } as const;

interface Entry extends CachedResult {
  /** The clock reading the answer was computed at: it is the answer of that reading only. */
  at: number;
  /** What else the answer was computed from (the added events' list): a change of it is a different answer. */
  basis: object;
  bytes: number;
}

/**
 * Answers that hold for one reading of the mock's clock (an events listing): computed at that reading from
 * what `basis` stands for, they are exactly what the same query computes again at the same reading from the
 * same basis (a frozen clock, or requests in the same millisecond). An LRU by count and bytes; invisible on the
 * wire (no `X-Cache`), metered, rate-counted and recorded per request like any answer. Not part of a snapshot:
 * a restored or forked mock starts without them.
 */
export class ReadingAnswers {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;

  /** The answer kept for `key` at exactly this reading and basis; one of another reading or basis is dropped. */
  get(key: string, now: number, basis: object): CachedResult | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    if (entry.at !== now || entry.basis !== basis) {
      this.#bytes -= entry.bytes;
      return undefined;
    }
    // Most recently used last.
    this.#entries.set(key, entry);
    return entry;
  }

  set(key: string, value: CachedResult, at: number, basis: object): void {
    const existing = this.#entries.get(key);
    if (existing) {
      this.#entries.delete(key);
      this.#bytes -= existing.bytes;
    }
    const bytes = cachedBytes(key, value);
    if (bytes > READING_ANSWER_BOUNDS.maxBytes / 4) return;
    this.#entries.set(key, { ...value, at, basis, bytes });
    this.#bytes += bytes;
    for (const [oldKey, old] of this.#entries) {
      if (this.#entries.size <= READING_ANSWER_BOUNDS.maxCount && this.#bytes <= READING_ANSWER_BOUNDS.maxBytes) break;
      this.#entries.delete(oldKey);
      this.#bytes -= old.bytes;
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Bytes held, keys and bodies (the byte bound counts these). */
  get bytes(): number {
    return this.#bytes;
  }
}
