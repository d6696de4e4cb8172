import { getEventListeners } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AbortError } from '../../src';
import { realSleep } from '../../src/core/runtime';

/** Whether a promise has settled, after the microtasks queued so far ran. */
const settled = async (promise: Promise<unknown>): Promise<boolean> => {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await vi.advanceTimersByTimeAsync(0);
  return done;
};

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => vi.useRealTimers());

describe('the default sleep between retries', () => {
  it('waits the whole delay, and no longer', async () => {
    const sleep = realSleep(1_000, undefined);
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(sleep)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(sleep)).toBe(true);
    await expect(sleep).resolves.toBeUndefined();
  });

  it('treats a negative delay as none', async () => {
    const sleep = realSleep(-50, undefined);
    expect(await settled(sleep)).toBe(true);
  });

  it('ends at once with AbortError when the signal aborts, keeping the reason, and leaves no timer', async () => {
    const controller = new AbortController();
    const sleep = realSleep(60_000, controller.signal);
    const reason = new Error('shutting down');
    controller.abort(reason);
    const error = await sleep.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).cause).toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not start on a signal already aborted', async () => {
    const sleep = realSleep(60_000, AbortSignal.abort());
    await expect(sleep).rejects.toBeInstanceOf(AbortError);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("leaves no listener on the caller's signal once it has slept", async () => {
    const signal = new AbortController().signal;
    const sleep = realSleep(10, signal);
    expect(getEventListeners(signal, 'abort')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10);
    await sleep;
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });
});
