/**
 * Reuse of answers (docs/caching.md): identical GETs in flight share one request and one charge,
 * and an answer younger than its `maxAge` is served again from the cache, without a request. What
 * every call needs is here (small: it is in the one-call bundle); the cache and its store are
 * loaded by the first call that caches (`answer-cache.ts`).
 */
import type { RouteDef } from '../schemas/route';
import { cacheDefaults } from '../schemas/routes';
import { refuse } from './input-checks';
import { buildMeta } from './meta';
import { abortable } from './runtime';
import type {
  AnswerCache,
  AnswerReuse,
  CallSpan,
  ClientContext,
  FetchedAnswer,
  Flight,
  RawAnswer,
  RequestOptions,
  ResponseMeta,
  ReuseState,
  StoredAnswer,
} from './types';

/** On the options of a call that is never reused: a page of a scan, a live scan or a poll. */
export const NOT_REUSED: unique symbol = Symbol('not reused');

/**
 * The options of a call that is never reused (a page of a scan, a live scan or a poll); a
 * `maxAge` or `cache` among them is refused when the call is made.
 *
 * @example
 * this.list(query, notReused(options)).withMeta();
 */
export const notReused = (options: RequestOptions | undefined): RequestOptions => ({ ...options, [NOT_REUSED]: true }) as RequestOptions;

/** Key sources remembered for cache keys; past this many they are numbered afresh. */
const MAX_SCOPES = 64;

/** How one call may be reused. */
export interface ReusePlan {
  /** The URL: identical calls (with the same key) have the same. */
  key: string;
  /** Serve from the cache when younger than this (ms); 0: do not look. */
  read: number;
  /** Keep the answer this long from its sending (ms); 0: do not keep. */
  keep: number;
  /** Share an identical call in flight. */
  share: boolean;
  route: RouteDef;
  path: string;
  query: string;
}

/**
 * The maxAge a client gives a route: its own `cache.maxAge`, else the route table's default
 * (`cacheDefaults`); 0 with `cache: false` or for a route that is not a data route.
 */
export function configuredMaxAge(state: ReuseState, routeId: string): number {
  if (state.maxAge === false) return 0;
  return state.maxAge[routeId] ?? (cacheDefaults as Readonly<Record<string, number>>)[routeId] ?? 0;
}

/**
 * How a call may be reused, or undefined when it is always sent: a non-GET, a live page, a page
 * of a scan or a poll, or neither coalescing nor caching on. `maxAge` or `cache` given where no
 * answer is ever cached is refused.
 */
export function planOf(
  ctx: ClientContext,
  route: RouteDef,
  query: Record<string, unknown> | undefined,
  options: RequestOptions,
  url: { full: string; path: string; query: string },
): ReusePlan | undefined {
  const state = ctx.reuse;
  const reusable = route.method === 'GET' && !(NOT_REUSED in options) && query?.['live'] !== true;
  const cacheable = reusable && route.metering !== undefined;
  if (!cacheable) {
    const name = options.maxAge !== undefined ? 'maxAge' : options.cache !== undefined ? 'cache' : undefined;
    if (name !== undefined)
      refuse(name, options[name], `left out: ${route.id} ${reusable ? 'is not a data route' : 'here is never cached'}`);
  }
  if (!reusable) return undefined;
  const configured = cacheable ? configuredMaxAge(state, route.id) : 0;
  const keep = options.cache === false ? configured : (options.maxAge ?? configured);
  const read = options.cache === false ? 0 : keep;
  const share = state.coalesce && options.coalesce !== false;
  if (!share && keep === 0) return undefined;
  return { key: url.full, read, keep, share, route, path: url.path, query: url.query };
}

/**
 * The key of a call's answer: a number for the key source it is sent with, and its URL. Calls
 * with another key never share an answer; a key function stands for one account, whose key it
 * gives as rotations replace it (it is not called for this: it is read on every attempt).
 */
function keyOfCall(ctx: ClientContext, plan: ReusePlan): string {
  return `${plan.route.auth.kind === 'bearer' ? scopeOf(ctx.reuse, ctx.key.source) : 0} ${plan.key}`;
}

/**
 * The reuse state of a new client: `cache` and `coalesce` as `checkCache` and the option checks left them.
 *
 * @example
 * const reuse = newReuseState(checkCache(undefined), true);
 */
export function newReuseState(cache: { maxAge: Record<string, number> | false; maxBytes: number }, coalesce: boolean): ReuseState {
  return {
    coalesce,
    maxAge: cache.maxAge,
    maxBytes: cache.maxBytes,
    inflight: new Map(),
    scopes: new Map(),
    cache: undefined,
    ready: undefined,
    generation: 0,
    counts: { hits: 0, misses: 0, shared: 0, creditsSaved: 0 },
  };
}

/** The last number given to a key source: numbers are never given twice, so a key never reads another's answers. */
let lastScope = 0;

/** A number standing for a key source (a key, or a key function), so that no cache key holds a key. */
function scopeOf(state: ReuseState, source: unknown): number {
  let scope = state.scopes.get(source);
  if (scope === undefined) {
    if (state.scopes.size >= MAX_SCOPES) state.scopes.clear();
    scope = ++lastScope;
    state.scopes.set(source, scope);
  }
  return scope;
}

