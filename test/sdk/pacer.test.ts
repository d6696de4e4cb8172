import { describe, expect, it } from 'vitest';
import { turn } from '../helpers/gate';
import { AbortError } from '../../src';
import { Pacer } from '../../src/core/coordination/pacer';
import { virtualTime } from './fake-fetch';

describe('Pacer', () => {
  it('lets at most N requests into any second, counting from each answer', async () => {
    const time = virtualTime(0);
    const pacer = new Pacer(2, time.now, time.sleep);
    const starts: number[] = [];
    const run = async () => {
      const release = await pacer.acquire();
      starts.push(time.now());
      release();
    };
    await Promise.all([run(), run(), run(), run(), run()]);
    expect(starts).toEqual([0, 0, 1000, 1000, 2000]);
  });

  it('holds a slot while its request is in flight', async () => {
    const time = virtualTime(0);
    const pacer = new Pacer(1, time.now, time.sleep);
    const first = await pacer.acquire();
    let second = false;
    const waiting = pacer.acquire().then((release) => {
      second = true;
      return release;
    });
    // However many turns of the event loop pass, the slot stays taken until its request ends.
    for (let i = 0; i < 5; i++) await turn();
    expect(second).toBe(false);
    time.advance(300);
    first();
    (await waiting)();
    expect(second).toBe(true);
    expect(time.now()).toBe(1300);
  });

  it('gives up a wait when the signal aborts', async () => {
    const time = virtualTime(0);
    const pacer = new Pacer(1, time.now, time.sleep);
    await pacer.acquire();
    const controller = new AbortController();
    const waiting = pacer.acquire(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(AbortError);
  });
});
