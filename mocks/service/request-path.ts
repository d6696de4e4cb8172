import { HEADER, type RouteDef } from '../../src/schemas';
import type { DataResult, ServiceContext } from './contract';
import { droppedAnswer, type ServiceAnswer, type ServiceRequest } from './http-messages';
import { fromFetchRequest, toFetchResponse } from './fetch-adapter';
import { admitRate } from './pipeline/rate-limit';
import { revokedKey } from './bearer';
import { authorize, hashBearer, resolveCaller } from './pipeline/authenticate';
import { MAX_BODY_BYTES } from './request-body';
import { costOf, failureCost } from './pipeline/charge';
import { delay, dropsAfterCommit, faultAfterWork, faultBeforeWork } from './pipeline/faults';
import { requireJson } from './pipeline/input';
import { checkUrlLength, lookupRoute, parseUrl } from './pipeline/lookup';
import { markNoStore } from './pipeline/no-store';
import { validateOutput } from './pipeline/output';
import {
  accepted,
  admitted,
  answered,
  armed,
  authenticated,
  charged,
  committed,
  overridden,
  receive,
  routed,
  type Admitted,
  type DataArmed,
  type OperationArmed,
  type Received,
  type Routed,
} from './pipeline/context';
import { recordActivity, recordHealth } from './pipeline/record';
import { newRequestId } from './pipeline/request-id';
import { reserveEnvelope } from './pipeline/reserve';
import { ServiceRefusal } from './service-refusal';
import { asServiceRefusal, errorAnswer, jsonAnswer, setCreditHeaders } from './pipeline/respond';
import type { Override } from './state/overrides';
import type { CachedResult } from './state/response-cache';
import { overrideData, overrideOperation } from './use/run';

/**
 * The one request path of the mock service (docs/service.md,
 * "Order of checks"): URL length -> route lookup -> authenticate (a revoked key only for the exact
 * replay of its rotation, decided before any window is touched) -> rate window (valid keys only) ->
 * scope and status -> path, query and headers -> content type -> body, read bounded -> body ->
 * reserve -> an armed fault -> handler (or a test's override, `mock.use`; or a cached answer) ->
 * settle -> validate output -> headers -> records. One context carries the request through it
 * (`pipeline/context.ts`): each step takes the stage before it and returns the next.
 *
 * @example
 * const answer = await serveRequest(fromFetchRequest(request), service);
 */
export async function serveRequest(request: ServiceRequest, live: ServiceContext): Promise<ServiceAnswer> {
  const service = pinned(live);
  const ctx = receive(request, service, newRequestId(service.state.random));
  try {
    if (!settled.has(service.ready)) {
      await service.ready;
      settled.add(service.ready);
    }
    const admitting = admit(ctx);
    const admission = admitting instanceof Promise ? await admitting : admitting;
    // A refusal before any work (the rate window's 429 above all) is returned, not thrown: no unwinding on the busiest refusal.
    if (admission instanceof ServiceRefusal) return refuse(admission, ctx);
    const answer = await serve(admission);
    // A connection dropped before any work never reached the service; one dropped after commit did.
    if (!answer.dropped || ctx.committedStatus !== undefined) {
      const done = answered(ctx, ctx.committedStatus ?? answer.status, undefined, answer.dropped ? undefined : answer.headers);
      recordHealth(done);
      recordActivity(done);
    }
    return answer;
  } catch (thrown) {
    return refuse(asServiceRefusal(thrown), ctx);
  }
}

/** The error envelope of a refusal or failure, with the credit headers of what it was charged, recorded. */
function refuse(error: ServiceRefusal, ctx: Received): ServiceAnswer {
  const { headers, caller } = ctx;
  if (ctx.charged > 0 && caller) {
    setCreditHeaders(headers, caller.account, ctx.charged, ctx.service.clock.now());
    headers.set(HEADER.resultRows, '0');
  }
  const answer = errorAnswer(error, headers, ctx.requestId);
  const done = answered(ctx, error.status, error.code, answer.headers);
  // A broken override is the test's bug, not an answer of the service: no account's request health shows it.
  if (error.code !== 'fixture_invalid') recordHealth(done);
  recordActivity(done);
  return answer;
}

