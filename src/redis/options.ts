import { SportsOddsError } from '../core/errors';
import { checkNumber, checkOptions, MAX_TIMER_MS } from '../core/options';
import { optionNames } from '../schemas/refusal-words';
import { resolveAnswers, type RedisAnswersOptions, type ResolvedAnswers } from './answer-options';
import { NAME_PATTERN } from './layout';
import type { RedisScriptClient } from './script-runner';
import { MIN_SECRET_BYTES } from './key-encryption';

/** Options of `redisCoordinator()`. */
export interface RedisCoordinatorOptions {
  /** The Redis client (`ioredis` `Redis`/`Cluster`, or `iovalkey`), one per process; never connected nor closed here. */
  redis: RedisScriptClient;
  /** The account's name in Redis, the same in every process of one account. Letters, digits, `.`, `_`, `-`; at most 64. */
  namespace: string;
  /** Seals the keys stored for rotation: 32+ bytes, the same fleet-wide, kept like a key; without it `keys.rotate()` is refused. */
  secret?: string | Uint8Array | undefined;
  /** Prefix of every key: `<prefix>:{<namespace>}:...`. Default `sod`. */
  prefix?: string | undefined;
  /** Longest wait for any one Redis operation before the call fails with `CoordinatorError`. Default 1000 ms. */
  timeoutMs?: number | undefined;
  /**
   * How long a process's slots, reservations and rotation lock outlive its last renewal (a dead
   * process frees them within this; a lapsed reservation counts as spent). At least 250 ms. Default 10 000 ms.
   */
  leaseMs?: number | undefined;
  /**
   * How long a lapsed reservation stays refundable by its call's late settlement or release (tried
   * again that long). Default 30 days. No key expires: the spend stays until `clear()`.
   */
  retentionMs?: number | undefined;
  /** How often a process waiting for the rotation lock asks again. Default 100 ms. */
  lockPollMs?: number | undefined;
  /** Where the coordinator's warnings go (an `allkeys-*` eviction policy that may evict its keys). Default `console.warn`. */
  onWarning?: ((message: string) => void) | undefined;
  /**
   * The fleet's answer cache (docs/caching.md, "A fleet: answers shared in Redis"): the cache and the coalescing of data
   * routes shared by every process of the namespace, in Redis. On by default; `false`: each
   * process keeps its own.
   */
  answers?: RedisAnswersOptions | false | undefined;
  /** @internal How long a slot stays held after its answer (the service's one-second window). Default 1000 ms. */
  windowMs?: number | undefined;
}

/** The options with their defaults, checked. */
export interface ResolvedOptions {
  redis: RedisScriptClient;
  namespace: string;
  prefix: string;
  secret: Uint8Array<ArrayBuffer> | undefined;
  timeoutMs: number;
  leaseMs: number;
  retentionMs: number;
  lockPollMs: number;
  windowMs: number;
  onWarning: (message: string) => void;
  /** The fleet's answer cache, or undefined with `answers: false`. */
  answers: ResolvedAnswers | undefined;
}

/** The names of `RedisCoordinatorOptions`. */
const REDIS_OPTIONS = optionNames<RedisCoordinatorOptions>()([
  'redis',
  'namespace',
  'secret',
  'prefix',
  'timeoutMs',
  'leaseMs',
  'retentionMs',
  'lockPollMs',
  'onWarning',
  'answers',
  'windowMs',
]);

const DAY_MS = 86_400_000;

/** The shortest lease: a live call's slot must not lapse between renewals, or the service sees more than the rate. */
export const MIN_LEASE_MS = 250;

/** Defaults of the durations. */
const DEFAULTS = {
  prefix: 'sod',
  timeoutMs: 1000,
  leaseMs: 10_000,
  retentionMs: 30 * DAY_MS,
  lockPollMs: 100,
  windowMs: 1000,
} as const;

