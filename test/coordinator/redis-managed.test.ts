import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import type { SharedPlace } from '../../src/core/types/shared-answers';
import { resolveAnswers } from '../../src/redis/answer-options';
import { RedisAnswers } from '../../src/redis/answer-store';
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

describe("the fleet's answers on a managed Redis", () => {
  it('serve a kept answer to another process, each operation after the first refusal one EVAL (no SCRIPT LOAD nor EVALSHA tried again)', async () => {
    const clients = [new Redis(server.url), new Redis(server.url)];
    try {
      const namespace = `managed-answers-${process.pid}`;
      const [writer, reader] = clients.map((redis) => new RedisAnswers(resolveAnswers({}, redis)!, 'sod', namespace, () => undefined));
      const p: SharedPlace = { url: 'http://127.0.0.1:9/v1/events/1/odds', routeId: 'events.odds', path: '/v1/events/1/odds', query: '' };
      expect((await writer!.lookup(p, 60_000, true, Date.now)).kind).toBe('fetch');
      const stored = {
        ...p,
        status: 200,
        headers: [['x-request-id', 'req_1']] as [string, string][],
        text: '{"data":[]}',
        sentAt: Date.now(),
        cost: 3,
      };
      await writer!.keep(p, stored, 60_000, undefined, Date.now);
      expect((await reader!.lookup(p, 60_000, false, Date.now)).kind).toBe('hit');
      const before = reader!.roundTrips;
      expect((await reader!.lookup(p, 60_000, false, Date.now)).kind).toBe('hit');
      expect(reader!.roundTrips - before).toBe(1);
    } finally {
      for (const c of clients) c.disconnect();
    }
  });
});
