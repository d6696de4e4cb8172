import { Redis as Valkey } from 'iovalkey';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { useRedisServer, valkeyServer } from '../helpers/redis-server';
import { coordinatorContract, metered, request } from './contract';
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
      await Promise.all(handles.map((c) => c.readCredits()));
      const inspector = fleet.inspector();
      const scripts = async () => {
        const info = await inspector.info('commandstats');
        return [...info.matchAll(/^cmdstat_(evalsha|eval):calls=(\d+)/gm)].reduce((n, m) => n + Number(m[2]), 0);
      };
      const before = await scripts();
      const order: number[] = [];
      await Promise.all(
        handles.map(async (c, i) => {
          for (let call = 0; call < 2; call += 1) {
            const admission = await c.admit(request({ rate: 2, envelope: 1 }));
            order.push(i);
            await c.settle(admission, metered(1), Date.now());
          }
        }),
      );
      expect(((await scripts()) - before) / 32).toBeLessThanOrEqual(4);
      expect(new Set(order.slice(0, 16)).size).toBe(16);
      expect((await handles[0]!.readCredits()).spent).toBe(32);
    });
  });
});
