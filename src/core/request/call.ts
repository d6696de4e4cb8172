import type { RouteDef } from '../../schemas/route';
import type { RouteId } from '../../schemas/routes';
import { loadRoute, routeOf } from './route-of';
import { APIPromise } from '../answer';
import { checkRequestOptions, checkTable, type OptionCheck } from '../options';
import { throwIfAborted } from '../runtime';
import { encodeParams, encoderOf, fillPath, parseJson, queryString, validateBody, validatorOf } from '../validation';
import type { CallSpan, ClientContext, RawAnswer, RequestOptions, ResponseOf, RouteInput } from '../types';
import { OutgoingCall } from './outgoing-call';
import type { CallUrl } from './types';

/**
 * Calls one route: local checks (free) -> parameters encoded -> the call planned -> reused, or sent: for each attempt, admission
 * (budget, pacing) -> key -> transport -> settlement -> error or answer, with retries (`outgoing-call.ts`) -> the body parsed when read.
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

/** What a route is called with (`RouteInput`), each part checked by the route's schemas. */
const ROUTE_INPUT = { params: 0, query: 0, body: 0, headers: 0 } satisfies Record<keyof RouteInput<RouteId>, OptionCheck>;

/** The call itself, as its steps in order: what `sendRoute` does, telling `span` (when tracing) each step. */
async function sendCall<Id extends RouteId>(
  ctx: ClientContext,
  route: RouteDef,
  input: RouteInput<Id>,
  options: RequestOptions,
  span: CallSpan | undefined,
): Promise<RawAnswer> {
  // 1. The options and the input's names checked: free, before anything is sent.
  checkRequestOptions(options, `a call of ${route.id}`);
  checkTable(`the input of ${route.id}`, input, ROUTE_INPUT);
  throwIfAborted(options.signal);
  // 2. The parameters encoded into the URL by the encoders built from the schemas; where they give up, by zod (loaded then),
  // which refuses them with every issue named.
  const params = encoderOf(route.params)?.(input.params ?? {}) ?? (await encodeParams(route.params, input.params));
  const query = encoderOf(route.query)?.(input.query ?? {}) ?? (await encodeParams(route.query, input.query));
  const path = fillPath(route.path, params);
  const search = queryString(query);
  const url: CallUrl = { full: `${ctx.options.baseUrl}${path}${search}`, path, query: search };
  // 3. The call planned (headers, envelope, timeouts, deadline, retries), 4. then reused or sent: `OutgoingCall` steps each attempt.
  return new OutgoingCall(ctx, { route, url, input, options, span }).serve();
}
