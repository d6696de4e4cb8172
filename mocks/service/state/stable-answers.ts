import { cachedBytes, type CachedResult } from './response-cache';

/** 256 answers, 8 MiB (was 12): a settled event's full history is about 250 to 600 kB, so 14 to 30 of them fit. */
export const STABLE_ANSWER_BOUNDS = { maxCount: 256, maxBytes: 8 * 1024 * 1024 } as const;

interface Entry extends CachedResult {
  /** Mock time when stored: the answer holds for any later instant, not an earlier one. */
  at: number;
  bytes: number;
}

/**
 * Answers that no longer change as the clock moves (a settled event's history), serialized once; an LRU
 * by count and bytes. Invisible on the wire (no `X-Cache`) and still metered in full.
 */
export class StableAnswers {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;

  /** The answer stored for `key`, unless the clock now stands before the instant it was stored at. */
  get(key: string, now: number): CachedResult | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (now < entry.at) {
      this.#drop(key, entry);
      return undefined;
    }
    // Most recently used last.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  set(key: string, value: CachedResult, now: number): void {
    const existing = this.#entries.get(key);
    if (existing) this.#drop(key, existing);
    const bytes = cachedBytes(key, value);
    if (bytes > STABLE_ANSWER_BOUNDS.maxBytes / 4) return;
    this.#entries.set(key, { ...value, at: now, bytes });
    this.#bytes += bytes;
    for (const [oldKey, old] of this.#entries) {
      if (this.#entries.size <= STABLE_ANSWER_BOUNDS.maxCount && this.#bytes <= STABLE_ANSWER_BOUNDS.maxBytes) break;
      this.#drop(oldKey, old);
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Bytes held, keys and bodies (the byte bound counts these). */
  get bytes(): number {
    return this.#bytes;
  }

  #drop(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}
