import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useRedisServer } from '../helpers/redis-server';
import { metered, request } from './contract';
import { freshNamespace, useRedisFleet } from './redis-fleet';

const root = fileURLToPath(new URL('../..', import.meta.url));
const server = useRedisServer();
const fleet = useRedisFleet(server);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('leases of the Redis coordinator', () => {
  it('frees the slot of a process killed (SIGKILL) in a call within the lease, and counts its reservation as spent', async () => {
    const namespace = freshNamespace('killed');
    const leaseMs = 1500;
    const child = spawn(
      process.execPath,
      ['scripts/run-ts.mjs', 'test/coordinator/children/hold-slot.ts', server.url, namespace, String(leaseMs), '7'],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('admitted')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`the worker exited with ${code} before it was admitted`)));
      });
      const [other] = fleet.handles(1, { namespace, leaseMs });
      expect(await other!.readCredits()).toMatchObject({ reserved: 7, spent: 0 });
      // Alive, its lease is renewed past its first term.
      await sleep(leaseMs + 300);
      expect((await other!.readCredits()).reserved).toBe(7);
      const killedAt = Date.now();
      child.kill('SIGKILL');
      const admission = await other!.admit(request({ rate: 1 }));
      const waited = Date.now() - killedAt;
      expect(waited).toBeLessThan(leaseMs + 300);
      expect(await other!.readCredits()).toMatchObject({ reserved: 0, spent: 7 });
      await other!.settle(admission, undefined, Date.now());
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('counts a lapsed reservation as spent, and refunds it down to the cost when its process settles after all', async () => {
    const leaseMs = 300;
    const namespace = freshNamespace('lapse');
    const silent = fleet.client();
    const [a] = fleet.handles(1, { namespace, leaseMs, redis: silent });
    const [b] = fleet.handles(1, { namespace, leaseMs });
    const admission = await a!.admit(request({ rate: 1, envelope: 5, budget: { maxCredits: 100 } }));
    expect((await b!.readCredits()).reserved).toBe(5);
    // The process loses Redis: no renewal reaches it.
    silent.disconnect();
    const lostAt = Date.now();
    const next = await b!.admit(request({ rate: 1 }));
    const waited = Date.now() - lostAt;
    expect(waited).toBeGreaterThanOrEqual(leaseMs - 150);
    expect(waited).toBeLessThan(leaseMs + 400);
    expect(await b!.readCredits()).toMatchObject({ reserved: 0, spent: 5 });
    // The lapsed envelope holds against the budget.
    await expect(b!.admit(request({ envelope: 96, budget: { maxCredits: 100 } }))).rejects.toMatchObject({
      limit: 'maxCredits',
      available: 95,
    });
    await (silent as unknown as { connect(): Promise<void> }).connect();
    expect(await a!.settle(admission, metered(2), Date.now())).toBe(true);
    expect(await b!.readCredits()).toMatchObject({ reserved: 0, spent: 2, meteredCalls: 1 });
    await b!.settle(next, undefined, Date.now());
  });

  it("renews a slow call's slot and reservation for as long as it runs", async () => {
    const leaseMs = 300;
    const [a, b] = fleet.handles(2, { leaseMs });
    const admission = await a!.admit(request({ rate: 1, envelope: 4 }));
    const waiting = b!.admit(request({ rate: 1 }));
    await sleep(4 * leaseMs);
    expect((await b!.readCredits()).reserved).toBe(4);
    const settledAt = Date.now();
    await a!.settle(admission, metered(4), settledAt);
    const next = await waiting;
    expect(Date.now() - settledAt).toBeGreaterThanOrEqual(998);
    expect(await b!.readCredits()).toMatchObject({ reserved: 0, spent: 4 });
    await b!.settle(next, undefined, Date.now());
  });

  it('lets each waiting call ask once to join the line, then wait to be told: none of 40 polls', async () => {
    const [a, b] = fleet.handles(2);
    // a's first paced call loads its scripts and subscribes to the notices; its hold then ends.
    await a!.settle(await a!.admit(request({ rate: 1 })), undefined, Date.now());
    await sleep(1100);
    const holder = await b!.admit(request({ rate: 1 }));
    const before = a!.roundTrips;
    const controller = new AbortController();
    const waiting = Array.from({ length: 40 }, () => a!.admit(request({ rate: 1, signal: controller.signal })).catch((e: unknown) => e));
    await sleep(1500);
    // 40 first steps; the first in line is told to ask in three windows unless told sooner: no
    // question follows in 1.5 s, where 40 polling callers would ask every window each.
    expect(a!.roundTrips - before).toBe(40);
    controller.abort();
    for (const error of await Promise.all(waiting)) expect(error).toMatchObject({ name: 'AbortError' });
    await b!.settle(holder, undefined, Date.now());
  });
});
