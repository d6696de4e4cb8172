import type { RouteDef } from '../../schemas/route';
import type { RouteId } from '../../schemas/routes';
import { loadRoute, routeOf } from './route-of';
import { APIPromise, errorFromAnswer, Answer, AnswerHead, buildMeta } from '../answer';
import { KEY_RECOVERED, keyOf, MAX_KEY_RECOVERIES, recovered } from './key';
import { encoderOf, encodeParams, parseJson, fillPath, queryString, validateBody, validatorOf } from '../validation';
import { TimeoutError } from '../errors';
import { runHooks } from './hooks';
import { checkTable, checkRequestOptions, withHeaders, type OptionCheck } from '../options';
import { withRetry } from './retry';
import { abortable, throwIfAborted } from '../runtime';
import type { Admission, CallSpan, ClientContext, RawAnswer, RequestInfo, RequestOptions, ResponseOf, RouteInput } from '../types';
import { reusable, runnerOf } from '../reuse';

/**
 * Calls one route: local parameter checks (free) -> admission (budget, pacing) -> key -> transport -> retries -> error or answer (parsed lazily).
 *
 * @example
 * const rows = await callRoute(ctx, 'events.odds', { params: { event_id: 42 }, query: { full_history: true } });
 */
export function callRoute<Id extends RouteId>(
  ctx: ClientContext,
  routeId: Id,
  input: RouteInput<Id> = {},
  options: RequestOptions = {},
): APIPromise<ResponseOf<Id>> {
  return new APIPromise(sendRoute(ctx, routeId, input, options), parserOf<Id>(ctx, routeId, options));
}

/**
 * The body parser of a route: JSON, then its status's schema (unless validation is off); a refused body rejects with `ResponseValidationError`.
 *
 * @example
 * const data = await parserOf(ctx, 'keys.rotate', {})(answer);
 */
export function parserOf<Id extends RouteId>(
  ctx: ClientContext,
  routeId: Id,
  options: RequestOptions,
): (answer: RawAnswer) => ResponseOf<Id> | Promise<ResponseOf<Id>> {
  const validate = options.validate ?? ctx.options.validate;
  const parse = (route: RouteDef, answer: RawAnswer): ResponseOf<Id> | Promise<ResponseOf<Id>> => {
    // The metadata is read only for an error: parsing it for every answer costs more than the rest.
    const meta = () => answer.meta;
    const json = parseJson(answer.text, route.id, meta);
    const schema = route.responses[answer.status ?? answer.response.status];
    if (!validate || schema === undefined || validatorOf(schema)(json)) return json as ResponseOf<Id>;
    return validateBody<ResponseOf<Id>>(schema, json, route.id, meta);
  };
  return (answer) => {
    const route = routeOf(routeId);
    return route === undefined ? loadRoute(routeId).then((loaded) => parse(loaded, answer)) : parse(route, answer);
  };
}

/** What a 404 adds to the service's message: the request, and for a base URL ending in `/v1` (routes start with it) the root to give. */
const notFoundHint = (baseUrl: string, method: string, url: string): string =>
  `${method} ${url}${/\/v1$/i.test(baseUrl) ? `: the baseUrl ends in /v1, but every route starts with /v1; give the service's root, ${baseUrl.slice(0, -3)}` : ''}`;

/** Settles an admission; an unreachable store is logged, not thrown: the answer is in hand (maybe paid), and the reservation lapses with its lease. */
async function settle(ctx: ClientContext, admission: Admission, answer: AnswerHead | undefined, receivedAt: number): Promise<boolean> {
  try {
    return await ctx.coordinator.settle(admission, answer, receivedAt);
  } catch (error) {
    ctx.options.logger.warn(`could not record the attempt with the coordinator: ${String(error)}`);
    return false;
  }
}

const metaOf = (headers: Headers, status: number, at: number) => buildMeta(headers, status, 1, at);

/** What a route is called with (`RouteInput`), each part checked by the route's schemas. */
const ROUTE_INPUT = { params: 0, query: 0, body: 0, headers: 0 } satisfies Record<keyof RouteInput<RouteId>, OptionCheck>;

/** Parameters the schema-built encoder does not take go to zod (loaded then), which refuses them with every issue named. */
const encodedByZod = (schema: RouteDef['params'], value: unknown): Promise<Record<string, string>> => encodeParams(schema, value);

/**
 * Sends one call (with its retries) and reads the answer; errors reject with their code's typed error. The span starts first so a local refusal has one.
 *
 * @example
 * const { response, text, meta } = await sendRoute(ctx, 'catalog.sports', {}, {});
 */
export async function sendRoute<Id extends RouteId>(
  ctx: ClientContext,
  routeId: Id,
  input: RouteInput<Id>,
  options: RequestOptions,
): Promise<RawAnswer> {
  const route = routeOf(routeId) ?? (await loadRoute(routeId));
  const span = await ctx.trace?.(route, ctx);
  try {
    const answer = await sendCall(ctx, route, input, options, span);
    span?.end();
    return answer;
  } catch (error) {
    span?.end(error);
    throw error;
  }
}

