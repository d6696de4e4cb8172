// A loop of cache hits lets the event loop turn (src/core/reuse/event-loop-turn.ts): a timer, I/O or another
// task runs while `for (;;) await odds.x()` is served from the cache. Real SDK, real mock (MSW).
import { describe, expect, it } from 'vitest';
import { HITS_PER_TURN } from '../../src/core/reuse/event-loop-turn';
import { sdkFor, useMockServer } from '../sdk/mock-setup';

const newMock = useMockServer();

describe('a loop of cache hits', () => {
  it('lets a timer due meanwhile run within two waits for a turn (2 x HITS_PER_TURN hits)', async () => {
    const { odds, seen } = sdkFor(newMock(), { now: Date.now });
    await odds.catalog.sports();
    let fired = false;
    const timer = setTimeout(() => (fired = true), 0);
    // A timer of 0 ms is due after 1 ms at most: give it that, then count the hits until it runs.
    const due = performance.now() + 2;
    while (performance.now() < due) await odds.catalog.sports();
    let hits = 0;
    while (!fired && hits < 100 * HITS_PER_TURN) {
      await odds.catalog.sports();
      hits += 1;
    }
    clearTimeout(timer);
    expect(fired).toBe(true);
    // A wait that began in the check phase turns to the timers at the next one.
    expect(hits).toBeLessThanOrEqual(2 * HITS_PER_TURN);
    expect(seen.requests).toHaveLength(1);
  });

  it('lets a task queued with setImmediate run in a loop of hits on a fake clock too', async () => {
    const { odds } = sdkFor(newMock());
    await odds.catalog.sports();
    let ran = false;
    setImmediate(() => (ran = true));
    let hits = 0;
    while (!ran && hits < 100 * HITS_PER_TURN) {
      await odds.catalog.sports();
      hits += 1;
    }
    expect(ran).toBe(true);
    expect(hits).toBeLessThanOrEqual(HITS_PER_TURN);
  });
});
