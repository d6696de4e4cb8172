import { describe, expect, it } from 'vitest';
import { BoundedLog, BoundedMap } from '../../../mocks/service/state/bounded';
import { CACHE_BOUNDS, CACHE_TTL_MS, ResponseCache } from '../../../mocks/service/state/response-cache';

/**
 * The edges of the bounded stores (docs/mock-server.md, "What the mock keeps, and for how long"): a log
 * drops entries OLDER than its age bound (one exactly that old is kept), a map's entry expires AT its
 * age, and both keep at most their count, the oldest going first.
 */

const at = (entries: { at: number }[]) => entries.map((e) => e.at);

describe('BoundedLog edges', () => {
  it('keeps an entry exactly as old as the age bound and drops one a millisecond older', () => {
    const log = new BoundedLog<{ at: number }>({ maxAgeMs: 100, maxCount: 10 }, (e) => e.at);
    log.push({ at: 0 }, 0);
    log.push({ at: 1 }, 100);
    expect(at(log.toArray())).toEqual([0, 1]);
    log.trim(101);
    expect(at(log.toArray())).toEqual([1]);
    expect(log.length).toBe(1);
  });

  it('keeps every entry, in order, while it grows past its first ring', () => {
    const log = new BoundedLog<{ at: number }>({ maxAgeMs: 1_000, maxCount: 100 }, (e) => e.at);
    for (let n = 0; n < 70; n++) log.push({ at: n }, n);
    expect(log.length).toBe(70);
    expect(at(log.toArray())).toEqual(Array.from({ length: 70 }, (_, n) => n));
    expect(at([...log])).toEqual(Array.from({ length: 70 }, (_, n) => n));
  });

  it('keeps exactly the count bound, the newest, once a ring larger than the first has wrapped', () => {
    const log = new BoundedLog<{ at: number }>({ maxAgeMs: 1_000, maxCount: 40 }, (e) => e.at);
    for (let n = 0; n < 135; n++) log.push({ at: n }, n);
    expect(log.length).toBe(40);
    expect(at(log.toArray())).toEqual(Array.from({ length: 40 }, (_, i) => 95 + i));
  });

  it('stays in order when age empties it and it fills again past its ring', () => {
    const log = new BoundedLog<{ at: number }>({ maxAgeMs: 10, maxCount: 20 }, (e) => e.at);
    for (let n = 0; n < 7; n++) log.push({ at: n }, n);
    log.trim(1_000);
    expect(log.length).toBe(0);
    for (let n = 0; n < 30; n++) log.push({ at: 1_000 + n }, 1_000 + n);
    expect(at(log.toArray())).toEqual(Array.from({ length: 11 }, (_, i) => 1_019 + i));
  });
});

describe('BoundedMap edges', () => {
  it('serves an entry until its age, and not at its age', () => {
    const map = new BoundedMap<string, number>({ maxAgeMs: 100, maxCount: 10 });
    map.set('a', 1, 0);
    expect(map.get('a', 99)).toBe(1);
    expect(map.get('a', 100)).toBeUndefined();
    expect(map.size).toBe(0);
    expect(map.get('missing', 0)).toBeUndefined();
  });

  it('lists only unexpired values, oldest first; one exactly at its age is gone', () => {
    const map = new BoundedMap<string, number>({ maxAgeMs: 100, maxCount: 10 });
    map.set('a', 1, 0);
    map.set('b', 2, 50);
    map.set('c', 3, 60);
    expect(map.values(99)).toEqual([1, 2, 3]);
    expect(map.values(100)).toEqual([2, 3]);
    expect(map.size).toBe(2);
  });

  it('holds exactly its count; one more drops the oldest set', () => {
    const map = new BoundedMap<string, number>({ maxAgeMs: 1_000, maxCount: 3 });
    map.set('a', 1, 0);
    map.set('b', 2, 1);
    map.set('c', 3, 2);
    expect(map.size).toBe(3);
    expect(map.values(2)).toEqual([1, 2, 3]);
    map.set('b', 4, 3); // set again: now the newest
    map.set('d', 5, 4);
    expect(map.values(4)).toEqual([3, 4, 5]);
  });

  it('deletes one key, saying whether it was there', () => {
    const map = new BoundedMap<string, number>({ maxAgeMs: 1_000, maxCount: 3 });
    map.set('a', 1, 0);
    expect(map.delete('a')).toBe(true);
    expect(map.delete('a')).toBe(false);
    expect(map.get('a', 0)).toBeUndefined();
  });
});

describe('the response cache', () => {
  it('serves an answer for just under an hour (docs/service.md, Constants) and recomputes at the hour', () => {
    const cache = new ResponseCache();
    const answer = { text: '[]', rows: 0, truncated: false };
    cache.set('catalog.sports?[]', answer, 0);
    expect(cache.get('catalog.sports?[]', CACHE_TTL_MS - 1)).toBe(answer);
    expect(cache.get('catalog.sports?[]', CACHE_TTL_MS)).toBeUndefined();
  });

  it('keeps its 1,000 most recently cached answers', () => {
    const cache = new ResponseCache();
    for (let i = 0; i <= CACHE_BOUNDS.maxCount; i++) cache.set(`k${i}`, { text: `${i}`, rows: 0, truncated: false }, 0);
    expect(cache.size).toBe(CACHE_BOUNDS.maxCount);
    expect(cache.get('k0', 0)).toBeUndefined();
    expect(cache.get('k1', 0)?.text).toBe('1');
  });
});