/** The service pinned to the state of the request's arrival: a reset mid-request never splits it across two states. */
function pinned(service: ServiceContext): ServiceContext {
  const last = pins.get(service);
  if (last !== undefined && last.state === service.state && last.ready === service.ready) return last;
  const pin = Object.create(service, { state: { value: service.state }, ready: { value: service.ready } }) as ServiceContext;
  pins.set(service, pin);
  return pin;
}

/** The pinned view of each service for its current state: made again only after a reset. */
const pins = new WeakMap<ServiceContext, ServiceContext>();
/** Readiness promises already awaited once: a request needs no turn of the event loop for them again. */
const settled = new WeakSet<Promise<void>>();

/** The same path for a Fetch `Request` (MSW handlers, `mock.fetch`, a service worker). */
export async function handleRequest(request: Request, service: ServiceContext): Promise<Response> {
  return toFetchResponse(await serveRequest(fromFetchRequest(request), service));
}

/** The steps before any work, synchronous where key hashing is; refusals are thrown, except the rate window's (returned). */
function admit(ctx: Received): Admitted | ServiceRefusal | Promise<Admitted | ServiceRefusal> {
  const { request, service } = ctx;
  checkUrlLength(request.url);
  const url = parseUrl(request.url);
  const { basePath } = service.options;
  const mounted = basePath !== '';
  const path = mounted && url.pathname.startsWith(`${basePath}/`) ? url.pathname.slice(basePath.length) : url.pathname;
  const route = routed(ctx, lookupRoute(request.method, path, service), url);
  if (route.route.auth.kind !== 'bearer') return checked(route);
  const hash = hashBearer(route.bearer);
  // The only awaits before the reservation of a data route: hashing the key where it is async (data routes take no body).
  if (typeof hash === 'object') return hash.then((digest) => authenticate(route, digest));
  return authenticate(route, hash);
}

function authenticate(ctx: Routed, digest: string | undefined): Admitted | ServiceRefusal | Promise<Admitted> {
  const { handler } = ctx.match;
  const caller = resolveCaller(ctx, digest);
  if (caller.key.status !== 'active') {
    // A revoked key reaches no window: only the exact replay of its committed rotation is answered.
    if (handler.kind !== 'operation' || handler.isReplay === undefined) throw revokedKey();
    return handler.isReplay(caller.key, ctx.request, ctx.service).then((replay) => {
      if (!replay) throw revokedKey();
      authenticated(ctx, caller);
      return checked(ctx);
    });
  }
  authenticated(ctx, caller);
  // Every request with a valid key counts against the account's second (docs/service.md, "Rate limit"), even one refused for its scope.
  // While the clock is frozen, the window counts real seconds (docs/service.md, "Rate limit").
  const overRate = admitRate(caller, ctx.service.rateNow());
  if (overRate) return overRate;
  return checked(ctx);
}

/** Scope and status, then the content type: the last checks before the body is read. */
function checked(ctx: Routed): Admitted {
  if (ctx.caller) authorize(ctx.route, ctx.caller);
  requireJson(ctx.route, ctx.request.headers);
  return admitted(ctx);
}

