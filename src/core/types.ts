/**
 * The types every part of the SDK shares: route input and output, options, metadata, hooks and the
 * client context (the account's state and its coordinator are in `coordination.ts`). A leaf: it
 * imports nothing of `src/core` but that other leaf of types, so the modules that implement these
 * contracts never import each other in a circle (as ky keeps its types apart).
 */
import type * as z from 'zod/mini';
import type { ResponseHeaders } from '../schemas/headers';
import type { KeyRotationSuccess } from '../schemas/keys';
import type { RouteDef } from '../schemas/route';
import type { RouteId, Routes } from '../schemas/routes';
import type { BudgetOptions, Coordinator, CreditSnapshot, RotationStore } from './coordination';

export type {
  Admission,
  AdmitRequest,
  BudgetOptions,
  Coordinator,
  CreditSnapshot,
  CreditSource,
  KeyCoordination,
  PendingRotation,
  RateCoordination,
  RotationAnswer,
  RotationLock,
  RotationStore,
  WindowState,
} from './coordination';

// ---------------------------------------------------------------- route input and output

/** Typed path parameters of a route (decoded form: numbers, not strings). */
export type ParamsOf<Id extends RouteId> = z.output<Routes[Id]['params']>;

/** Typed query parameters of a route (decoded form: numbers and booleans). */
export type QueryOf<Id extends RouteId> = z.output<Routes[Id]['query']>;

/** The body a route takes (never, for a route without one). */
export type BodyOf<Id extends RouteId> = Routes[Id]['body'] extends z.ZodMiniType ? z.input<Routes[Id]['body']> : never;

/** The response schemas of a route's success statuses. */
export type SuccessSchemas<R extends RouteDef> = R['responses'][keyof R['responses']];

/** What a route answers on success (a union when it has several success statuses). */
export type ResponseOf<Id extends RouteId> = z.output<Extract<SuccessSchemas<Routes[Id]>, z.ZodMiniType>>;

/**
 * Request headers as options take them: a `null` value removes a header set at a lower level
 * (`defaultHeaders`, or the SDK's own version header).
 */
export type HeadersOption = Readonly<Record<string, string | null | undefined>>;

/** Options of one call; they override the client's. */
export interface RequestOptions {
  /** Aborts the call (and its retries and waits) with `AbortError`. */
  signal?: AbortSignal;
  /** Per-attempt timeout, ms. */
  timeout?: number;
  /** Deadline of the call across retries, ms. */
  totalTimeout?: number;
  maxRetries?: number;
  validate?: boolean;
  /** Further request headers of this call, over the client's `defaultHeaders` (never the key: use `apiKey`). */
  headers?: HeadersOption;
}

/** What a route is called with. */
export interface RouteInput<Id extends RouteId> {
  params?: ParamsOf<Id>;
  query?: QueryOf<Id>;
  body?: BodyOf<Id>;
  /** Headers the route itself needs (e.g. `Idempotency-Key` of a rotation); they win over every option. */
  headers?: Readonly<Record<string, string>>;
}

// ---------------------------------------------------------------- runtime

/** Waits `ms`; rejects with `AbortError` when `signal` aborts first. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** The time, in ms since the epoch. */
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

/** The SDK's own logger: filters by level and masks keys in every message and argument. */
export interface InternalLogger extends Logger {
  /** Where it writes, and from which level. */
  readonly target: Logger;
  readonly level: LogLevel;
  /** The exact strings masked besides the known key and token formats. */
  readonly secrets: Set<string>;
  /** Masks this exact secret from now on (the resolved API key). */
  addSecret(secret: string): void;
  /** Whether a level is logged (to skip building messages that would be dropped). */
  enabled(level: Exclude<LogLevel, 'off'>): boolean;
}

// ---------------------------------------------------------------- answers

/**
 * What the SDK knows about one answer: the headers of spec 8.3 (credits, rows, truncation, cursor,
 * cache, request id, origin), the status, and how many attempts the call took.
 */
export interface ResponseMeta extends ResponseHeaders {
  /** HTTP status of the answer. */
  status: number;
  /** Attempts the call took, 1 when it was not retried. */
  attempts: number;
}

