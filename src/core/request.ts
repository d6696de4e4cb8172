import type { RouteDef } from '../schemas/route';
import { routes, type RouteId } from '../schemas/routes';
import { APIPromise } from './api-promise';
import { resolveKey } from './auth';
import { encoderOf } from './encoder';
import { TimeoutError } from './errors/connection';
import { errorFromAnswer } from './errors/generate';
import { runHooks } from './hooks';
import { Answer, AnswerHead } from './meta';
import { withHeaders } from './options';
import { checkMaxRetries, withRetry } from './retry';
import { throwIfAborted } from './runtime';
import type { ClientContext, RawAnswer, RequestInfo, RequestOptions, ResponseOf, RouteInput } from './types';
import { encodeParams } from './encode';
import { parseJson } from './json';
import { fillPath, queryString } from './url';
import { validateBody } from './validate';
import { validatorOf } from './validator';

/**
 * Calls one route of the route table: validate parameters locally (free) -> budget guard ->
 * pacing -> transport -> retry policy -> error envelope or the answer, whose body is parsed and
 * validated when the data is first asked for.
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
 * The body parser of a route: JSON, then its schema for the answer's status (unless validation is
 * off), in place. A body its schema refuses gives a promise rejected with `ResponseValidationError`
 * (naming every issue is loaded then: most clients never need it).
 *
 * @example
 * const data = await parserOf(ctx, 'keys.rotate', {})(answer);
 */
export function parserOf<Id extends RouteId>(
  ctx: ClientContext,
  routeId: Id,
  options: RequestOptions,
): (answer: RawAnswer) => ResponseOf<Id> | Promise<ResponseOf<Id>> {
  const route = routes[routeId] as RouteDef;
  const validate = options.validate ?? ctx.options.validate;
  return (answer) => {
    // The metadata is read only for an error: parsing it for every answer costs more than the rest.
    const meta = () => answer.meta;
    const json = parseJson(answer.text, route.id, meta);
    const schema = route.responses[answer.response.status];
    if (!validate || schema === undefined || validatorOf(schema)(json)) return json as ResponseOf<Id>;
    return validateBody<ResponseOf<Id>>(schema, json, route.id, meta);
  };
}

/**
 * Typed parameters that the encoder built from their schema does not take go to zod
 * (`encodeParams` loads it then), which refuses them with every issue named.
 */
const encodedByZod = (schema: RouteDef['params'], value: unknown): Promise<Record<string, string>> => encodeParams(schema, value);

/**
 * Sends one call (with its retries) and reads the answer in full; error answers reject with the
 * typed error of their code.
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
  const route = routes[routeId] as RouteDef;
  const o = ctx.options;
  const signal = options.signal;
  throwIfAborted(signal);
  const params = encoderOf(route.params)?.(input.params ?? {}) ?? (await encodedByZod(route.params, input.params));
  const query = encoderOf(route.query)?.(input.query ?? {}) ?? (await encodedByZod(route.query, input.query));
  const url = `${o.baseUrl}${fillPath(route.path, params)}${queryString(query)}`;
  const headers = withHeaders(withHeaders(o.headers, options.headers), input.headers);
  const envelope = route.metering?.envelope((input.query ?? {}) as Record<string, unknown>);
  const timeout = options.timeout ?? o.timeout;
  const deadlineAt = o.now() + (options.totalTimeout ?? o.totalTimeout);
  const maxRetries = checkMaxRetries(options.maxRetries ?? o.maxRetries);

  const attempt = async (attemptNumber: number): Promise<Answer> => {
    throwIfAborted(signal);
    // The floors' windows reset on the service's clock.
    if (envelope !== undefined) ctx.ledger.admit(envelope, ctx.clock.now);
    try {
      const key = route.auth.kind === 'bearer' ? ctx.key.source : undefined;
      const apiKey = typeof key === 'function' ? await resolveKey(key, o.logger) : key;
      const freeSlot = ctx.pacer === undefined ? undefined : await ctx.pacer.acquire(signal);
      const remaining = deadlineAt - o.now();
      if (remaining <= 0) {
        freeSlot?.();
        throw new TimeoutError(`${route.method} ${url}: the call's total deadline passed`, { deadline: true });
      }
      const { beforeRequest, afterResponse } = o.hooks;
      const info: RequestInfo | undefined =
        beforeRequest || afterResponse ? { routeId: route.id, method: route.method, url, attempt: attemptNumber } : undefined;
      if (beforeRequest) await runHooks(beforeRequest, info as RequestInfo);
      const debug = o.logger.enabled('debug');
      if (debug) o.logger.debug(`${route.method} ${url} (attempt ${attemptNumber})`);
      const started = o.now();
      const sending = ctx.transport.send({
        method: route.method,
        url,
        apiKey,
        headers,
        json: input.body,
        timeoutMs: Math.min(timeout, remaining),
        deadlineBound: remaining < timeout,
        signal,
      });
      const raw = await (freeSlot === undefined ? sending : sending.finally(freeSlot));
      const receivedAt = o.now();
      ctx.clock.observe(raw.headers, receivedAt);
      // A Retry-After (on an error answer) given as an HTTP date counts from the service's clock.
      const failed = raw.status < 200 || raw.status > 299;
      const head = new AnswerHead(raw.headers, raw.status, attemptNumber, raw.status >= 400 ? ctx.clock.toService(receivedAt) : receivedAt);
      if (ctx.ledger.record(head, receivedAt) && o.onCredits) o.onCredits(ctx.ledger.snapshot(), head.meta);
      if (debug) o.logger.debug(`${raw.status} ${route.method} ${url}`, { requestId: head.meta.requestId, cost: head.cost });
      if (afterResponse) await runHooks(afterResponse, { ...(info as RequestInfo), status: raw.status, meta: head.meta, durationMs: receivedAt - started });
      if (failed) throw errorFromAnswer(raw.status, raw.text, head.meta, ctx.clock.toService(receivedAt));
      return new Answer(raw.response, raw.text, head);
    } finally {
      if (envelope !== undefined) ctx.ledger.release(envelope);
    }
  };

  return withRetry(attempt, () => ({
    maxRetries,
    maxRetryAfter: o.maxRetryAfter,
    deadlineAt,
    sleep: o.sleep,
    now: o.now,
    random: o.random,
    signal,
    onRetry: async (error, attemptNumber, delayMs) => {
      o.logger.info(`retrying ${route.id} in ${delayMs} ms after attempt ${attemptNumber}: ${error.message}`);
      await runHooks(o.hooks.beforeRetry, { routeId: route.id, attempt: attemptNumber, delayMs, error });
    },
  }));
}