async function serve(ctx: Admitted): Promise<ServiceAnswer> {
  const { request, service, route, match } = ctx;
  // Authentication comes first: nobody makes the service buffer a body it then refuses (at most 64 KiB).
  const bodyText = route.body === null ? undefined : await request.readBody(MAX_BODY_BYTES);
  const call = match.handler.accept({
    routes: service.routes,
    rawParams: match.rawParams,
    url: ctx.url,
    headers: request.headers,
    bodyText,
  });
  const decoded = accepted(ctx, call);
  if (decoded.kind === 'data' && decoded.call.prevalidate !== undefined) await decoded.call.prevalidate(service);

  // Reservation, then the fault step: a request refused before it leaves the route's armed faults untouched.
  const work =
    decoded.kind === 'data'
      ? armed(decoded, reserveEnvelope(decoded), service.state.faults.take(route.id))
      : armed(decoded, undefined, service.state.faults.take(route.id));
  const { fault } = work;
  const before = faultBeforeWork(fault);
  if (before) {
    // Its latency and gate come first, the envelope reserved meanwhile, as for a fault that acts later.
    await delay(fault);
    if (work.kind === 'data') settle(work, 0);
    if (before === 'dropped') return droppedAnswer();
    throw before;
  }
  const answer = work.kind === 'data' ? await serveData(work) : await serveOperation(work);
  if (!dropsAfterCommit(fault)) return answer;
  committed(work, answer.status);
  return droppedAnswer();
}

/**
 * A data answer's store: the route's cache (`X-Cache`), or the stable answers and the answers of one clock reading
 * (see `readingStore`). The key carries an added event's revision, so an answer for an earlier event under the same id
 * is never served.
 */
function cacheOf({ route, call: { input }, metering, service }: DataArmed) {
  const key = `${route.id}${service.data.added.revisionTag(input.params)}?${JSON.stringify([input.params, input.query])}`;
  return metering.cacheable ? { key, store: service.state.cache, visible: true } : { key, store: readingStore(service), visible: false };
}

/**
 * The invisible stores of a data route: a stable answer (for any later instant), else one of this exact clock reading
 * computed from the same added events (the list of them is a new array after any add, removal or restore).
 */
function readingStore(service: ServiceContext): ReadingStore {
  const { state, data } = service;
  const known = readingStores.get(state);
  if (known !== undefined && known.data === data) return known;
  const store: ReadingStore = {
    data,
    get: (key, now) => state.stable.get(key, now) ?? state.readings.get(key, now, data.added.list()),
    set(key, entry, now, fresh) {
      if (fresh.stable === true) state.stable.set(key, entry, now);
      else if (fresh.holdsAt !== undefined) state.readings.set(key, entry, fresh.holdsAt, data.added.list());
    },
  };
  readingStores.set(state, store);
  return store;
}

interface ReadingStore {
  /** The dataset it reads the added events of (a state's store is made again if the mock's dataset changes). */
  readonly data: ServiceContext['data'];
  get(key: string, now: number): CachedResult | undefined;
  set(key: string, entry: CachedResult, now: number, fresh: DataResult): void;
}

/** Each state's reading store, made once (not per request: this is the data path of every uncached answer). */
const readingStores = new WeakMap<object, ReadingStore>();

/** What a piece of work came to: its value, or what it threw (for an after-work fault to replace either). */
async function outcomeOf<T>(work: () => T | Promise<T>): Promise<{ value: T } | { error: unknown }> {
  try {
    return { value: await work() };
  } catch (error) {
    return { error };
  }
}

/** A data answer and where it came from: `HIT` from the visible cache, `MISS` kept there now, else none. */
interface SourcedAnswer {
  result: Pick<DataResult, 'rows' | 'truncated' | 'nextCursor' | 'verified'>;
  text: string;
  utf8?: Uint8Array | undefined;
  outcome: 'HIT' | 'MISS' | undefined;
}

/** A fresh result validated and serialized once, and kept where its route allows (a stable answer only once final). */
function keep(route: RouteDef, fresh: DataResult, cache: ReturnType<typeof cacheOf> | undefined, now: number): SourcedAnswer {
  const text = JSON.stringify(validateOutput(route, 200, fresh.body));
  if (!cache || !(cache.visible || fresh.stable === true || fresh.holdsAt !== undefined))
    return { result: fresh, text, outcome: undefined };
  // The visible cache's answers and those of one reading are served again and again: encoded once here, not at every write.
  const utf8 = cache.visible || fresh.holdsAt !== undefined ? UTF8.encode(text) : undefined;
  const entry: CachedResult = { text, utf8, rows: fresh.rows, truncated: fresh.truncated };
  cache.store.set(cache.key, entry, now, fresh);
  return { result: fresh, text, utf8, outcome: 'MISS' };
}

