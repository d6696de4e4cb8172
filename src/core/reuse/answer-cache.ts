/** The freshness cache (docs/caching.md), loaded by the first call that caches: what may be kept, and how fresh it must be to serve. */
import { MemoryAnswerStore } from './memory-answer-store';
import { validatorOf } from '../validation/fast-validators';
import type { AnswerCache, AnswerPlace, AnswerStore, FetchedAnswer, Now, StoredAnswer } from '../types';

/** `Cache-Control: no-store`: no cache may keep the answer (docs/service.md, "Response headers"). */
const NO_STORE = /(?:^|,)\s*no-store\s*(?:,|$)/i;

/** Whether an answer may be kept: a success, not `no-store`, and a body its schema accepts (errors throw before here). */
function keepable(answer: FetchedAnswer, place: AnswerPlace): boolean {
  const { status, headers } = answer.response;
  if (status < 200 || status > 299 || NO_STORE.test(headers.get('cache-control') ?? '')) return false;
  const schema = place.route.responses[status];
  if (schema === undefined) return false;
  try {
    return validatorOf(schema)(JSON.parse(answer.text));
  } catch {
    return false;
  }
}

class StoreCache implements AnswerCache {
  constructor(
    readonly store: AnswerStore,
    readonly now: Now,
  ) {}

  async lookup(key: string, maxAge: number, now: number): Promise<StoredAnswer | undefined> {
    const answer = await this.store.get(key);
    // Fresh: sent less than maxAge ago, and not "after" now (a clock set back).
    return answer !== undefined && now >= answer.sentAt && now - answer.sentAt < maxAge ? answer : undefined;
  }

  storable(answer: FetchedAnswer, place: AnswerPlace): StoredAnswer | undefined {
    if (!keepable(answer, place)) return undefined;
    return {
      routeId: place.route.id,
      url: answer.response.url,
      path: place.path,
      query: place.query,
      status: answer.response.status,
      headers: [...answer.response.headers],
      text: answer.text,
      sentAt: answer.sentAt,
      cost: answer.cost ?? 0,
    };
  }

  async keep(key: string, answer: FetchedAnswer, place: AnswerPlace, keepMs: number): Promise<void> {
    const stored = this.storable(answer, place);
    if (stored !== undefined) await this.store.set(key, stored, keepMs);
  }

  clear(match: (answer: StoredAnswer) => boolean): void {
    void this.store.delete(match);
  }

  size(): { entries: number; bytes: number } {
    return this.store.size();
  }
}

/**
 * The cache of a client, in this process's memory, bounded by `maxBytes`.
 *
 * @example
 * const cache = createAnswerCache(32 * 1024 * 1024, Date.now);
 */
export function createAnswerCache(maxBytes: number, now: Now): AnswerCache {
  return new StoreCache(new MemoryAnswerStore(maxBytes, now), now);
}
