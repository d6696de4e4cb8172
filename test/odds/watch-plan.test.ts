import { describe, expect, it } from 'vitest';
import { chooseMode, intervalOf } from '../../src/odds/watch-plan';

/** How a price watch fits its budget (src/odds/watch-plan.ts): the mode and the wait between polls. */

describe('the plan of a price watch', () => {
  it('reads the history only when its 250-credit envelope fits the credits left', () => {
    expect(chooseMode(undefined).mode).toBe('incremental');
    expect(chooseMode({ limit: 'maxCredits', available: 250 }).mode).toBe('incremental');
    expect(chooseMode({ limit: 'dailyFloor', available: 249 })).toEqual({
      mode: 'latest',
      reason: 'latest: the history envelope of 250 credits does not fit the 249 credits left (dailyFloor)',
    });
  });

  it('waits at least the interval asked, long enough for half the plan rate, and so the credits last till the end', () => {
    const base = { intervalMs: 10_000, requests: 4, rps: 20, available: undefined, perPoll: 4, envelope: 25, remainingMs: undefined };
    expect(intervalOf(base)).toBe(10_000);
    // 4 requests a poll at 2 a second, half of it the watch's: 4 s; 40 requests: 40 s.
    expect(intervalOf({ ...base, intervalMs: 1_000, rps: 2 })).toBe(4_000);
    expect(intervalOf({ ...base, requests: 40, rps: 2 })).toBe(40_000);
    // 100 credits, 4 a poll, each poll needing 25 free: 19 polls in 10 minutes.
    expect(intervalOf({ ...base, available: 100, remainingMs: 600_000 })).toBe(Math.ceil(600_000 / 19));
    // Credits for one poll only: the next waits for the end.
    expect(intervalOf({ ...base, available: 25, remainingMs: 600_000 })).toBe(600_000);
    // No end: the credits do not stretch the interval.
    expect(intervalOf({ ...base, available: 30 })).toBe(10_000);
  });
});
