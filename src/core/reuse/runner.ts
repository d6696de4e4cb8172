/** Reuse of answers (docs/caching.md), loaded on demand: identical GETs in flight share one request and charge; fresh answers are served from the cache. */
import type { RouteDef } from '../../schemas/route';
import { defaultMaxAge } from '../../schemas/cache-defaults';
import { selectionOf } from './selection';
import { FleetAnswer, fromFleet } from './fleet';
import { turnAfterHits } from './event-loop-turn';
import { refuse } from '../options/input-checks';
import { abortable } from '../runtime';
import type {
  AnswerCache,
  AnswerReuse,
  CallSpan,
  ClientContext,
  FetchedAnswer,
  Flight,
  RawAnswer,
  ResponseMeta,
  ReusableCall,
  ReuseRunner,
  ReuseState,
  StoredAnswer,
} from '../types';

/** Key sources remembered for cache keys; past this many they are numbered afresh. */
const MAX_SCOPES = 64;

/** How one call may be reused. */
interface ReusePlan {
  key: string;
  /** Serve from the cache when younger than this (ms); 0: do not look. */
  read: number;
  /** Keep the answer this long from its sending (ms); 0: do not keep. */
  keep: number;
  share: boolean;
  route: RouteDef;
  path: string;
  query: string;
}

/** The maxAge of a data route: the client's `cache.maxAge`, else the route table's default; 0 with `cache: false`. */
function configuredMaxAge(state: ReuseState, route: RouteDef): number {
  if (state.maxAge === false) return 0;
  return state.maxAge[route.id] ?? defaultMaxAge(route);
}

/** How a call may be reused, or undefined when always sent; `maxAge`/`cache` given where nothing is ever cached is refused. */
function planOf(ctx: ClientContext, { route, reusable, options, url }: ReusableCall): ReusePlan | undefined {
  const state = ctx.reuse;
  const cacheable = reusable && route.metering !== undefined;
  if (!cacheable) {
    const name = options.maxAge !== undefined ? 'maxAge' : options.cache !== undefined ? 'cache' : undefined;
    if (name !== undefined)
      refuse(name, options[name], `left out: ${route.id} ${reusable ? 'is not a data route' : 'here is never cached'}`);
  }
  if (!reusable) return undefined;
  const configured = cacheable ? configuredMaxAge(state, route) : 0;
  const keep = options.cache === false ? configured : (options.maxAge ?? configured);
  const read = options.cache === false ? 0 : keep;
  const share = state.coalesce && options.coalesce !== false;
  if (!share && keep === 0) return undefined;
  return { key: url.full, read, keep, share, route, path: url.path, query: url.query };
}

/** A call's cache key: a number for its key source, and its URL (a key function stands for one account across rotations). */
function keyOfCall(ctx: ClientContext, plan: ReusePlan): string {
  return `${plan.route.auth.kind === 'bearer' ? scopeOf(ctx.reuse, ctx.key.source) : 0} ${plan.key}`;
}

/** The last number given to a key source: numbers are never given twice, so a key never reads another's answers. */
let lastScope = 0;

/** A number standing for a key source (a key, or a key function), so that no cache key holds a key. */
function scopeOf(state: ReuseState, source: unknown): number {
  const scopes = (state.scopes ??= new Map());
  let scope = scopes.get(source);
  if (scope === undefined) {
    if (scopes.size >= MAX_SCOPES) scopes.clear();
    scope = ++lastScope;
    scopes.set(source, scope);
  }
  return scope;
}

