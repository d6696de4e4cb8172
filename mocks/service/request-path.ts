import { HEADER, type RouteDef } from '../../src/schemas';
import type { Caller, DataCall, DataResult, DecodedInput, OperationCall, ServiceContext } from './contract';
import { droppedAnswer, type AnswerHeaders, type ServiceAnswer, type ServiceRequest } from './http-messages';
import { fromFetchRequest, toFetchResponse } from './fetch-adapter';
import { admitRate } from './pipeline/rate-limit';
import { readBearer, revokedKey } from './bearer';
import { authorize, hashBearer, resolveCaller } from './pipeline/authenticate';
import { MAX_BODY_BYTES } from './request-body';
import { costOf, failureCost } from './pipeline/charge';
import { delay, dropsAfterCommit, faultAfterWork, faultBeforeWork } from './pipeline/faults';
import { requireJson } from './pipeline/input';
import { checkUrlLength, lookupRoute, parseUrl, type RouteMatch } from './pipeline/lookup';
import { markNoStore } from './pipeline/no-store';
import { validateOutput } from './pipeline/output';
import { recordActivity, recordHealth, type Trace } from './pipeline/record';
import { newRequestId } from './pipeline/request-id';
import { reserveEnvelope } from './pipeline/reserve';
import { ServiceRefusal } from './service-refusal';
import { asServiceRefusal, baseHeaders, errorAnswer, jsonAnswer, setCreditHeaders } from './pipeline/respond';
import type { Fault } from './faults';
import type { Override } from './state/overrides';
import type { CachedResult } from './state/response-cache';
import { overrideData, overrideOperation } from './use/run';

/**
 * The one request path of the mock service (docs/service.md,
 * "Order of checks"): URL length -> route lookup -> authenticate (a revoked key only for the exact
 * replay of its rotation, decided before any window is touched) -> rate window (valid keys only) ->
 * scope and status -> path, query and headers -> content type -> body, read bounded -> body ->
 * reserve -> an armed fault -> handler (or a test's override, `mock.use`; or a cached answer) ->
 * settle -> validate output -> headers -> records.
 *
 * @example
 * const answer = await serveRequest(fromFetchRequest(request), service);
 */
export async function serveRequest(request: ServiceRequest, live: ServiceContext): Promise<ServiceAnswer> {
  const service = pinned(live);
  const trace: Trace = { requestId: newRequestId(), startedAt: service.clock.now(), charged: 0 };
  const headers = baseHeaders(trace.requestId, service.options.serviceOrigin, trace.startedAt);
  try {
    if (!settled.has(service.ready)) {
      await service.ready;
      settled.add(service.ready);
    }
    const admitting = admit(request, service, trace);
    const admitted = admitting instanceof Promise ? await admitting : admitting;
    // A refusal before any work (the rate window's 429 above all) is returned, not thrown: no unwinding on the busiest refusal.
    if (admitted instanceof ServiceRefusal) return refuse(admitted, request, service, trace, headers);
    const answer = await serve(request, service, trace, headers, admitted);
    const metered = headers.has(HEADER.creditsCost);
    // A connection dropped before any work never reached the service; one dropped after commit did.
    if (!answer.dropped || trace.committedStatus !== undefined) {
      const status = trace.committedStatus ?? answer.status;
      recordHealth(trace, status, undefined, service, metered);
      recordActivity(trace, request, status, undefined, service, metered, answer.dropped ? undefined : answer.headers);
    }
    return answer;
  } catch (thrown) {
    return refuse(asServiceRefusal(thrown), request, service, trace, headers);
  }
}

