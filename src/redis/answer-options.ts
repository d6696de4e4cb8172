import { SportsOddsError } from '../core/errors';
import { checkDuration, checkNumber, checkOptions } from '../core/options';
import type { RedisScriptClient } from './script-runner';

/**
 * The fleet's answer cache of a `redisCoordinator()` (docs/caching.md, "A fleet: answers shared in Redis"): on by default;
 * `answers: false` keeps every process's cache and coalescing to itself.
 */
export interface RedisAnswersOptions {
  /**
   * The Redis the answers live in: the coordinator's by default. A cache may have a Redis of its
   * own (one that may evict, unlike the coordinator's): losing it only costs requests.
   */
  redis?: RedisScriptClient | undefined;
  /** Most bytes of answers the namespace keeps in Redis (those expiring soonest go first). Default 64 MiB. */
  maxBytes?: number | undefined;
  /** Answers longer than this (characters) stay in the memory of the process that fetched them. Default 256 KiB. */
  maxAnswerBytes?: number | undefined;
  /**
   * The longest a process waits for an answer another process is fetching, in ms; then it sends its
   * own request. Also how long a claim outlives a process that died fetching. Default 5000 ms.
   */
  waitMs?: number | undefined;
  /** The longest wait for one Redis operation of the cache, in ms; past it the call is sent uncached. Default 250 ms. */
  timeoutMs?: number | undefined;
}

/** The answer cache's options with their defaults, checked. */
export interface ResolvedAnswers {
  redis: RedisScriptClient;
  maxBytes: number;
  maxAnswerBytes: number;
  waitMs: number;
  timeoutMs: number;
}

const MIB = 1024 * 1024;

const KNOWN = ['redis', 'maxBytes', 'maxAnswerBytes', 'waitMs', 'timeoutMs'] as const;

const DEFAULTS = { maxBytes: 64 * MIB, maxAnswerBytes: 256 * 1024, waitMs: 5000, timeoutMs: 250 } as const;

/**
 * Checks `answers` of `redisCoordinator()` and fills its defaults; undefined for `answers: false`.
 *
 * @example
 * resolveAnswers({ waitMs: 2000 }, redis)?.maxBytes; // 67108864
 */
export function resolveAnswers(answers: RedisAnswersOptions | false | undefined, redis: RedisScriptClient): ResolvedAnswers | undefined {
  if (answers === false) return undefined;
  if (answers !== undefined && (answers === null || typeof answers !== 'object'))
    throw new SportsOddsError(
      `redisCoordinator: answers must be false or an object ({ maxBytes, maxAnswerBytes, waitMs, timeoutMs, redis }), got ${typeof answers}`,
    );
  const given = answers === undefined ? {} : checkOptions<RedisAnswersOptions>('redisCoordinator: answers', answers, KNOWN);
  const own = given.redis;
  if (own !== undefined && (typeof own !== 'object' || own === null || typeof own.evalsha !== 'function' || typeof own.eval !== 'function'))
    throw new SportsOddsError(
      'redisCoordinator: answers.redis must be a Redis client with evalsha, eval and script (an ioredis or iovalkey client)',
    );
  const size = (name: 'maxBytes' | 'maxAnswerBytes'): number => {
    const value = given[name];
    return value === undefined ? DEFAULTS[name] : checkNumber(`redisCoordinator: answers.${name}`, value, { integer: true, unit: 'bytes' });
  };
  const wait = (name: 'waitMs' | 'timeoutMs'): number => {
    const value = given[name];
    return value === undefined ? DEFAULTS[name] : Math.ceil(checkDuration(`redisCoordinator: answers.${name}`, value));
  };
  return {
    redis: own ?? redis,
    maxBytes: size('maxBytes'),
    maxAnswerBytes: size('maxAnswerBytes'),
    waitMs: wait('waitMs'),
    timeoutMs: wait('timeoutMs'),
  };
}
