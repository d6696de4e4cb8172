/**
 * `sports-odds-data/redis`: the account's state shared by a fleet's processes in Redis
 * (`redisCoordinator()`), over your `ioredis`/`iovalkey` client (never imported here).
 * @packageDocumentation
 */
export { redisCoordinator, RedisCoordinator, RATE_TTL_MS } from './coordinator';
export type { RedisCoordinatorOptions } from './options';
export type { RedisAnswersOptions } from './answer-options';
export type { RedisAnswers } from './answer-store';
export type { RedisScriptClient } from './script-runner';
export type { RedisSubscriber } from './wake';
export type { RedisKeys } from './rotation';
export { MAX_ROTATIONS } from './rotation';
export { MIN_SECRET_BYTES } from './key-encryption';
export { MIN_LEASE_MS } from './options';
