import { expandPath, type RouteDef } from '../schemas/route';
import { routes, type RouteId } from '../schemas/routes';
import { APIPromise } from './api-promise';
import { resolveKey } from './auth';
import type { CreditLedger } from './budget';
import { encodeParams, queryString } from './encode';
import { TimeoutError } from './errors/connection';
import { errorFromAnswer } from './errors/generate';
import { runHooks } from './hooks';
import { buildMeta, type ResponseMeta, type WithMeta } from './meta';
import type { ResolvedOptions } from './options';
import type { Pacer } from './pacer';
import { withRetry } from './retry';
import { throwIfAborted } from './runtime';
import type { RawResponse, Transport } from './transport';
import type { RequestOptions, ResponseOf, RouteInput } from './types';
import { parseJson, validateBody } from './validate';

/** Everything a call needs from its client. */
export interface ClientContext {
  options: ResolvedOptions;
  transport: Transport;
  ledger: CreditLedger;
  pacer: Pacer | undefined;
}

/**
 * Calls one route of the route table: validate parameters locally (free) -> budget guard ->
 * pacing -> transport -> retry policy -> error envelope or validated rows -> `{ data, meta }`.
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
  return new APIPromise(execute(ctx, routes[routeId] as RouteDef, input, options) as Promise<WithMeta<ResponseOf<Id>>>);
}

async function execute(ctx: ClientContext, route: RouteDef, input: RouteInput<RouteId>, options: RequestOptions): Promise<WithMeta<unknown>> {
  const o = ctx.options;
  const signal = options.signal;
  throwIfAborted(signal);
  const path = expandPath(route.path, encodeParams(route.params, input.params));
  const url = `${o.baseUrl}${path}${queryString(encodeParams(route.query, input.query))}`;
  const envelope = route.metering?.envelope((input.query ?? {}) as Record<string, unknown>);
  const timeout = options.timeout ?? o.timeout;
  const deadlineAt = o.now() + (options.totalTimeout ?? o.totalTimeout);

  const attempt = async (attemptNumber: number): Promise<{ raw: RawResponse; meta: ResponseMeta }> => {
    throwIfAborted(signal);
    const release = envelope === undefined ? undefined : ctx.ledger.admit(envelope, o.now());
    try {
      const key = route.auth.kind === 'bearer' ? o.apiKey : undefined;
      const apiKey = typeof key === 'function' ? await resolveKey(key, o.logger) : key;
      const freeSlot = ctx.pacer === undefined ? undefined : await ctx.pacer.acquire(signal);
      const remaining = deadlineAt - o.now();
      if (remaining <= 0) {
        freeSlot?.();
        throw new TimeoutError(`${route.method} ${url}: the call's total deadline passed`, { deadline: true });
      }
      const info = { routeId: route.id, method: route.method, url, attempt: attemptNumber };
      if (o.hooks.beforeRequest) await runHooks(o.hooks.beforeRequest, info);
      if (o.logger.enabled('debug')) o.logger.debug(`${route.method} ${url} (attempt ${attemptNumber})`);
      const started = o.now();
      let raw: RawResponse;
      try {
        raw = await ctx.transport.send({
          method: route.method,
          url,
          apiKey,
          ...(input.headers === undefined ? {} : { headers: input.headers }),
          ...(input.body === undefined ? {} : { json: input.body }),
          timeoutMs: Math.min(timeout, remaining),
          deadlineBound: remaining < timeout,
          signal,
        });
      } finally {
        freeSlot?.();
      }
      const receivedAt = o.now();
      const meta = buildMeta(raw.headers, raw.status, attemptNumber, receivedAt);
      if (ctx.ledger.record(meta, receivedAt)) o.onCredits?.(ctx.ledger.snapshot(), meta);
      if (o.logger.enabled('debug')) o.logger.debug(`${raw.status} ${route.method} ${url}`, { requestId: meta.requestId, cost: meta.credits.cost });
      if (o.hooks.afterResponse) await runHooks(o.hooks.afterResponse, { ...info, status: raw.status, meta, durationMs: receivedAt - started });
      if (raw.status < 200 || raw.status > 299) throw errorFromAnswer(raw.status, raw.text, meta, receivedAt);
      return { raw, meta };
    } finally {
      release?.();
    }
  };

  const { raw, meta } = await withRetry(attempt, {
    maxRetries: options.maxRetries ?? o.maxRetries,
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
  });
  const json = parseJson(raw.text, route.id, meta);
  const schema = route.responses[raw.status];
  const validate = options.validate ?? o.validate;
  const data = validate && schema !== undefined ? validateBody(schema, json, route.id, meta) : json;
  return { data, meta };
}