/** The call itself: what `sendRoute` does, telling `span` (when tracing) each step. */
async function sendCall<Id extends RouteId>(
  ctx: ClientContext,
  route: RouteDef,
  input: RouteInput<Id>,
  options: RequestOptions,
  span: CallSpan | undefined,
): Promise<RawAnswer> {
  const o = ctx.options;
  checkRequestOptions(options, `a call of ${route.id}`);
  checkTable(`the input of ${route.id}`, input, ROUTE_INPUT);
  const signal = options.signal;
  throwIfAborted(signal);
  const params = encoderOf(route.params)?.(input.params ?? {}) ?? (await encodedByZod(route.params, input.params));
  const query = encoderOf(route.query)?.(input.query ?? {}) ?? (await encodedByZod(route.query, input.query));
  const path = fillPath(route.path, params);
  const search = queryString(query);
  const url = `${o.baseUrl}${path}${search}`;
  const headers = withHeaders(withHeaders(o.headers, options.headers), input.headers);
  const envelope = route.metering?.envelope((input.query ?? {}) as Record<string, unknown>);
  const timeout = options.timeout ?? o.timeout;
  const deadlineAt = o.now() + (options.totalTimeout ?? o.totalTimeout);
  const maxRetries = options.maxRetries ?? o.maxRetries;

  // A key refused because a rotation replaced it is sent again at once with the new key (not a retry).
  const attempt = async (attemptNumber: number): Promise<Answer> => {
    for (let recoveries = 0; ; recoveries++) {
      const answer = await send(attemptNumber, recoveries < MAX_KEY_RECOVERIES);
      if (answer !== KEY_RECOVERED) return answer;
    }
  };

  const send = async (attemptNumber: number, mayRecover: boolean): Promise<Answer | typeof KEY_RECOVERED> => {
    throwIfAborted(signal);
    const pace = ctx.pace;
    const waitFrom = o.now();
    const ready = pace?.ready();
    if (ready !== undefined) await abortable(ready, signal);
    const admission = await ctx.coordinator.admit({ envelope, budget: o.budget, serviceNow: ctx.clock.now, rate: pace?.current, signal });
    span?.admitted(attemptNumber, waitFrom, envelope);
    let settled = false;
    try {
      const apiKey = route.auth.kind === 'bearer' ? await keyOf(ctx) : undefined;
      const remaining = deadlineAt - o.now();
      if (remaining <= 0) throw new TimeoutError(`${route.method} ${url}: the call's total deadline passed`, { deadline: true });
      const { beforeRequest, afterResponse } = o.hooks;
      const info: RequestInfo | undefined =
        beforeRequest || afterResponse ? { routeId: route.id, method: route.method, url, attempt: attemptNumber } : undefined;
      if (beforeRequest) await runHooks(beforeRequest, info as RequestInfo);
      const debug = o.logger.enabled('debug');
      if (debug) o.logger.debug(`${route.method} ${url} (attempt ${attemptNumber})`);
      const started = o.now();
      // Through the span when tracing (it records the URL, counts sends, and is active during the send).
      const raw = await (span ?? ctx.transport).send({
        method: route.method,
        url,
        apiKey,
        headers,
        json: input.body,
        timeoutMs: Math.min(timeout, remaining),
        deadlineBound: remaining < timeout,
        signal,
      });
      const receivedAt = o.now();
      ctx.clock.observe(raw.headers, receivedAt);
      // An error answer's HTTP-date Retry-After counts from the service's clock.
      const failed = raw.status < 200 || raw.status > 299;
      const head = new AnswerHead(raw.headers, raw.status, attemptNumber, raw.status >= 400 ? ctx.clock.toService(receivedAt) : receivedAt);
      settled = true;
      if ((await settle(ctx, admission, head, receivedAt)) && o.onCredits) o.onCredits(ctx.coordinator.credits(), head.meta);
      span?.answered(head.meta);
      if (debug) o.logger.debug(`${raw.status} ${route.method} ${url}`, { requestId: head.meta.requestId, cost: head.cost });
      if (afterResponse)
        await runHooks(afterResponse, { ...(info as RequestInfo), status: raw.status, meta: head.meta, durationMs: receivedAt - started });
      if (failed) {
        if (raw.status === 401 && mayRecover && apiKey !== undefined && (await recovered(ctx, apiKey, signal))) return KEY_RECOVERED;
        throw errorFromAnswer(
          raw.status,
          raw.text,
          head.meta,
          ctx.clock.toService(receivedAt),
          raw.status === 404 ? notFoundHint(o.baseUrl, route.method, url) : undefined,
        );
      }
      return new Answer(raw.response, raw.text, head, started);
    } finally {
      if (!settled) await settle(ctx, admission, undefined, o.now());
    }
  };

  const call = (): Promise<Answer> =>
    withRetry(attempt, () => ({
      maxRetries,
      maxRetryAfter: o.maxRetryAfter,
      deadlineAt,
      sleep: o.sleep,
      now: o.now,
      random: o.random,
      signal,
      onRetry: async (error, attemptNumber, delayMs) => {
        span?.retrying(error, attemptNumber, delayMs);
        o.logger.info(`retrying ${route.id} in ${delayMs} ms after attempt ${attemptNumber}: ${error.message}`);
        await runHooks(o.hooks.beforeRetry, { routeId: route.id, attempt: attemptNumber, delayMs, error });
      },
    }));
  const decoded = input.query as Record<string, unknown> | undefined;
  const may = reusable(route, decoded, options);
  if (!may && options.maxAge === undefined && options.cache === undefined) return call();
  const runner = await runnerOf(ctx);
  if (runner === undefined) return call();
  return runner.serve(ctx, {
    route,
    reusable: may,
    query: decoded,
    options,
    url: { full: url, path, query: search },
    send: call,
    span,
    metaOf,
  });
}
