import { describe, expect, it } from 'vitest';
import { MemoryWatch, RSS_WATCH_BYTES } from '../../mocks/server/memory-settings';

const MB = 1024 * 1024;

/** A watch over RSS readings the test sets, counting the collections it asks for (V8's own GC stands outside the test). */
function watched(limit: number, readings: number[]) {
  let rss = readings[0] ?? 0;
  const collected: number[] = [];
  const watch = new MemoryWatch(
    limit,
    () => {
      collected.push(rss);
      rss = readings.shift() ?? rss;
    },
    () => rss,
  );
  return {
    watch,
    collected,
    set rss(value: number) {
      rss = value;
    },
  };
}

describe("sports-odds-mock's memory watch (issue 34: RSS under 200 MB without a cost per request)", () => {
  it('stays under the 200 MB goal with room for RSS to grow between two checks', () => {
    expect(RSS_WATCH_BYTES).toBeLessThan(200 * 1_000_000);
    expect(RSS_WATCH_BYTES).toBeGreaterThan(150 * MB);
  });

  it('collects only past the limit, and again as soon as RSS is past it once more', () => {
    const w = watched(180 * MB, [140 * MB, 140 * MB]); // what each collection gives back
    w.rss = 179 * MB;
    expect(w.watch.check(0)).toBe(false);
    w.rss = 181 * MB;
    expect(w.watch.check(250)).toBe(true);
    expect(w.watch.check(500)).toBe(false);
    w.rss = 182 * MB;
    expect(w.watch.check(750)).toBe(true);
    expect(w.watch.collections).toBe(2);
  });

  it('waits longer after each collection that leaves RSS near the limit, doubling from 1 s up to a minute', () => {
    const w = watched(100 * MB, []);
    const at: number[] = [];
    w.rss = 120 * MB; // a live heap the collection cannot shrink below 90% of the limit
    for (let now = 0; now <= 200_000; now += 250) if (w.watch.check(now)) at.push(now);
    expect(at.slice(0, 5)).toEqual([0, 1_000, 3_000, 7_000, 15_000]);
    const waits = at.slice(1).map((t, i) => t - (at[i] as number));
    expect(Math.max(...waits)).toBe(60_000);
  });

  it('goes back to collecting at once after a collection that gives memory back', () => {
    const w = watched(100 * MB, []);
    w.rss = 120 * MB;
    expect(w.watch.check(0)).toBe(true); // RSS stays at 120: wait 1 s
    expect(w.watch.check(500)).toBe(false);
    expect(w.watch.check(1_000)).toBe(true); // wait 2 s now
    const freeing = watched(100 * MB, [60 * MB]);
    freeing.rss = 120 * MB;
    expect(freeing.watch.check(0)).toBe(true);
    freeing.rss = 101 * MB;
    expect(freeing.watch.check(250)).toBe(true);
  });
});