const UTF8 = new TextEncoder();

/** Settles a data request's reservation (once: a second settlement changes nothing) at `at`, by default the clock's now. */
function settle(ctx: DataArmed, cost: number, at = ctx.service.clock.now()): void {
  const { caller, route } = ctx;
  charged(ctx, cost);
  caller.account.meter.settle(ctx.reservation, { requestId: ctx.requestId, routeId: route.id, keyId: caller.key.id, cost, at });
}

async function serveData(ctx: DataArmed): Promise<ServiceAnswer> {
  const { route, service, headers, fault, caller } = ctx;
  const { input } = ctx.call;
  // An override answers in the handler's place: never from a cache, never kept in one.
  const override = service.state.overrides.take(route.id, input.params);
  overridden(ctx, override);
  const cache = override === undefined ? cacheOf(ctx) : undefined;
  // Injected latency (or a test's gate) holds the reservation in flight, whatever the answer's source.
  if (fault !== undefined) await delay(fault);
  let answer: SourcedAnswer;
  let now: number;
  try {
    const cached = cache?.store.get(cache.key, service.clock.now());
    // The work is only set up on a miss: a cache hit makes no closure for it.
    const done = cached ? { cached } : await outcomeOf(() => dataWork(ctx, override));
    now = service.clock.now();
    // An after-work fault replaces whatever the work came to; a fresh answer it replaced is not kept (docs/testing.md, "Faults").
    const late = faultAfterWork(fault);
    if (late) throw late;
    if ('error' in done) throw done.error;
    answer =
      'cached' in done
        ? { result: done.cached, text: done.cached.text, utf8: done.cached.utf8, outcome: 'HIT' }
        : keep(route, done.value, cache, now);
  } catch (error) {
    settle(ctx, failureCost(error));
    throw error;
  }
  const { result, text, utf8, outcome } = answer;
  const cost = costOf(result);
  settle(ctx, cost, now);
  setCreditHeaders(headers, caller.account, cost, now);
  headers.set(HEADER.resultRows, String(result.rows));
  headers.set(HEADER.truncated, String(result.truncated));
  if (result.nextCursor !== undefined) headers.set(HEADER.nextCursor, result.nextCursor);
  if (outcome && cache?.visible) headers.set(HEADER.cache, outcome);
  return jsonAnswer(200, undefined, headers, text, utf8);
}

/** The handler's work for a data request, or a test's override in its place. */
function dataWork(ctx: DataArmed, override: Override | undefined) {
  const { call, route, caller, service } = ctx;
  const { input } = call;
  const rowCap = ctx.metering.rowCap(input.query);
  if (override) return overrideData({ override, route, input, caller, service }, rowCap);
  return call.handle({
    clock: service.clock,
    rowCap,
    // Set once the service is ready (a restore imports the next one meanwhile: read here, as late as it is used).
    cursorSecret: service.cursorSecret!,
    data: service.data,
    liveScanLimit: service.options.liveScanLimit,
  });
}

async function serveOperation(ctx: OperationArmed): Promise<ServiceAnswer> {
  const { call, route, caller, request, service, headers, fault } = ctx;
  await delay(fault);
  const { input } = call;
  const override = service.state.overrides.take(route.id, input.params);
  overridden(ctx, override);
  const done = await outcomeOf(() =>
    override
      ? overrideOperation({ override, route, input, caller, service })
      : call.handle({ caller, request, requestId: ctx.requestId, service }),
  );
  // An after-work fault answers in place of whatever the operation came to, as on a data route.
  const late = faultAfterWork(fault);
  if (late) throw late;
  if ('error' in done) throw done.error;
  const result = done.value;
  const body = validateOutput(route, result.status, result.body);
  for (const [name, value] of Object.entries(result.headers ?? {})) headers.append(name, value);
  markNoStore(headers, body, headers.cookies.length > 0);
  return jsonAnswer(result.status, body, headers);
}