/** A call's data with its metadata and the HTTP answer: what `.withMeta()` resolves to. */
export interface WithMeta<T> {
  data: T;
  meta: ResponseMeta;
  /** The HTTP answer as fetch returned it (its body already read: `.asResponse()` gives a readable copy). */
  response: Response;
}

/** An answer read in full, before its body is parsed: what every call resolves from. */
export interface RawAnswer {
  /** The answer as `fetch` returned it; its body is already read into `text`. */
  response: Response;
  /** The body. */
  text: string;
  meta: ResponseMeta;
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
  /** Send the key over plain `http://` to a non-loopback host. Default false. */
  allowInsecureHttp?: boolean;
  /** @internal Waits between retries and while pacing (tests drive time with it). */
  sleep?: Sleep;
  /** @internal The client's clock, in ms since the epoch: deadlines and pacing; service time is derived from it. */
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

/** Options with defaults applied and the environment read. */
export interface ResolvedOptions {
  baseUrl: string;
  timeout: number;
  totalTimeout: number;
  maxRetries: number;
  maxRetryAfter: number;
  fetch: Fetch | undefined;
  /** Lower-case names; the SDK's own headers first, then `defaultHeaders`. */
  headers: Readonly<Record<string, string>>;
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

// ---------------------------------------------------------------- the client context

/** One HTTP attempt, fully prepared. */
export interface OutgoingRequest {
  method: string;
  /** Absolute URL; never carries the key. */
  url: string;
  /** The bearer key, or undefined for a route without bearer auth. */
  apiKey: string | undefined;
  /** Every other request header, lower-case names. */
  headers: Readonly<Record<string, string>>;
  /** JSON body, for the routes that take one. */
  json?: unknown;
  /** Bounds this attempt, until the body is read. */
  timeoutMs: number;
  /** True when `timeoutMs` is the remaining total deadline rather than the per-attempt timeout. */
  deadlineBound: boolean;
  signal: AbortSignal | undefined;
}

/** An answer, read in full. */
export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The answer as fetch returned it (body read). */
  response: Response;
}

/** The HTTP layer: sends one attempt and reads the whole body. */
export interface Sender {
  send(req: OutgoingRequest): Promise<RawResponse>;
}

/** The service's clock as the client knows it from the `Date` of the answers it received. */
export interface ServiceTime {
  /** Learns from an answer's `Date` header (read when needed), received at `receivedAt` on the client's clock. */
  observe(headers: { get(name: string): string | null }, receivedAt: number): void;
  /** Whether an answer has told the service's time yet. */
  readonly known: boolean;
  /** The service's time now (the client's clock until an answer tells). */
  now(): number;
  /** An instant of the client's clock, on the service's clock. */
  toService(localMs: number): number;
}

/** The key a client calls with: one holder, shared by a client and the clients derived from it. */
export interface KeyHolder {
  source: ApiKeySource;
  /** The coordinator's rotation generation this holder's key was last checked against. */
  generation: number;
}

/** How a client switches to the key that replaced its own in a rotation made elsewhere. */
export interface KeyRecovery {
  /** Switches to the published replacement of `key`, if the coordinator has one: true when it did. */
  adopt(key: string): Promise<boolean>;
  /**
   * After the service refused `staleKey` (`401`): waits for a rotation in progress, resumes one left
   * pending by a process that died, and switches to the replacement. True when the client now has
   * another key, so the refused attempt can be sent again.
   */
  recover(staleKey: string, signal: AbortSignal | undefined): Promise<boolean>;
}

/** The rate a client's calls are paced at. */
export interface PaceSource {
  /** Something to wait for before the first call's admission (the first lookup of `'account'` pacing), or undefined. */
  ready(): Promise<void> | undefined;
  /** The rate now (read again while a call waits for its slot). */
  current(): number;
}

/** Everything a call needs from its client. */
export interface ClientContext {
  options: ResolvedOptions;
  key: KeyHolder;
  transport: Sender;
  /** Where the account's state lives: pacing, budget, credits, the plan's rate, rotations. */
  coordinator: Coordinator;
  /** The rate calls are paced at, or undefined when the client is not paced. */
  pace: PaceSource | undefined;
  clock: ServiceTime;
  /** Recovers from the `401` of a rotated key; absent where the key must stay as given (a rotation's own replay). */
  recoverKey?: KeyRecovery | undefined;
}
