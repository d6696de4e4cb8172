import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { turn } from '../helpers/gate';
import { AbortError } from '../../src';
import { Pacer } from '../../src/core/coordination/pacer';
import { virtualTime } from './fake-fetch';

/** A few turns of the event loop: whatever can run without the clock moving has run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await turn();
}

describe('a wait for a slot held by a request in flight', () => {
  it('gives up when the signal aborts while it waits, and leaves no listener on the signal', async () => {
    const time = virtualTime(0);
    const pacer = new Pacer(1, time.now, time.sleep);
    await pacer.acquire();
    const controller = new AbortController();
    const waiting = pacer.acquire(controller.signal);
    let settled = false;
    waiting.then(
      () => (settled = true),
      () => (settled = true),
    );
    await settle();
    // It is waiting for the request in flight to end, not sleeping: no time passes.
    expect(settled).toBe(false);
    expect(time.sleeps).toEqual([]);
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(AbortError);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('takes the slot once the request ends, and leaves no listener on its signal', async () => {
    const time = virtualTime(0);
    const pacer = new Pacer(1, time.now, time.sleep);
    const first = await pacer.acquire();
    const controller = new AbortController();
    const waiting = pacer.acquire(controller.signal);
    await settle();
    expect(getEventListeners(controller.signal, 'abort').length).toBeGreaterThan(0);
    first();
    const release = await waiting;
    expect(time.now()).toBe(1000);
    release();
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});

describe("a slot's one-second hold", () => {
  it('frees the slot whose hold ends first, not the last one', async () => {
    const time = virtualTime(0);
    const pacer = new Pacer(2, time.now, time.sleep);
    const a = await pacer.acquire();
    const b = await pacer.acquire();
    a(); // held until 1000
    time.advance(500);
    b(); // held until 1500
    await pacer.acquire();
    expect(time.now()).toBe(1000);
  });

  it('counts from the first release: releasing again later does not extend it', async () => {
    const time = virtualTime(0);
    const pacer = new Pacer(1, time.now, time.sleep);
    const release = await pacer.acquire();
    release();
    time.advance(800);
    release();
    await pacer.acquire();
    expect(time.now()).toBe(1000);
  });

  it('lets a request in exactly when the hold before it ends', async () => {
    const time = virtualTime(0);
    const pacer = new Pacer(1, time.now, time.sleep);
    (await pacer.acquire())();
    time.advance(1000);
    await pacer.acquire();
    expect(time.sleeps).toEqual([]);
    expect(time.now()).toBe(1000);
  });
});

describe('a pacer shared by calls that bring their own rate', () => {
  it('judges each waiter by its own rate when its turn comes, first in first out', async () => {
    const time = virtualTime(0);
    const pacer = new Pacer(1, time.now, time.sleep);
    const starts: [string, number][] = [];
    const run = async (name: string, rate?: number) => {
      const release = await pacer.acquire(undefined, rate);
      starts.push([name, time.now()]);
      release();
    };
    // Two slots for the calls that know the rate is 2; one for the call that brings none.
    await Promise.all([run('a', 2), run('b', 2), run('c'), run('d', 2)]);
    expect(starts).toEqual([
      ['a', 0],
      ['b', 0],
      ['c', 1000],
      ['d', 1000],
    ]);
  });
});
