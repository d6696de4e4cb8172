import type { Coordinator, BudgetOptions } from './coordination';
import type { ApiKeySource, Fetch, Hooks, Logger, LogLevel, Now, Random, RateLimitOptions, Sleep, ClientOptions } from './options';
import type { RawAnswer, ResponseMeta } from './answer';
import type { RouteDef } from '../../schemas/route';
import type { AnswerCache, FetchedAnswer } from './cache';
import type { RequestOptions } from './call';

/** The SDK's own logger: filters by level and masks keys in every message and argument. */
export interface InternalLogger extends Logger {
  readonly target: Logger;
  readonly level: LogLevel;
  /** The exact strings masked besides the known key and token formats. */
  readonly secrets: Set<string>;
  /** Masks this exact secret from now on (the resolved API key). */
  addSecret(secret: string): void;
  /** Whether a level is logged (to skip building messages that would be dropped). */
  enabled(level: Exclude<LogLevel, 'off'>): boolean;
}

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

/** One HTTP attempt, fully prepared. */
export interface OutgoingRequest {
  method: string;
  /** Absolute URL; never carries the key. */
  url: string;
  /** The bearer key, or undefined for a route without bearer auth. */
  apiKey: string | undefined;
  headers: Readonly<Record<string, string>>;
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
  readonly known: boolean;
  /** The service's time now (the client's clock until an answer tells). */
  now(): number;
  toService(localMs: number): number;
}

/** The key a client calls with: one holder, shared by a client and the clients derived from it. */
export interface KeyHolder {
  source: ApiKeySource;
  /** The coordinator's rotation generation this holder's key was last checked against. */
  generation: number;
  /** The key whose rotation `onKeyRotated` last told of: told once, however many calls meet the rotation. */
  announced?: string | undefined;
}

/** How a client switches to the key that replaced its own in a rotation made elsewhere. */
export interface KeyRecovery {
  /** Switches to the published replacement of `key`, if the coordinator has one: true when it did. */
  adopt(key: string): Promise<boolean>;
  /** After a `401` of `staleKey`: waits for or resumes a rotation and switches to its replacement; true when the attempt can be resent. */
  recover(staleKey: string, signal: AbortSignal | undefined): Promise<boolean>;
}

/** The rate a client's calls are paced at. */
export interface PaceSource {
  /** Something to wait for before the first call's admission (the first lookup of `'account'` pacing), or undefined. */
  ready(): Promise<void> | undefined;
  /** The rate now (read again while a call waits for its slot). */
  current(): number;
}

/** What the request path tells a call's span (docs/observability.md): every method records and none throws. */
export interface CallSpan extends Sender {
  /** An attempt was admitted by the coordinator (budget reservation, pacing slot), waiting since `since` on the client's clock. */
  admitted(attempt: number, since: number, envelope: number | undefined): void;
  answered(meta: ResponseMeta): void;
  /** How a reusable call was served: from the cache (`hit`, with its age), an identical call in flight (`shared`), or sent (`miss`). */
  reused(kind: 'hit' | 'miss' | 'shared', ageMs?: number): void;
  retrying(error: Error, attempt: number, delayMs: number): void;
  end(error?: unknown): void;
}

/** Starts the span of a call: undefined when the span records nothing (no tracer provider registered, or sampled out). */
export type CallTracer = (route: RouteDef, ctx: ClientContext) => CallSpan | undefined;

/** Starts the span of a call, its tracer loaded by the first call. */
export type StartCallSpan = (route: RouteDef, ctx: ClientContext) => Promise<CallSpan | undefined>;

/** Everything a call needs from its client. */
export interface ClientContext {
  options: ResolvedOptions;
  key: KeyHolder;
  transport: Sender;
  coordinator: Coordinator;
  pace: PaceSource | undefined;
  clock: ServiceTime;
  /** Recovers from the `401` of a rotated key; absent where the key must stay as given (a rotation's own replay). */
  recoverKey?: KeyRecovery | undefined;
  trace?: StartCallSpan | undefined;
  reuse: ReuseState;
}

/** An identical call in flight, that others share. */
export interface Flight {
  readonly answer: Promise<FetchedAnswer>;
  /** The signal of the call that sends it: when it aborts, the others send their own. */
  readonly signal: AbortSignal | undefined;
  /** Bumped by `clear()`: a flight started before it is not kept. */
  readonly generation: number;
}

/** The reuse state of a client (shared with the clients `withOptions` makes). */
export interface ReuseState {
  readonly coalesce: boolean;
  /** The client's `cache.maxAge` by route id; false: `cache: false` (nothing cached unless a call says `maxAge`). */
  readonly maxAge: Readonly<Record<string, number>> | false;
  readonly maxBytes: number;
  readonly inflight: Map<string, Flight>;
  /** A number for each key source seen (a key, or a key function), so that a cache key never holds a key. */
  scopes?: Map<unknown, number>;
  cache?: Promise<AnswerCache | undefined> | undefined;
  /** The reuse of calls, once loaded (by the first call that may be reused); `loaded` is the same, read without waiting. */
  runner?: Promise<ReuseRunner | undefined> | undefined;
  loaded?: ReuseRunner | undefined;
  ready?: AnswerCache | undefined;
  generation: number;
  readonly counts: { hits: number; misses: number; shared: number; creditsSaved: number };
}

/** A call that may be reused, planned: its URL's parts, and how to send it (the request path's `OutgoingCall`). */
export interface ReusableCall {
  readonly route: RouteDef;
  /** A GET that is not a live page nor a page of a scan or poll. */
  readonly reusable: boolean;
  readonly query: Record<string, unknown> | undefined;
  readonly options: RequestOptions;
  readonly url: { readonly full: string; readonly path: string; readonly query: string };
  readonly span: CallSpan | undefined;
  /** Sends the call, with its retries. */
  send(): Promise<FetchedAnswer>;
  /**
   * The metadata of an answer the reuse kept. Given by the call, never imported by the reuse: the reuse loads on demand, and a
   * module it imports is initialized lazily in a one-file bundle (test/sdk/lazy-modules.test.ts).
   */
  metaOf(headers: Headers, status: number, sentAt: number): ResponseMeta;
}

/** Coalescing and the cache, loaded by the first call that may be reused (`reuse/runner.ts`). */
export interface ReuseRunner {
  /** Serves a call: from the cache, an identical call in flight, or `send` (refusing a maxAge where nothing is cached). */
  serve(ctx: ClientContext, call: ReusableCall): Promise<RawAnswer>;
  clear(ctx: ClientContext, route: RouteDef | undefined, input: { params?: unknown; query?: unknown }): void;
  /** The answers kept for the client and their bytes: in its memory, and in its fleet's store (as its last reply told). */
  size(ctx: ClientContext): { entries: number; bytes: number };
}
