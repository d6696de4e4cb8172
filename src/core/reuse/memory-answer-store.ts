import { LRUCache } from 'lru-cache';
import type { AnswerStore, StoredAnswer } from '../types';

/** The fixed part of an answer's weight in the bound, besides its text and headers as UTF-16. */
const FIXED_BYTES = 256;

function bytesOf(answer: StoredAnswer): number {
  let bytes = FIXED_BYTES + 2 * (answer.text.length + answer.path.length + answer.query.length);
  for (const [name, value] of answer.headers) bytes += 2 * (name.length + value.length);
  return bytes;
}

interface Entry {
  answer: StoredAnswer;
  expiresAt: number;
}

/**
 * Answers in this process's memory: at most `maxBytes` (least recently used go first), each until its TTL from its sending ends.
 *
 * @example
 * const store = new MemoryAnswerStore(32 * 1024 * 1024, Date.now);
 */
export class MemoryAnswerStore implements AnswerStore {
  readonly #lru: LRUCache<string, Entry>;

  constructor(
    maxBytes: number,
    private readonly now: () => number,
  ) {
    this.#lru = new LRUCache<string, Entry>({ maxSize: maxBytes, sizeCalculation: (entry) => bytesOf(entry.answer) });
  }

  get(key: string): StoredAnswer | undefined {
    const entry = this.#lru.get(key);
    if (entry === undefined) return undefined;
    const now = this.now();
    // Past its TTL, or sent "later" than now (a clock set back): never served.
    if (now >= entry.expiresAt || now < entry.answer.sentAt) {
      this.#lru.delete(key);
      return undefined;
    }
    return entry.answer;
  }

  set(key: string, answer: StoredAnswer, ttlMs: number): void {
    this.#lru.set(key, { answer, expiresAt: answer.sentAt + ttlMs });
  }

  /** In one process, identical calls in flight already share one request: the caller always fetches. */
  claim(): boolean {
    return true;
  }

  delete(match: (answer: StoredAnswer) => boolean): void {
    for (const [key, entry] of this.#lru.entries()) if (match(entry.answer)) this.#lru.delete(key);
  }

  size(): { entries: number; bytes: number } {
    return { entries: this.#lru.size, bytes: this.#lru.calculatedSize };
  }
}
