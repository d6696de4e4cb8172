import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import { RedisCoordinator } from '../../src/redis';
import { startRedisCluster, startRedisSentinel, type RedisTopology, type TopologyClient } from '../helpers/redis-topologies';
import { coordinatorContract } from './contract';
import { freshNamespace, SECRET } from './redis-fleet';

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
      return Array.from({ length: n }, () => {
        const client = (topology as RedisTopology).connect();
        client.on('error', () => undefined);
        clients.push(client);
        return new RedisCoordinator({ redis: client, namespace, secret: SECRET, onWarning: () => undefined });
      });
    },
  });
}

describe('the coordinator contract on a 3-master Redis Cluster (ioredis Cluster)', () => {
  contractOn(startRedisCluster);
});

describe('the coordinator contract behind Sentinel (a primary, a replica, 3 sentinels)', () => {
  contractOn(startRedisSentinel);
});
