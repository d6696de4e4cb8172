import type { Input } from 'ky';
import { SportsOddsError } from './errors/base';
import type { Hooks } from './hooks';
import { createLogger, isLogLevel, type InternalLogger, type Logger, type LogLevel } from './logger';
import type { CreditSnapshot } from './budget';
import type { ResponseMeta } from './meta';
import type { OnKeyRotated, RotationStore } from './rotation';
import { realSleep, type Now, type Random, type Sleep } from './runtime';

/** An API key, or a function returning the current one (so a rotated key applies without a new client). */
export type ApiKeySource = string | (() => string | Promise<string>);

/** A `fetch`-compatible function. */
export type Fetch = (input: Input, init?: RequestInit) => Promise<Response>;

/**
 * A local credit budget: calls whose reservation envelope does not fit are refused with
 * `BudgetExceededError` before anything is sent.
 */
export interface BudgetOptions {
  /** Most credits this client may spend (including calls in flight). */
  maxCredits?: number;
  /** Keep at least this many credits of the UTC-daily guard (as last reported by the service). */
  dailyFloor?: number;
  /** Keep at least this many credits of the plan-period allowance. */
  periodFloor?: number;
}

/** Client-side pacing, so bursts queue instead of drawing `429 rate_limited`. */
export interface RateLimitOptions {
  /**
   * The plan's requests per second (trial 2, starter 5, pro 20), or `'account'` to read it once from
   * `GET /v1/account` (needs a key with `account:manage`; without one the client is not paced).
   */
  requestsPerSecond: number | 'account';
}

/** Options of `new SportsOdds(...)`. Durations are in milliseconds. */
export interface ClientOptions {
  /** The API key; default `SPORTS_ODDS_API_KEY` from the environment, where one exists. */
  apiKey?: ApiKeySource;
  /** The service's base URL; default `SPORTS_ODDS_BASE_URL` from the environment. */
  baseUrl?: string;
  /** Per-attempt timeout (until the body is read). Default 30,000. */
  timeout?: number;
  /** Deadline of a whole call across its retries. Default 120,000. */
  totalTimeout?: number;
  /** Retries after the first attempt, on 429/500/502/503, dropped connections and timeouts. Default 3. */
  maxRetries?: number;
  /** Longest `Retry-After` the SDK sleeps through; a longer one throws at once. Default 60,000. */
  maxRetryAfter?: number;
  /** A custom `fetch`. Default `globalThis.fetch`. */
  fetch?: Fetch;
  /** Validate answers against the schemas. Default true; false returns the parsed JSON as is. */
  validate?: boolean;
  /** Where to log. Default `console`. Keys are always masked. */
  logger?: Logger;
  /** Default `SPORTS_ODDS_LOG` from the environment, else `warn`. */
  logLevel?: LogLevel;
  /** Observers of requests, answers and retries. */
  hooks?: Hooks;
  /** Called after every metered answer with the updated ledger. */
  onCredits?: (credits: CreditSnapshot, meta: ResponseMeta) => void;
  /** Local credit budget. */
  budget?: BudgetOptions;
  /** Client-side pacing. */
  rateLimit?: RateLimitOptions;
  /**
   * Where `odds.keys.rotate()` keeps a rotation between saving its nonce (before sending) and its
   * confirmed end. Default: in memory. `FileRotationStore` from `sports-odds-data/node` lets a
   * restarted process resume a rotation (the record holds the old key: keep it private).
   */
  rotationStore?: RotationStore;
  /**
   * Called once a rotation is confirmed, with the new key, before the pending record is cleared:
   * persist the key here (a key function's source, a vault). If it throws, `rotate()` rejects and
   * the rotation stays pending, so a later `rotate()` replays the same answer.
   */
  onKeyRotated?: OnKeyRotated;
  /** Send the key over plain `http://` to a non-loopback host. Default false. */
  allowInsecureHttp?: boolean;
  /** @internal Waits between retries and while pacing (tests drive time with it). */
  sleep?: Sleep;
  /** @internal The client's clock, in ms since the epoch: cursor age, deadlines, pacing. */
  now?: Now;
  /** @internal Randomness of the backoff jitter. */
  random?: Random;
}

/** Options with defaults applied and the environment read. */
export interface ResolvedOptions {
  apiKey: ApiKeySource;
  baseUrl: string;
  timeout: number;
  totalTimeout: number;
  maxRetries: number;
  maxRetryAfter: number;
  fetch: Fetch | undefined;
  validate: boolean;
  logger: InternalLogger;
  hooks: Hooks;
  onCredits: ClientOptions['onCredits'];
  budget: BudgetOptions;
  rateLimit: RateLimitOptions | undefined;
  sleep: Sleep;
  now: Now;
  random: Random;
}

