import { Redis as Valkey } from 'iovalkey';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { useRedisServer, valkeyServer } from '../helpers/redis-server';
import { coordinatorContract } from './contract';
import { lineOf } from './line';
import { freshNamespace, useRedisFleet, type ClientClass } from './redis-fleet';

// Debian's valkey-server 8 (scripts/ensure-valkey-server.mjs), started like the tests' redis-server.
const server = useRedisServer({ server: valkeyServer() });

describe('the coordinator on a Valkey server', () => {
  it('is a Valkey', async () => {
    const redis = new Redis(server.url);
    try {
      expect(await redis.info('server')).toMatch(/^valkey_version:\d+/m);
    } finally {
      redis.disconnect();
    }
  });

  describe('the coordinator contract, through ioredis', () => {
    const fleet = useRedisFleet(server);
    coordinatorContract({ handles: async (n) => fleet.handles(n), windowMs: 1000 });
  });

  describe('the coordinator contract, through iovalkey', () => {
    const fleet = useRedisFleet(server, Valkey as unknown as ClientClass);
    coordinatorContract({ handles: async (n) => fleet.handles(n), windowMs: 1000 });
  });

  describe('waiting, with its notices', () => {
    const fleet = useRedisFleet(server, Valkey as unknown as ClientClass);
    it('serves 16 processes in turn at at most 4 scripts a call, and counts every credit', async () => {
      const handles = fleet.handles(16, { namespace: freshNamespace('valkey-line'), windowMs: 100 });
      const { perCall, order } = await lineOf(handles, fleet.inspector());
      expect(perCall).toBeLessThanOrEqual(4);
      expect(new Set(order.slice(0, 16)).size).toBe(16);
      expect((await handles[0]!.readCredits()).spent).toBe(32);
    });
  });
});
