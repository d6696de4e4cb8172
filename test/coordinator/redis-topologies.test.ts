import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import { RedisCoordinator } from '../../src/redis';
import { startRedisCluster, startRedisSentinel, type RedisTopology, type TopologyClient } from '../helpers/redis-topologies';
import { coordinatorContract } from './contract';
import { freshNamespace, SECRET } from './redis-fleet';

/** Resolves once a client is ready (a cluster client has read its slots, a Sentinel client found its primary). */
const ready = (client: TopologyClient) =>
  client.status === 'ready' ? Promise.resolve() : new Promise<void>((resolve) => client.once('ready', () => resolve()));

/** The contract on a topology started before the file's tests: one coordinator per handle, each on its own client. */
function contractOn(start: () => Promise<RedisTopology>): void {
  let topology: RedisTopology | undefined;
  const clients: TopologyClient[] = [];
  beforeAll(async () => {
    topology = await start();
  }, 30_000);
  afterAll(async () => {
    await topology?.close();
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });
  coordinatorContract({
    windowMs: 1000,
    handles: async (n) => {
      const namespace = freshNamespace('topology');
      const made = Array.from({ length: n }, () => {
        const client = (topology as RedisTopology).connect();
        client.on('error', () => undefined);
        clients.push(client);
        return client;
      });
      // The contract is about what a coordinator does with Redis, not how long a cluster client takes to learn its
      // slots: each handle starts once its client is ready (on a loaded machine that can take over a second).
      await Promise.all(made.map(ready));
      return made.map((client) => new RedisCoordinator({ redis: client, namespace, secret: SECRET, onWarning: () => undefined }));
    },
  });
}

describe('the coordinator contract on a 3-master Redis Cluster (ioredis Cluster)', () => {
  contractOn(startRedisCluster);
});

describe('the coordinator contract behind Sentinel (a primary, a replica, 3 sentinels)', () => {
  contractOn(startRedisSentinel);
});