/** Default values of the options. */
export const DEFAULTS = {
  timeout: 30_000,
  totalTimeout: 120_000,
  maxRetries: 3,
  maxRetryAfter: 60_000,
} as const;

/** The environment of runtimes that have one (Node, Bun, Deno with compat), without importing Node. */
function readEnv(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

const isLoopback = (hostname: string): boolean =>
  hostname === 'localhost' ||
  hostname.endsWith('.localhost') ||
  hostname === '[::1]' ||
  /^127(?:\.\d{1,3}){3}$/.test(hostname);

/**
 * Checks the base URL: absolute http(s), and no key over plain http to a non-loopback host.
 *
 * @example
 * checkBaseUrl('http://127.0.0.1:8080', false); // 'http://127.0.0.1:8080'
 */
export function checkBaseUrl(baseUrl: string, allowInsecureHttp: boolean): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new SportsOddsError(`baseUrl must be an absolute URL, got ${JSON.stringify(baseUrl)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new SportsOddsError(`baseUrl must use https:, got ${url.protocol}`);
  }
  if (url.protocol === 'http:' && !allowInsecureHttp && !isLoopback(url.hostname)) {
    throw new SportsOddsError(
      `refusing to send the API key over plain http:// to ${url.hostname}; use https://, a loopback host, or allowInsecureHttp: true`,
    );
  }
  if (url.search || url.hash) throw new SportsOddsError('baseUrl must not carry a query or fragment');
  return url.href.replace(/\/+$/, '');
}

const positive = (name: string, value: number | undefined, fallback: number, allowZero = false): number => {
  const v = value ?? fallback;
  if (!Number.isFinite(v) || v < 0 || (!allowZero && v === 0)) {
    throw new SportsOddsError(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} number, got ${String(value)}`);
  }
  return v;
};

/**
 * Applies defaults and the environment; throws a clear error when the key or base URL is missing.
 *
 * @example
 * const resolved = resolveOptions({ apiKey: 'svc_live_...', baseUrl: 'https://api.example.com' });
 */
export function resolveOptions(options: ClientOptions): ResolvedOptions {
  const apiKey = options.apiKey ?? readEnv('SPORTS_ODDS_API_KEY');
  if (apiKey === undefined || apiKey === '') {
    throw new SportsOddsError(
      'no API key: pass new SportsOdds({ apiKey }) or set the SPORTS_ODDS_API_KEY environment variable',
    );
  }
  const baseUrl = options.baseUrl ?? readEnv('SPORTS_ODDS_BASE_URL');
  if (baseUrl === undefined || baseUrl === '') {
    throw new SportsOddsError(
      'no base URL: pass new SportsOdds({ baseUrl }) or set the SPORTS_ODDS_BASE_URL environment variable',
    );
  }
  const envLevel = readEnv('SPORTS_ODDS_LOG');
  const level = options.logLevel ?? (isLogLevel(envLevel) ? envLevel : 'warn');
  const logger = createLogger(options.logger ?? console, level);
  if (typeof apiKey === 'string') logger.addSecret(apiKey);
  const maxRetries = positive('maxRetries', options.maxRetries, DEFAULTS.maxRetries, true);
  if (!Number.isInteger(maxRetries)) throw new SportsOddsError('maxRetries must be an integer');
  const rps = options.rateLimit?.requestsPerSecond;
  if (rps !== undefined && rps !== 'account') positive('rateLimit.requestsPerSecond', rps, 1);
  return {
    apiKey,
    baseUrl: checkBaseUrl(baseUrl, options.allowInsecureHttp ?? false),
    timeout: positive('timeout', options.timeout, DEFAULTS.timeout),
    totalTimeout: positive('totalTimeout', options.totalTimeout, DEFAULTS.totalTimeout),
    maxRetries,
    maxRetryAfter: positive('maxRetryAfter', options.maxRetryAfter, DEFAULTS.maxRetryAfter, true),
    fetch: options.fetch,
    validate: options.validate ?? true,
    logger,
    hooks: options.hooks ?? {},
    onCredits: options.onCredits,
    budget: options.budget ?? {},
    rateLimit: options.rateLimit,
    sleep: options.sleep ?? realSleep,
    now: options.now ?? Date.now,
    random: options.random ?? Math.random,
  };
}
