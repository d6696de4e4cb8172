import { Redis as Valkey } from 'iovalkey';
import { describe } from 'vitest';
import { useRedisServer } from '../helpers/redis-server';
import { coordinatorContract } from './contract';
import { useRedisFleet, type ClientClass } from './redis-fleet';

const server = useRedisServer();

describe('the coordinator contract, in Redis (one redisCoordinator per handle, each on its own ioredis connection)', () => {
  const fleet = useRedisFleet(server);
  coordinatorContract({ handles: async (n) => fleet.handles(n), windowMs: 1000 });
});

describe('the coordinator contract, in Redis through iovalkey', () => {
  const fleet = useRedisFleet(server, Valkey as unknown as ClientClass);
  coordinatorContract({ handles: async (n) => fleet.handles(n), windowMs: 1000 });
});
