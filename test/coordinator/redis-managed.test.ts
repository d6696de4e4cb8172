import { describe, expect, it } from 'vitest';
import { useRedisServer } from '../helpers/redis-server';
import { coordinatorContract, metered, request } from './contract';
import { useRedisFleet } from './redis-fleet';

// A managed Redis as many providers run it: SCRIPT, EVALSHA and CONFIG refused (renamed away).
const server = useRedisServer({ conf: ['rename-command SCRIPT ""', 'rename-command EVALSHA ""', 'rename-command CONFIG ""'] });
const fleet = useRedisFleet(server);

describe('the coordinator contract, on a Redis that refuses SCRIPT, EVALSHA and CONFIG (every script sent with EVAL)', () => {
  coordinatorContract({ handles: async (n) => fleet.handles(n), windowMs: 1000 });
});

describe('a Redis coordinator on a managed Redis', () => {
  it('falls back to EVAL for good after the first refusal, and warns once that it could not check the eviction policy', async () => {
    const warnings: string[] = [];
    const [a] = fleet.handles(1, { onWarning: (m) => warnings.push(m) });
    await a!.settle(await a!.admit(request({ rate: 100, envelope: 2 })), metered(2), Date.now());
    const before = a!.roundTrips;
    await a!.settle(await a!.admit(request({ rate: 100, envelope: 2 })), metered(1), Date.now());
    // One command per operation: no SCRIPT LOAD nor EVALSHA tried again.
    expect(a!.roundTrips - before).toBe(2);
    expect(a!.credits()).toMatchObject({ spent: 3, reserved: 0 });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("could not read Redis's maxmemory-policy (CONFIG is refused");
  });
});
