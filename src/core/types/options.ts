/** The options a user gives: the client's, its hooks, logger, clock and waits, and the rotation's callback. */
import type { KeyRotationSuccess } from '../../schemas/keys';
import type { ResponseMeta } from './answer';
import type { HeadersOption } from './call';
import type { BudgetOptions, Coordinator, CreditSnapshot, RotationStore } from './coordination';
import type { TracingOptions } from './tracing';
import type { CacheOptions } from './cache';

/** Waits `ms`; rejects with `AbortError` when `signal` aborts first (the client's `sleep` option). */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** The time, in ms since the epoch (the client's `now` option). */
export type Now = () => number;

/** A number in [0, 1), as `Math.random`. */
export type Random = () => number;

/** Log levels, most verbose first; `off` logs nothing. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'off';

/** Where the SDK logs: `console` fits, as does any pino/winston-style logger. */
export interface Logger {
  debug(message: string, ...args: unknown[]): void;
  info(message: string, ...args: unknown[]): void;
  warn(message: string, ...args: unknown[]): void;
  error(message: string, ...args: unknown[]): void;
}

/** The request about to be sent (never its headers: the key stays out of hooks). */
export interface RequestInfo {
  /** Route id from the route table, e.g. `events.odds`. */
  routeId: string;
  method: string;
  url: string;
  /** 1 for the first attempt. */
  attempt: number;
}

/** An answer that arrived (any status). */
export interface ResponseInfo extends RequestInfo {
  status: number;
  meta: ResponseMeta;
  /** From sending to the body read, in ms of the client's clock. */
  durationMs: number;
}

/** A retry about to wait. */
export interface RetryInfo {
  routeId: string;
  /** The attempt that failed. */
  attempt: number;
  /** How long the SDK waits before the next attempt. */
  delayMs: number;
  /** Why: always a `SportsOddsError` (an `APIError` for an answer, a `ConnectionError` without one). */
  error: Error;
}

/**
 * Observers of every call, as arrays (like ky's hooks). A hook that throws fails the call.
 *
 * @example
 * new SportsOdds({ hooks: { afterResponse: [({ routeId, meta }) => metrics.add(routeId, meta.credits.cost ?? 0)] } });
 */
export interface Hooks {
  beforeRequest?: Array<(info: RequestInfo) => void | Promise<void>> | undefined;
  afterResponse?: Array<(info: ResponseInfo) => void | Promise<void>> | undefined;
  beforeRetry?: Array<(info: RetryInfo) => void | Promise<void>> | undefined;
}

/** What `onKeyRotated` learns besides the rotation's answer. */
export interface KeyRotatedInfo {
  /** True when this finished a rotation found pending in the store (e.g. after a crash). */
  resumed: boolean;
  /** True when the client now calls with the new key (its `apiKey` string was the old key, or its key function is mapped). */
  clientUpdated: boolean;
  /** True when another client of the coordinator made the rotation and this client switched to its key. */
  adopted: boolean;
}

/** Called once a rotation is confirmed, before the pending record is cleared. */
export type OnKeyRotated = (rotation: KeyRotationSuccess, info: KeyRotatedInfo) => void | Promise<void>;

/** Options of `odds.keys.rotate()`. */
export interface RotateOptions {
  /** Stops the replays (the rotation stays pending in the store; `rotate()` later resumes it). */
  signal?: AbortSignal | undefined;
  /** Per-attempt timeout, ms (default: the client's). */
  timeout?: number | undefined;
}

/** An API key, or a function returning the current one (so a rotated key applies without a new client). */
export type ApiKeySource = string | (() => string | Promise<string>);

/** A `fetch`-compatible function. */
export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Client-side pacing, so bursts queue instead of drawing `429 rate_limited`. */
export interface RateLimitOptions {
  /**
   * The plan's requests per second (trial 2, starter 5, pro 20), or `'account'` to learn it (coordinator, else
   * `GET /v1/account`); until known, or if never, calls are paced at `LOWEST_PLAN_RPS` (2/s), never unpaced.
   */
  requestsPerSecond: number | 'account';
}

/** Options of `new SportsOdds(...)`. Durations are in milliseconds. */
export interface ClientOptions {
  /** The API key; default `SPORTS_ODDS_API_KEY` from the environment, where one exists. */
  apiKey?: ApiKeySource | undefined;
  /** The service's base URL; default `SPORTS_ODDS_BASE_URL` from the environment. */
  baseUrl?: string | undefined;
  /** Per-attempt timeout (until the body is read). Default 30,000. */
  timeout?: number | undefined;
  /** Deadline of a whole call across its retries. Default 120,000. */
  totalTimeout?: number | undefined;
  /** Retries after the first attempt, on 429/500/502/503, dropped connections and timeouts: a non-negative integer, or `Infinity` to retry until `totalTimeout`. Default 3. */
  maxRetries?: number | undefined;
  /** Longest `Retry-After` the SDK sleeps through; a longer one throws at once. Default 60,000. */
  maxRetryAfter?: number | undefined;
  /** A custom `fetch`, called as `fetch(request, { signal })`. Default `globalThis.fetch`, read on every call so later interceptors apply. */
  fetch?: Fetch | undefined;
  /** Headers sent with every call (a per-call `headers` option wins); never the key: use `apiKey`. */
  defaultHeaders?: HeadersOption | undefined;
  /** Validate answers against the schemas. Default true; false returns the parsed JSON as is. */
  validate?: boolean | undefined;
  /** Where to log. Default `console`. Keys are always masked. */
  logger?: Logger | undefined;
  /** Default `SPORTS_ODDS_LOG` from the environment, else `warn`. */
  logLevel?: LogLevel | undefined;
  hooks?: Hooks | undefined;
  /** Called after every metered answer with the updated ledger. */
  onCredits?: ((credits: CreditSnapshot, meta: ResponseMeta) => void) | undefined;
  budget?: BudgetOptions | undefined;
  rateLimit?: RateLimitOptions | undefined;
  /** Where the account's state lives (pacing, budget, credits, plan rate, rotation). Default: this client's memory; share one so limits hold per account. */
  coordinator?: Coordinator | undefined;
  /** The freshness cache (docs/caching.md). Default: by the route table, a cache-eligible route's answers for the service's hour and no other; `false`: nothing cached unless a call gives `maxAge`. */
  cache?: false | CacheOptions | undefined;
  /** Identical GETs in flight at once share one request and one charge (docs/caching.md). Default true. */
  coalesce?: boolean | undefined;
  /** Where `odds.keys.rotate()` keeps a pending rotation. Default: the coordinator's; `FileRotationStore` survives a restart (it holds the old key: keep it private). */
  rotationStore?: RotationStore | undefined;
  /** Called with the new key once a rotation is confirmed, before the record is cleared: persist it here; if it throws, the rotation stays pending. */
  onKeyRotated?: OnKeyRotated | undefined;
  /** OpenTelemetry spans per call (docs/observability.md). Default: the global tracer provider when `@opentelemetry/api` loads; `false`: off. */
  tracing?: false | TracingOptions | undefined;
  /** Send the key over plain `http://` to a non-loopback host. Default false. */
  allowInsecureHttp?: boolean | undefined;
  /**
   * How the client waits (retries, pacing, polls). Default: a timer; it should reject with `AbortError` when `signal` aborts.
   * A test gives its mock's clock: `sleep: async (ms) => mock.clock.advance(ms)`.
   */
  sleep?: Sleep | undefined;
  /** The client's clock, ms since the epoch (deadlines, pacing, stale windows). Default `Date.now`; a test gives `() => mock.clock.now()`. */
  now?: Now | undefined;
  /** @internal Randomness of the backoff jitter. */
  random?: Random | undefined;
}

/** What `odds.withOptions()` may change; the derived client shares its parent's key, ledger, budget, pacer and service clock. */
export type ClientOverrides = Pick<
  ClientOptions,
  | 'timeout'
  | 'totalTimeout'
  | 'maxRetries'
  | 'maxRetryAfter'
  | 'fetch'
  | 'defaultHeaders'
  | 'validate'
  | 'logger'
  | 'logLevel'
  | 'hooks'
  | 'onCredits'
>;
