import { describe, expect, it } from 'vitest';
import { cachedBytes } from '../../../mocks/service/state/response-cache';
import { STABLE_ANSWER_BOUNDS, StableAnswers } from '../../../mocks/service/state/stable-answers';

/**
 * Answers that can no longer change as the clock moves forward hold for any later instant, never an
 * earlier one, and the store stays within 256 answers and 8 MiB (keys and bodies as the heap holds
 * them), the least recently used going first.
 */
const T0 = Date.parse('2026-11-21T15:00:00Z');
const QUARTER = STABLE_ANSWER_BOUNDS.maxBytes / 4;
const answer = (text: string) => ({ text, rows: 1, truncated: false });
/** An answer whose entry under `key` counts exactly `bytes`. */
const sized = (key: string, bytes: number) => answer('x'.repeat(bytes - cachedBytes(key, answer(''))));

describe('StableAnswers', () => {
  it('serves an answer at the instant it was kept and any later one', () => {
    const store = new StableAnswers();
    store.set('events.odds?1', answer('[1]'), T0);
    expect(store.get('events.odds?1', T0)?.text).toBe('[1]');
    expect(store.get('events.odds?1', T0 + 86_400_000)).toEqual({
      ...answer('[1]'),
      at: T0,
      bytes: cachedBytes('events.odds?1', answer('[1]')),
    });
    expect(store.get('events.odds?2', T0)).toBeUndefined();
  });

  it('forgets an answer asked for before the instant it was kept (the clock moved back)', () => {
    const store = new StableAnswers();
    store.set('k', answer('[1]'), T0);
    expect(store.get('k', T0 - 1)).toBeUndefined();
    expect(store.size).toBe(0);
    expect(store.get('k', T0 + 1)).toBeUndefined();
  });

  it('replaces the answer of a key, which then holds from the new instant', () => {
    const store = new StableAnswers();
    store.set('k', answer('[1]'), T0);
    store.set('k', answer('[2]'), T0 + 10);
    expect(store.size).toBe(1);
    expect(store.get('k', T0 + 5)).toBeUndefined();
  });

  it('holds at most the count bound, dropping the least recently used', () => {
    const store = new StableAnswers();
    for (let i = 0; i < STABLE_ANSWER_BOUNDS.maxCount; i++) store.set(`k${i}`, answer(`[${i}]`), T0);
    expect(store.size).toBe(STABLE_ANSWER_BOUNDS.maxCount);
    expect(store.get('k0', T0)?.text).toBe('[0]'); // k0 is now the most recently used; k1 the least
    store.set('new', answer('[]'), T0);
    expect(store.size).toBe(STABLE_ANSWER_BOUNDS.maxCount);
    expect(store.get('k1', T0)).toBeUndefined();
    expect(store.get('k0', T0)?.text).toBe('[0]');
    expect(store.get('k2', T0)?.text).toBe('[2]');
    expect(store.get('new', T0)?.text).toBe('[]');
  });

  it('holds at most the byte bound, dropping the least recently used', () => {
    const store = new StableAnswers();
    for (const key of ['a', 'b', 'c', 'd']) store.set(key, sized(key, QUARTER), T0);
    // Exactly the byte bound: all four kept.
    expect(store.size).toBe(4);
    store.get('a', T0);
    store.set('e', answer('y'), T0);
    expect(store.size).toBe(4);
    expect(store.get('b', T0)).toBeUndefined();
    for (const key of ['a', 'c', 'd', 'e']) expect(store.get(key, T0)).toBeDefined();
  });

  it("counts a replaced or forgotten answer's bytes no more", () => {
    const store = new StableAnswers();
    for (let i = 0; i < 3; i++) store.set('a', sized('a', QUARTER), T0);
    store.set('gone', sized('gone', QUARTER), T0);
    store.get('gone', T0 - 1); // forgotten: the clock stands before it
    for (const key of ['b', 'c', 'd']) store.set(key, sized(key, QUARTER), T0);
    expect(store.size).toBe(4);
    expect(store.get('a', T0)).toBeDefined();
  });

  it('keeps an answer of up to a quarter of the byte bound, and never a larger one', () => {
    const store = new StableAnswers();
    store.set('quarter', sized('quarter', QUARTER), T0);
    store.set('larger', sized('larger', QUARTER + 1), T0);
    expect(store.get('quarter', T0)).toBeDefined();
    expect(store.get('larger', T0)).toBeUndefined();
    expect(store.size).toBe(1);
    // A larger answer for a kept key replaces it with nothing.
    store.set('quarter', sized('quarter', QUARTER + 1), T0);
    expect(store.size).toBe(0);
  });

  it('counts a body two bytes a character once it holds one past U+00FF, as the heap stores it', () => {
    const store = new StableAnswers();
    const latin1 = answer('é'.repeat(1_000));
    const wide = answer(`€${'é'.repeat(999)}`);
    store.set('a', latin1, T0);
    expect(store.bytes).toBe(cachedBytes('a', answer('')) + 1_000);
    store.set('b', wide, T0);
    expect(store.bytes).toBe(2 * cachedBytes('a', answer('')) + 1_000 + 2_000);
  });
});
