import { describe, expect, it } from 'vitest';
import { MemoryWatch, RSS_URGENT_BYTES, RSS_WATCH_BYTES } from '../../mocks/server/memory-settings';

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
    expect(RSS_URGENT_BYTES).toBeGreaterThan(RSS_WATCH_BYTES);
    expect(RSS_URGENT_BYTES).toBeLessThan(200 * MB);
  });

  it('past the urgent level, collects a quarter of a second after the last collection, not a second', () => {
    const w = watched(170 * MB, [150 * MB, 150 * MB, 150 * MB]);
    w.rss = 175 * MB;
    expect(w.watch.check(0)).toBe(true); // gave 25 MB back
    w.rss = 185 * MB; // past the limit, under the urgent level: the second stands
    expect(w.watch.check(200)).toBe(false);
    w.rss = 190 * MB;
    expect(w.watch.check(200)).toBe(false); // not yet a quarter of a second
    expect(w.watch.check(250)).toBe(true);
    w.rss = 185 * MB;
    expect(w.watch.check(900)).toBe(false);
    expect(w.watch.check(1_250)).toBe(true);
    expect(w.watch.collections).toBe(3);
  });

  it('drops the urgent pace once a collection gives little back: live data over the budget is not collected four times a second', () => {
    const w = watched(170 * MB, [150 * MB, 189 * MB]);
    w.rss = 195 * MB;
    expect(w.watch.check(0)).toBe(true); // gave 45 MB back
    w.rss = 195 * MB;
    expect(w.watch.check(250)).toBe(true); // urgent; gives back only 6 MB: wait 2 s
    w.rss = 199 * MB;
    for (const now of [500, 750, 1_000, 2_000]) expect(w.watch.check(now)).toBe(false);
    expect(w.watch.check(2_250)).toBe(true);
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