const fail = (message: string): never => {
  throw new SportsOddsError(`redisCoordinator: ${message}`);
};

function duration(name: string, value: number | undefined, fallback: number, timer = true): number {
  if (value === undefined) return fallback;
  // A wait (timeout, lease renewal, poll) is one timer: at most its limit; the retention is a score in Redis only.
  checkNumber(`redisCoordinator: ${name}`, value, { unit: 'ms', ...(timer ? { max: MAX_TIMER_MS } : {}) });
  // Redis takes whole milliseconds (PX, PEXPIRE).
  return Math.ceil(value);
}

function warningSink(onWarning: ((message: string) => void) | undefined): (message: string) => void {
  if (onWarning === undefined) return (message) => console.warn(message);
  if (typeof onWarning !== 'function') fail('onWarning must be a function of the warning message');
  return onWarning;
}

function secretBytes(secret: string | Uint8Array | undefined): Uint8Array<ArrayBuffer> | undefined {
  if (secret === undefined) return undefined;
  let bytes: Uint8Array<ArrayBuffer> | undefined;
  if (typeof secret === 'string') bytes = new TextEncoder().encode(secret);
  else if (secret instanceof Uint8Array) bytes = new Uint8Array(secret);
  if (bytes === undefined || bytes.length < MIN_SECRET_BYTES) {
    fail(`secret must be a string or bytes of at least ${MIN_SECRET_BYTES} bytes (e.g. \`openssl rand -base64 32\`)`);
  }
  return bytes;
}

/**
 * Checks the options (a `SportsOddsError` for a bad one, never quoting the secret) and fills the defaults.
 *
 * @example
 * resolveOptions({ redis, namespace: 'acct-1' }).leaseMs; // 10000
 */
export function resolveOptions(options: RedisCoordinatorOptions): ResolvedOptions {
  if (options === null || typeof options !== 'object') return fail('pass { redis, namespace }');
  checkOptions('redisCoordinator()', options, REDIS_OPTIONS);
  const { redis, namespace, prefix = DEFAULTS.prefix } = options;
  const client = redis as Partial<Record<keyof RedisScriptClient, unknown>> | null | undefined;
  if (
    client === null ||
    typeof client !== 'object' ||
    typeof client.evalsha !== 'function' ||
    typeof client.eval !== 'function' ||
    typeof client.script !== 'function'
  ) {
    fail('redis must be a Redis client with evalsha, eval and script (an ioredis or iovalkey client)');
  }
  if (typeof namespace !== 'string' || namespace === '') fail('namespace must be a non-empty string (one per account)');
  if (!NAME_PATTERN.test(namespace))
    fail('namespace may hold only letters, digits, ".", "_" and "-" (at most 64, starting with a letter or digit)');
  if (typeof prefix !== 'string' || !NAME_PATTERN.test(prefix))
    fail('prefix may hold only letters, digits, ".", "_" and "-" (at most 64, starting with a letter or digit)');
  const leaseMs = duration('leaseMs', options.leaseMs, DEFAULTS.leaseMs);
  if (leaseMs < MIN_LEASE_MS)
    fail(
      `leaseMs must be at least ${MIN_LEASE_MS} ms (renewed every third of it, a shorter lease lapses under live calls), got ${leaseMs}`,
    );
  return {
    redis,
    namespace,
    prefix,
    secret: secretBytes(options.secret),
    timeoutMs: duration('timeoutMs', options.timeoutMs, DEFAULTS.timeoutMs),
    leaseMs,
    retentionMs: duration('retentionMs', options.retentionMs, DEFAULTS.retentionMs, false),
    lockPollMs: duration('lockPollMs', options.lockPollMs, DEFAULTS.lockPollMs),
    windowMs: duration('windowMs', options.windowMs, DEFAULTS.windowMs),
    onWarning: warningSink(options.onWarning),
    answers: resolveAnswers(options.answers, redis),
  };
}
