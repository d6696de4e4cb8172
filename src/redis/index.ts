/**
 * `sports-odds-data/redis`: the account's state shared by every process of a fleet, in Redis
 * (`redisCoordinator()`), over your `ioredis` or `iovalkey` client (an optional peer dependency:
 * this entry never imports it). The `Coordinator` types and `CoordinatorError` come from
 * `sports-odds-data`.
 * @packageDocumentation
 */
export { redisCoordinator, RedisCoordinator, RATE_TTL_MS } from './coordinator';
export type { RedisCoordinatorOptions } from './options';
export type { RedisScriptClient } from './runner';
export type { RedisKeys } from './rotation';
export { MAX_ROTATIONS } from './rotation';
export { MIN_SECRET_BYTES } from './seal';
export { MIN_LEASE_MS } from './options';
