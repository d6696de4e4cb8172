import { ERROR_CODES, type RouteDef } from '../../../src/schemas';
import type { Caller, DataResult, DecodedInput, OperationResult, ServiceContext } from '../contract';
import { capped } from '../routes/common';
import { ServiceRefusal } from '../service-refusal';
import type { Override } from '../state/overrides';
import { checkAnswer, fixtureInvalid } from './answer';
import { errorCodesOf } from '../../../src/schemas/route-errors';
import { MockError } from './error';
import type { CallerView, ResolverContext } from './types';

/** What an override runs with: the request as the pipeline decoded it. */
export interface OverrideCall {
  readonly override: Override;
  readonly route: RouteDef;
  readonly input: DecodedInput;
  readonly caller: Caller | undefined;
  readonly service: ServiceContext;
}

const callerView = (caller: Caller | undefined): CallerView | null =>
  caller === undefined
    ? null
    : {
        email: caller.account.email,
        plan: caller.account.plan.slug,
        keyId: caller.key.id,
        keyName: caller.key.name,
        scopes: [...caller.key.scopes],
      };

/** The answer of `mock.error(code)`, if the route can answer that code; `Retry-After` as the service would send it. */
function routeError(error: MockError, call: OverrideCall): ServiceRefusal {
  const { route, caller, service } = call;
  const codes = errorCodesOf(route);
  if (!codes.has(error.code))
    throw fixtureInvalid(
      route.id,
      `mock.error('${error.code}'): ${route.id} never answers ${error.code}; it answers ${[...codes].join(', ')}`,
    );
  let retryAfter = error.retryAfter;
  if (retryAfter === undefined && error.code === 'rate_limited') retryAfter = 1;
  if (retryAfter === undefined && error.code === 'quota_exceeded' && caller !== undefined) {
    const now = service.clock.now();
    retryAfter = Math.max(1, Math.ceil((Date.parse(caller.account.meter.view('daily', now).resets_at) - now) / 1000));
  }
  return new ServiceRefusal(ERROR_CODES[error.code], error.code, error.message, retryAfter === undefined ? {} : { retryAfter });
}

/** Runs the override's resolver: its answer, or the route's error it threw; anything else it threw is a fixture bug. */
async function resolve(call: OverrideCall): Promise<unknown> {
  const { override, route, input, caller, service } = call;
  const ctx: ResolverContext<never> = {
    routeId: route.id as never,
    params: input.params as never,
    query: input.query as never,
    body: input.body as never,
    caller: callerView(caller),
    clock: service.clock,
  };
  try {
    return await override.resolve(ctx as never);
  } catch (error) {
    if (error instanceof MockError) throw routeError(error, call);
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw fixtureInvalid(route.id, `the resolver threw ${text.length > 300 ? `${text.slice(0, 297)}...` : text}`);
  }
}

/**
 * A data route's answer from an override, at the handler's place: checked against the route's
 * schema, cut at the row cap (`X-Result-Truncated`) as the service would, charged by its rows.
 */
export async function overrideData(call: OverrideCall, rowCap: number): Promise<DataResult> {
  const answer = await resolve(call);
  checkAnswer(call.route, answer);
  return Array.isArray(answer) ? capped(answer, rowCap) : { body: answer, rows: 1, truncated: false };
}

/** An operation's answer from an override: its status is the success status whose schema takes it. */
export async function overrideOperation(call: OverrideCall): Promise<OperationResult> {
  const answer = await resolve(call);
  return { status: checkAnswer(call.route, answer), body: answer };
}