/** The cache, loaded once; a cache that cannot load leaves calls uncached (said once in the log). */
export function cacheOf(ctx: ClientContext): Promise<AnswerCache | undefined> {
  const state = ctx.reuse;
  state.cache ??= import('./answer-cache').then(
    (m) => (state.ready = m.createAnswerCache(state.maxBytes, ctx.options.now)),
    (error: unknown) => {
      ctx.options.logger.warn(`the answer cache could not load; calls are sent uncached: ${String(error)}`);
      return undefined;
    },
  );
  return state.cache;
}

/**
 * Serves a reusable call: from the cache when it holds a fresh answer, else from an identical call
 * in flight, else by `send` (whose answer the others may share and the cache may keep).
 */
export async function reuseOrSend(
  ctx: ClientContext,
  plan: ReusePlan,
  send: () => Promise<FetchedAnswer>,
  span: CallSpan | undefined,
  signal: AbortSignal | undefined,
): Promise<RawAnswer> {
  const state = ctx.reuse;
  const now = ctx.options.now;
  const key = keyOfCall(ctx, plan);
  for (;;) {
    if (plan.read > 0) {
      const hit = await (await cacheOf(ctx))?.lookup(key, plan.read, now());
      if (hit !== undefined) return reused(ctx, span, 'hit', hit.cost, hit.sentAt, new StoredView(hit));
    }
    const flight = plan.share ? state.inflight.get(key) : undefined;
    if (flight === undefined) break;
    let answer: FetchedAnswer;
    try {
      answer = await abortable(flight.answer, signal);
    } catch (error) {
      // The call that sent it gave up (its own signal): this one sends, or shares the next.
      if (flight.signal?.aborted && !signal?.aborted) continue;
      throw error;
    }
    return reused(ctx, span, 'shared', answer.cost, answer.sentAt, new FetchedView(answer));
  }
  state.counts.misses += 1;
  span?.reused('miss');
  const flight: Flight = { answer: send(), signal, generation: state.generation };
  if (plan.share) state.inflight.set(key, flight);
  try {
    const answer = await flight.answer;
    // An answer whose request was sent before a `clear()` is not kept.
    if (plan.keep > 0 && flight.generation === state.generation) {
      await (await cacheOf(ctx))?.keep(key, answer, plan, plan.keep);
    }
    return answer;
  } finally {
    if (state.inflight.get(key) === flight) state.inflight.delete(key);
  }
}

/** A reused answer: counted, told to the span and the ledger, its meta saying so with a charge of 0. */
function reused(
  ctx: ClientContext,
  span: CallSpan | undefined,
  kind: AnswerReuse['kind'],
  cost: number | undefined,
  sentAt: number,
  view: AnswerView,
): RawAnswer {
  const { counts } = ctx.reuse;
  const ageMs = ctx.options.now() - sentAt;
  if (kind === 'hit') counts.hits += 1;
  else counts.shared += 1;
  if (cost !== undefined) {
    counts.creditsSaved += cost;
    ctx.coordinator.recordSaved?.(cost);
  }
  span?.reused(kind, ageMs);
  return new ReusedAnswer(view, kind, ageMs);
}

/** Where a reused answer comes from: the answer in flight, or one the cache kept. */
interface AnswerView {
  readonly text: string;
  meta(): ResponseMeta;
  response(): Response;
}

class FetchedView implements AnswerView {
  constructor(readonly answer: FetchedAnswer) {}
  get text(): string {
    return this.answer.text;
  }
  meta(): ResponseMeta {
    return this.answer.meta;
  }
  response(): Response {
    return this.answer.response;
  }
}

class StoredView implements AnswerView {
  constructor(readonly stored: StoredAnswer) {}
  get text(): string {
    return this.stored.text;
  }
  meta(): ResponseMeta {
    const { status, headers, sentAt } = this.stored;
    return buildMeta(new Headers(headers), status, 1, sentAt);
  }
  response(): Response {
    const { text, status, headers, url } = this.stored;
    const response = new Response(text, { status, headers });
    Object.defineProperty(response, 'url', { value: url });
    return response;
  }
}

/** The answer of a call served without a request: metadata and response made when first read. */
class ReusedAnswer implements RawAnswer {
  #meta: ResponseMeta | undefined;
  #response: Response | undefined;

  constructor(
    readonly view: AnswerView,
    readonly kind: AnswerReuse['kind'],
    readonly ageMs: number,
  ) {}

  get text(): string {
    return this.view.text;
  }

  get meta(): ResponseMeta {
    if (this.#meta === undefined) {
      const meta = this.view.meta();
      const reuse: AnswerReuse = { kind: this.kind, requestId: meta.requestId, ageMs: this.ageMs };
      this.#meta = { ...meta, credits: { ...meta.credits, cost: 0 }, reuse };
    }
    return this.#meta;
  }

  get response(): Response {
    this.#response ??= this.view.response();
    return this.#response;
  }
}