/** The error envelope of a refusal or failure, with the credit headers of what it was charged, recorded. */
function refuse(
  error: ServiceRefusal,
  request: ServiceRequest,
  service: ServiceContext,
  trace: Trace,
  headers: AnswerHeaders,
): ServiceAnswer {
  if (trace.charged > 0 && trace.caller) {
    setCreditHeaders(headers, trace.caller.account, trace.charged, service.clock.now());
    headers.set(HEADER.resultRows, '0');
  }
  const metered = headers.has(HEADER.creditsCost);
  // A broken override is the test's bug, not an answer of the service: no account's request health shows it.
  if (error.code !== 'fixture_invalid') recordHealth(trace, error.status, error.code, service, metered);
  const answer = errorAnswer(error, headers, trace.requestId);
  recordActivity(trace, request, error.status, error.code, service, metered, answer.headers);
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

/** What the steps before the work decided: the route and its handler, the parsed URL and the caller. */
interface Admitted {
  match: RouteMatch;
  url: URL;
  caller: Caller | undefined;
}

/** The steps before any work, synchronous where key hashing is; refusals are thrown, except the rate window's (returned). */
function admit(
  request: ServiceRequest,
  service: ServiceContext,
  trace: Trace,
): Admitted | ServiceRefusal | Promise<Admitted | ServiceRefusal> {
  checkUrlLength(request.url);
  const url = parseUrl(request.url);
  const { basePath } = service.options;
  const mounted = basePath !== '';
  const path = mounted && url.pathname.startsWith(`${basePath}/`) ? url.pathname.slice(basePath.length) : url.pathname;
  const match = lookupRoute(request.method, path, service);
  trace.route = match.route;
  if (match.route.auth.kind !== 'bearer') return admitted(request, match, url, undefined);
  const bearer = readBearer(request.headers);
  const hash = hashBearer(bearer);
  // The only awaits before the reservation of a data route: hashing the key where it is async (data routes take no body).
  if (typeof hash === 'object') return hash.then((digest) => authenticate(request, service, trace, match, url, bearer, digest));
  return authenticate(request, service, trace, match, url, bearer, hash);
}

function authenticate(
  request: ServiceRequest,
  service: ServiceContext,
  trace: Trace,
  match: RouteMatch,
  url: URL,
  bearer: string | undefined,
  hash: string | undefined,
): Admitted | ServiceRefusal | Promise<Admitted> {
  const { route, handler } = match;
  const caller = resolveCaller(route, bearer, hash, service);
  if (caller.key.status !== 'active') {
    // A revoked key reaches no window: only the exact replay of its committed rotation is answered.
    if (handler.kind !== 'operation' || handler.isReplay === undefined) throw revokedKey();
    return handler.isReplay(caller.key, request, service).then((replay) => {
      if (!replay) throw revokedKey();
      trace.caller = caller;
      return admitted(request, match, url, caller);
    });
  }
  trace.caller = caller;
  // Every request with a valid key counts against the account's second (docs/service.md, "Rate limit"), even one refused for its scope.
  // While the clock is frozen, the window counts real seconds (docs/service.md, "Rate limit").
  const overRate = admitRate(caller, service.rateNow());
  if (overRate) return overRate;
  return admitted(request, match, url, caller);
}

function admitted(request: ServiceRequest, match: RouteMatch, url: URL, caller: Caller | undefined): Admitted {
  if (caller) authorize(match.route, caller);
  requireJson(match.route, request.headers);
  return { match, url, caller };
}

async function serve(
  request: ServiceRequest,
  service: ServiceContext,
  trace: Trace,
  headers: AnswerHeaders,
  { match, url, caller }: Admitted,
): Promise<ServiceAnswer> {
  const { route, handler } = match;
  // Authentication comes first: nobody makes the service buffer a body it then refuses (at most 64 KiB).
  const bodyText = route.body === null ? undefined : await request.readBody(MAX_BODY_BYTES);
  const call = handler.accept({ routes: service.routes, rawParams: match.rawParams, url, headers: request.headers, bodyText });
  trace.decoded = true;
  if (call.kind === 'data' && call.prevalidate !== undefined) await call.prevalidate(service);

  // Reservation, then the fault step: a request refused before it leaves the route's armed faults untouched.
  const metering = call.kind === 'data' ? reserve(route, call.input, caller as Caller, service, trace) : undefined;
  const fault = service.state.faults.take(route.id);
  trace.fault = fault;
  const before = faultBeforeWork(fault);
  if (before) {
    // Its latency and gate come first, the envelope reserved meanwhile, as for a fault that acts later.
    await delay(fault);
    metering?.settle(0);
    if (before === 'dropped') return droppedAnswer();
    throw before;
  }
  const answer =
    call.kind === 'data'
      ? await serveData(match, call, caller as Caller, service, headers, fault, metering!, trace)
      : await serveOperation(match, call, caller, request, service, trace, headers, fault);
  if (!dropsAfterCommit(fault)) return answer;
  trace.committedStatus = answer.status;
  return droppedAnswer();
}

/**
 * A data answer's store: the route's cache (`X-Cache`), or the stable answers and the answers of one clock reading
 * (see `readingStore`). The key carries an added event's revision, so an answer for an earlier event under the same id
 * is never served.
 */
function cacheOf(match: RouteMatch, input: DecodedInput, service: ServiceContext) {
  const key = `${match.route.id}${service.data.added.revisionTag(input.params)}?${JSON.stringify([input.params, input.query])}`;
  return match.route.metering!.cacheable
    ? { key, store: service.state.cache, visible: true }
    : { key, store: readingStore(service), visible: false };
}

/**
 * The invisible stores of a data route: a stable answer (for any later instant), else one of this exact clock reading
 * computed from the same added events (the list of them is a new array after any add, removal or restore).
 */
const readingStore = ({ state, data }: ServiceContext) => ({
  get: (key: string, now: number): CachedResult | undefined =>
    state.stable.get(key, now) ?? state.readings.get(key, now, data.added.list()),
  set(key: string, entry: CachedResult, now: number, fresh: DataResult): void {
    if (fresh.stable === true) state.stable.set(key, entry, now);
    else if (fresh.holdsAt !== undefined) state.readings.set(key, entry, fresh.holdsAt, data.added.list());
  },
});

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

/** A data request's reservation, settled exactly once. */
interface Metering {
  /** Settles at `at` (default: the clock's now). */
  settle(cost: number, at?: number): void;
}

/** Reserves a data request's envelope in both windows (`429 quota_exceeded` when it does not fit, free). */
function reserve(route: RouteDef, input: DecodedInput, caller: Caller, service: ServiceContext, trace: Trace): Metering {
  const reservation = reserveEnvelope(route, input.query, caller, service.clock.now())!;
  return {
    settle(cost, at = service.clock.now()) {
      trace.charged = cost;
      caller.account.meter.settle(reservation, {
        requestId: trace.requestId,
        routeId: route.id,
        keyId: caller.key.id,
        cost,
        at,
      });
    },
  };
}

async function serveData(
  match: RouteMatch,
  call: DataCall,
  caller: Caller,
  service: ServiceContext,
  headers: AnswerHeaders,
  fault: Fault | undefined,
  { settle }: Metering,
  trace: Trace,
): Promise<ServiceAnswer> {
  const { route } = match;
  const { input } = call;
  // An override answers in the handler's place: never from a cache, never kept in one.
  const override = service.state.overrides.take(route.id, input.params);
  trace.override = override;
  const cache = override === undefined ? cacheOf(match, input, service) : undefined;
  // Injected latency (or a test's gate) holds the reservation in flight, whatever the answer's source.
  if (fault !== undefined) await delay(fault);
  let answer: SourcedAnswer;
  let now: number;
  try {
    const cached = cache?.store.get(cache.key, service.clock.now());
    // The work is only set up on a miss: a cache hit makes no closure for it.
    const done = cached ? { cached } : await outcomeOf(() => dataWork(call, override, route, caller, service));
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
    settle(failureCost(error));
    throw error;
  }
  const { result, text, utf8, outcome } = answer;
  const cost = costOf(result);
  settle(cost, now);
  setCreditHeaders(headers, caller.account, cost, now);
  headers.set(HEADER.resultRows, String(result.rows));
  headers.set(HEADER.truncated, String(result.truncated));
  if (result.nextCursor !== undefined) headers.set(HEADER.nextCursor, result.nextCursor);
  if (outcome && cache?.visible) headers.set(HEADER.cache, outcome);
  return jsonAnswer(200, undefined, headers, text, utf8);
}

/** The handler's work for a data request, or a test's override in its place. */
function dataWork(call: DataCall, override: Override | undefined, route: RouteDef, caller: Caller, service: ServiceContext) {
  const { input } = call;
  const rowCap = route.metering!.rowCap(input.query);
  if (override) return overrideData({ override, route, input, caller, service }, rowCap);
  return call.handle({
    clock: service.clock,
    rowCap,
    cursorSecret: service.cursorSecret!,
    data: service.data,
    liveScanLimit: service.options.liveScanLimit,
  });
}

async function serveOperation(
  match: RouteMatch,
  call: OperationCall,
  caller: Caller | undefined,
  request: ServiceRequest,
  service: ServiceContext,
  trace: Trace,
  headers: AnswerHeaders,
  fault: Fault | undefined,
): Promise<ServiceAnswer> {
  await delay(fault);
  const { input } = call;
  const override = service.state.overrides.take(match.route.id, input.params);
  trace.override = override;
  const done = await outcomeOf(() =>
    override
      ? overrideOperation({ override, route: match.route, input, caller, service })
      : call.handle({
          caller,
          request,
          requestId: trace.requestId,
          service,
        }),
  );
  // An after-work fault answers in place of whatever the operation came to, as on a data route.
  const late = faultAfterWork(fault);
  if (late) throw late;
  if ('error' in done) throw done.error;
  const result = done.value;
  const body = validateOutput(match.route, result.status, result.body);
  for (const [name, value] of Object.entries(result.headers ?? {})) headers.append(name, value);
  markNoStore(headers, body, headers.cookies.length > 0);
  return jsonAnswer(result.status, body, headers);
}
