import type { Redis } from 'ioredis';
import type { RedisCoordinator } from '../../src/redis';
import { metered, request } from './contract';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Scripts Redis ran so far (EVALSHA and EVAL), from `INFO commandstats`. */
export async function scriptsRun(redis: Redis): Promise<number> {
  const info = await redis.info('commandstats');
  return [...info.matchAll(/^cmdstat_(evalsha|eval):calls=(\d+)/gm)].reduce((n, m) => n + Number(m[2]), 0);
}

/**
 * Each of `handles` (one a process; give them a short `windowMs`) makes two 1-credit calls paced at
 * 2 a window, one after the other, all at once; resolves to the scripts Redis ran per call and the
 * order in which the processes were admitted.
 *
 * @example
 * const { perCall, order } = await lineOf(fleet.handles(16, { windowMs: 100 }), fleet.inspector());
 */
export async function lineOf(handles: readonly RedisCoordinator[], inspector: Redis): Promise<{ perCall: number; order: number[] }> {
  await Promise.all(handles.map((c) => c.readCredits()));
  const before = await scriptsRun(inspector);
  const order: number[] = [];
  await Promise.all(
    handles.map(async (c, i) => {
      for (let call = 0; call < 2; call += 1) {
        const admission = await c.admit(request({ rate: 2, envelope: 1 }));
        order.push(i);
        await sleep(5);
        await c.settle(admission, metered(1), Date.now());
      }
    }),
  );
  return { perCall: ((await scriptsRun(inspector)) - before) / (2 * handles.length), order };
}
