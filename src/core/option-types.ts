/**
 * The options a user gives: the client's (`new SportsOdds(...)`, `withOptions()`), its hooks, its
 * logger, its clock and waits, and the rotation's callback.
 */
import type { KeyRotationSuccess } from '../schemas/keys';
import type { ResponseMeta } from './answer-types';
import type { HeadersOption } from './call-types';
import type { BudgetOptions, Coordinator, CreditSnapshot, RotationStore } from './coordination';
import type { TracingOptions } from './tracing-types';
import type { CacheOptions } from './cache-types';

// ---------------------------------------------------------------- runtime

/** Waits `ms`; rejects with `AbortError` when `signal` aborts first (the client's `sleep` option). */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** The time, in ms since the epoch (the client's `now` option). */
export type Now = () => number;

/** A number in [0, 1), as `Math.random`. */
export type Random = () => number;

// ---------------------------------------------------------------- logging

/** Log levels, most verbose first; `off` logs nothing. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'off';

/** Where the SDK logs: `console` fits, as does any pino/winston-style logger. */
export interface Logger {
  debug(message: string, ...args: unknown[]): void;
  info(message: string, ...args: unknown[]): void;
  warn(message: string, ...args: unknown[]): void;
  error(message: string, ...args: unknown[]): void;
}

// ---------------------------------------------------------------- hooks

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
  beforeRequest?: Array<(info: RequestInfo) => void | Promise<void>>;
  afterResponse?: Array<(info: ResponseInfo) => void | Promise<void>>;
  beforeRetry?: Array<(info: RetryInfo) => void | Promise<void>>;
}

// ---------------------------------------------------------------- key rotation

/** What `onKeyRotated` learns besides the rotation's answer. */
export interface KeyRotatedInfo {
  /** True when this finished a rotation found pending in the store (e.g. after a crash). */
  resumed: boolean;
  /**
   * True when the client now calls with the new key: its `apiKey` string was the old key, or its
   * `apiKey` function is now read through a mapping of the revoked old key to the new one.
   */
  clientUpdated: boolean;
  /**
   * True when another client of the coordinator (another process of the fleet) made the rotation,
   * and this client switched to its key.
   */
  adopted: boolean;
}

/** Called once a rotation is confirmed, before the pending record is cleared. */
export type OnKeyRotated = (rotation: KeyRotationSuccess, info: KeyRotatedInfo) => void | Promise<void>;

/** Options of `odds.keys.rotate()`. */
export interface RotateOptions {
  /** Stops the replays (the rotation stays pending in the store; `rotate()` later resumes it). */
  signal?: AbortSignal;
  /** Per-attempt timeout, ms (default: the client's). */
  timeout?: number;
}

// ---------------------------------------------------------------- options

/** An API key, or a function returning the current one (so a rotated key applies without a new client). */
export type ApiKeySource = string | (() => string | Promise<string>);

/** A `fetch`-compatible function. */
export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Client-side pacing, so bursts queue instead of drawing `429 rate_limited`. */
export interface RateLimitOptions {
  /**
   * The plan's requests per second (trial 2, starter 5, pro 20), or `'account'` to learn it: from
   * the coordinator when another client shared it, else from `GET /v1/account` (a key with
   * `account:manage`), retried when it fails. Until the rate is known (and for good when the key
   * cannot read the account and no client shares it), calls are paced at the lowest plan's rate
   * (`LOWEST_PLAN_RPS`, 2 per second), never unpaced.
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
  /** Retries after the first attempt, on 429/500/502/503, dropped connections and timeouts: a non-negative integer, or `Infinity` to retry until `totalTimeout`. Default 3. */
  maxRetries?: number;
  /** Longest `Retry-After` the SDK sleeps through; a longer one throws at once. Default 60,000. */
  maxRetryAfter?: number;
  /**
   * A custom `fetch`. Default `globalThis.fetch` (read on every call, so interceptors installed
   * later apply). It is called as `fetch(request, { signal })`: the signal aborts when the attempt
   * times out or the call's `signal` aborts (an attempt ends on time even where it is ignored).
   */
  fetch?: Fetch;
  /** Headers sent with every call (a per-call `headers` option wins); never the key: use `apiKey`. */
  defaultHeaders?: HeadersOption;
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
   * Where the account's state lives: pacing slots, the budget's reservations and spend, the last
   * known credit windows, the plan's rate, and the rotation's lock and key. Default: this client's
   * own memory. Share one `memoryCoordinator()` between clients of a process, or a
   * `redisCoordinator()` (`sports-odds-data/redis`) between the processes of a fleet, so the limits
   * hold for the account, not for each client.
   */
  coordinator?: Coordinator;
  /**
   * The freshness cache (docs/caching.md): an answer younger than its route's `maxAge` is served
   * again without a request or a charge. Default: the route table's `cacheDefaults` (the
   * cache-eligible routes for the service's own window, about an hour; the others not at all);
   * `false`: nothing cached unless a call gives `maxAge`.
   */
  cache?: false | CacheOptions;
  /** Identical GETs in flight at once share one request and one charge (docs/caching.md). Default true. */
  coalesce?: boolean;
  /**
   * Where `odds.keys.rotate()` keeps a rotation between saving its nonce (before sending) and its
   * confirmed end. Default: the coordinator's (in memory, or sealed in a shared store). `FileRotationStore` from `sports-odds-data/node` lets a
   * restarted process resume a rotation (the record holds the old key: keep it private).
   */
  rotationStore?: RotationStore;
  /**
   * Called once a rotation is confirmed, with the new key, before the pending record is cleared:
   * persist the key here (a key function's source, a vault). If it throws, `rotate()` rejects and
   * the rotation stays pending, so a later `rotate()` replays the same answer.
   */
  onKeyRotated?: OnKeyRotated;
  /**
   * OpenTelemetry: each call a client span with its credits, retries and waits
   * (docs/observability.md). Default: the global tracer provider, when `@opentelemetry/api` is
   * installed and the runtime can load it; `{ tracerProvider }` or `{ tracer }` to choose;
   * `false`: off, nothing loaded.
   */
  tracing?: false | TracingOptions;
  /** Send the key over plain `http://` to a non-loopback host. Default false. */
  allowInsecureHttp?: boolean;
  /**
   * How the client waits: between retries (`Retry-After`, backoff), while pacing, and between
   * polls. Default: a timer. It resolves after `ms`; where it waits for real, it should reject when
   * `signal` aborts (with an `AbortError`), so a call ends on abort. A test gives its mock's clock
   * here, so waits cost no real time:
   * `sleep: async (ms) => mock.clock.advance(ms)`.
   */
  sleep?: Sleep;
  /**
   * The client's clock, in ms since the epoch: deadlines (`totalTimeout`), pacing slots and the
   * budget's stale windows; the service's clock is derived from it and the answers' `Date`.
   * Default `Date.now`. A test gives its mock's clock: `now: () => mock.clock.now()`.
   */
  now?: Now;
  /** @internal Randomness of the backoff jitter. */
  random?: Random;
}

/**
 * What `odds.withOptions()` may change: how calls are made and observed. The derived client shares
 * its parent's key (and its rotations), credit ledger and budget, pacer and service clock.
 */
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
