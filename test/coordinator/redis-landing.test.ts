import { describe, expect, it } from 'vitest';
import { CoordinatorError } from '../../src/core/errors/coordinator';
import { useRedisServer } from '../helpers/redis-server';
import { metered, rejection, request } from './contract';
import { freshNamespace, useRedisFleet } from './redis-fleet';

// Persistent (an append-only file synced at each write): a restart keeps the record, as a failover to an up-to-date replica does.
const server = useRedisServer({ persistent: true });
const fleet = useRedisFleet(server);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a Redis coordinator that loses Redis for a while', () => {
  it('never counts the reservation of a call it never sent: its release is tried until it lands; a settle too, at its cost', async () => {
    const namespace = freshNamespace('landing');
    const leaseMs = 600;
    // Without an offline queue, a command sent while Redis is down fails at once (it is not kept for the reconnection).
    const handle = () => fleet.handles(1, { namespace, leaseMs, timeoutMs: 300, redis: fleet.client({ enableOfflineQueue: false }) })[0];
    const [a, b, reader] = [handle(), handle(), handle()];
    for (const c of [a, b, reader]) {
      for (
        let i = 0;
        i < 50 &&
        !(await c!.readCredits().then(
          () => true,
          () => false,
        ));
        i += 1
      )
        await sleep(20);
    }
    const sent = await a!.admit(request({ rate: 1, envelope: 5 }));
    // b waits for the one slot with a reservation of 4; its call is never sent.
    const waiting = b!.admit(request({ rate: 1, envelope: 4 }));
    waiting.catch(() => undefined);
    for (let i = 0; i < 50 && (await reader!.readCredits()).reserved < 9; i += 1) await sleep(20);
    expect((await reader!.readCredits()).reserved).toBe(9);
    await server.stop();
    await rejection(waiting, CoordinatorError);
    // a's answer arrives while Redis is down: it cost 2 of its 5.
    await rejection(a!.settle(sent, metered(2), Date.now()), CoordinatorError);
    // Down longer than the leases: both lapse on Redis's clock.
    await sleep(leaseMs + 200);
    await server.start();
    // Both land once Redis is back: the lapsed envelopes (9) are refunded down to the cost (2).
    let credits = await reader!.readCredits().catch(() => undefined);
    for (let i = 0; i < 60 && !(credits?.spent === 2 && credits.reserved === 0); i += 1) {
      await sleep(100);
      credits = await reader!.readCredits().catch(() => undefined);
    }
    expect(credits).toMatchObject({ spent: 2, reserved: 0 });
    // And it stays so past another lease: nothing lapses later.
    await sleep(leaseMs + 100);
    expect(await reader!.readCredits()).toMatchObject({ spent: 2, reserved: 0, meteredCalls: 1 });
  });
});
