import { describe, expect, it } from 'vitest';
import { Lru } from '../../../mocks/service/data/shared/lru';
import { buildTimeline } from '../../../mocks/service/data/events/timeline';
import { findFixture } from './context';

/** A value whose weight the test sets, as a timeline's grows when its quotes are made. */
interface Weighed {
  bytes: number;
}

const keys = <V>(lru: Lru<string, V>, candidates: string[]) => candidates.filter((k) => lru.get(k, () => 'made' as V) !== 'made');

describe("the dataset's least-recently-used caches (issue 34: timelines bounded by bytes)", () => {
  it('keeps at most its count, dropping the least recently used', () => {
    const lru = new Lru<string, string>(2);
    lru.get('a', () => 'A');
    lru.get('b', () => 'B');
    lru.get('a', () => 'unused'); // a is now the most recent
    lru.get('c', () => 'C');
    expect(lru.size).toBe(2);
    expect(lru.get('a', () => 'again')).toBe('A');
    expect(lru.get('b', () => 'again')).toBe('again');
  });

  it('keeps at most its bytes, dropping the least recently used first and never the newest', () => {
    const lru = new Lru<string, Weighed>(100, { max: 100, of: (v) => v.bytes });
    lru.get('a', () => ({ bytes: 40 }));
    lru.get('b', () => ({ bytes: 40 }));
    lru.get('a', () => ({ bytes: 0 })); // a is now the most recent
    lru.get('c', () => ({ bytes: 40 })); // 120 > 100: b goes
    expect(lru.size).toBe(2);
    expect(keys(lru as Lru<string, unknown>, ['a', 'c'])).toEqual(['a', 'c']);
    const big = new Lru<string, Weighed>(100, { max: 100, of: (v) => v.bytes });
    big.get('x', () => ({ bytes: 30 }));
    big.get('huge', () => ({ bytes: 500 }));
    expect(big.size).toBe(1);
    expect(big.get('huge', () => ({ bytes: 0 })).bytes).toBe(500);
  });

  it('weighs values afresh at each insertion, as a kept value grows', () => {
    const lru = new Lru<string, Weighed>(100, { max: 100, of: (v) => v.bytes });
    const first = lru.get('a', () => ({ bytes: 10 }));
    lru.get('b', () => ({ bytes: 10 }));
    first.bytes = 95; // grown once kept
    lru.get('c', () => ({ bytes: 10 }));
    expect(lru.size).toBe(2);
    expect(lru.get('a', () => ({ bytes: 0 })).bytes).toBe(0);
  });

  it("weighs a timeline by the quotes it has made: nothing before a route reads it, its history's after", () => {
    const settled = findFixture((f) => f.priced && f.sport.live && f.child === null);
    const tl = buildTimeline(settled);
    const before = tl.bytes;
    expect(before).toBeGreaterThan(0);
    for (let i = 0; i < tl.count; i++) tl.quotes(i);
    const quotes = new Set(Array.from({ length: tl.count }, (_, i) => tl.quotes(i)));
    const made = [...quotes].reduce((sum, q) => sum + q.length, 0);
    expect(tl.bytes - before).toBe(made * 256);
  });
});
