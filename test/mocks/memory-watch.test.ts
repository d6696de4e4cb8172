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

  it('collects only past the limit, at most once a second while each collection gives memory back', () => {
    const w = watched(180 * MB, [140 * MB, 140 * MB]); // what each collection gives back
    w.rss = 179 * MB;
    expect(w.watch.check(0)).toBe(false);
    w.rss = 181 * MB;
    expect(w.watch.check(250)).toBe(true);
    w.rss = 182 * MB;
    expect(w.watch.check(750)).toBe(false); // a second has not passed
    expect(w.watch.check(1_250)).toBe(true);
    expect(w.watch.collections).toBe(2);
  });

  it('waits twice as long after each collection that gives back less than 5% of the limit, up to a minute', () => {
    const w = watched(100 * MB, []);
    const at: number[] = [];
    w.rss = 120 * MB; // a live heap no collection shrinks
    for (let now = 0; now <= 300_000; now += 250) if (w.watch.check(now)) at.push(now);
    expect(at.slice(0, 5)).toEqual([0, 2_000, 6_000, 14_000, 30_000]);
    const waits = at.slice(1).map((t, i) => t - (at[i] as number));
    expect(Math.max(...waits)).toBe(60_000);
  });

  it('goes back to a second between collections once one gives memory back', () => {
    const w = watched(100 * MB, [120 * MB, 60 * MB]);
    w.rss = 120 * MB;
    expect(w.watch.check(0)).toBe(true); // gave nothing back: wait 2 s
    expect(w.watch.check(1_000)).toBe(false);
    expect(w.watch.check(2_000)).toBe(true); // gave 60 MB back: wait 1 s
    w.rss = 101 * MB;
    expect(w.watch.check(2_500)).toBe(false);
    expect(w.watch.check(3_000)).toBe(true);
  });
});