/** The cache, loaded once; a cache that cannot load leaves calls uncached (said once in the log). */
function cacheOf(ctx: ClientContext): Promise<AnswerCache | undefined> {
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

/** Serves a call: from a fresh cached answer, else an identical call in flight, else `send` (shared and kept). */
async function serve(ctx: ClientContext, call: ReusableCall): Promise<RawAnswer> {
  const plan = planOf(ctx, call);
  if (plan === undefined) return call.send();
  const { span } = call;
  const signal = call.options.signal;
  const state = ctx.reuse;
  const now = ctx.options.now;
  const key = keyOfCall(ctx, plan);
  // The fleet's answers: a data route's, when the coordinator shares a store (docs/caching.md, "A fleet: answers shared in Redis").
  const fleet = plan.route.metering === undefined ? undefined : ctx.coordinator.answers;
  for (;;) {
    if (plan.read > 0 && fleet === undefined) {
      const hit = await (await cacheOf(ctx))?.lookup(key, plan.read, now());
      if (hit !== undefined) {
        // A loop of hits would never let the event loop turn: one in HITS_PER_TURN waits for it.
        await turnAfterHits();
        return reused(ctx, span, 'hit', hit.cost, hit.sentAt, new StoredView(hit, call.metaOf));
      }
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
  const flight: Flight = {
    answer:
      fleet === undefined
        ? missed(ctx, call)
        : cacheOf(ctx).then((memory) => fromFleet(state, call, { ...plan, url: plan.key }, fleet, memory, key, now)),
    signal,
    generation: state.generation,
  };
  if (plan.share) state.inflight.set(key, flight);
  try {
    const answer = await flight.answer;
    if (answer instanceof FleetAnswer) return reused(ctx, span, answer.kind, answer.cost, answer.sentAt, new FetchedView(answer));
    // An answer whose request was sent before a `clear()` is not kept.
    if (fleet === undefined && plan.keep > 0 && flight.generation === state.generation) {
      await (await cacheOf(ctx))?.keep(key, answer, plan, plan.keep);
    }
    return answer;
  } finally {
    if (state.inflight.get(key) === flight) state.inflight.delete(key);
  }
}

/** A call sent: counted as a miss. */
function missed(ctx: ClientContext, call: ReusableCall): Promise<FetchedAnswer> {
  ctx.reuse.counts.misses += 1;
  call.span?.reused('miss');
  return call.send();
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
  readonly status: number;
  meta(): ResponseMeta;
  response(): Response;
}

class FetchedView implements AnswerView {
  constructor(readonly answer: FetchedAnswer) {}
  get text(): string {
    return this.answer.text;
  }
  get status(): number {
    return this.answer.status ?? this.answer.response.status;
  }
  meta(): ResponseMeta {
    return this.answer.meta;
  }
  response(): Response {
    return this.answer.response;
  }
}

class StoredView implements AnswerView {
  constructor(
    readonly stored: StoredAnswer,
    readonly metaOf: ReusableCall['metaOf'],
  ) {}
  get text(): string {
    return this.stored.text;
  }
  get status(): number {
    return this.stored.status;
  }
  meta(): ResponseMeta {
    const { status, headers, sentAt } = this.stored;
    return this.metaOf(new Headers(headers), status, sentAt);
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

  /** Read by the parser: a reused answer's `Response` is made only when asked for. */
  get status(): number {
    return this.view.status;
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

/** `odds.cache.clear()`: drops the answers it names; calls in flight are not shared past it, nor kept. */
function clear(ctx: ClientContext, route: RouteDef | undefined, input: { params?: unknown; query?: unknown }): void {
  const state = ctx.reuse;
  const { routeId, path, query } = selectionOf(route, input);
  const match =
    routeId === undefined
      ? () => true
      : (answer: StoredAnswer) =>
          answer.routeId === routeId && (path === undefined || answer.path === path) && (query === undefined || answer.query === query);
  state.generation += 1;
  state.inflight.clear();
  void state.cache?.then((cache) => cache?.clear(match));
}

/** The answers kept in memory and in the fleet's store. */
function size(ctx: ClientContext): { entries: number; bytes: number } {
  const here = ctx.reuse.ready?.size() ?? { entries: 0, bytes: 0 };
  const fleet = ctx.coordinator.answers?.size() ?? { entries: 0, bytes: 0 };
  return { entries: here.entries + fleet.entries, bytes: here.bytes + fleet.bytes };
}

export const runner: ReuseRunner = { serve, clear, size };
