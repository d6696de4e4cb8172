import type { RouteDef } from '../../src/schemas';
import type { Caller, ServiceContext } from '../context';

/** What the pipeline knows of a request by the time it answers. */
export interface Trace {
  requestId: string;
  startedAt: number;
  route?: RouteDef;
  caller?: Caller;
  charged: number;
  /** Status the service committed before an injected fault dropped the connection. */
  committedStatus?: number;
}

/** Records every answer in the activity log (the control plane's "latest requests"). */
export function recordActivity(
  trace: Trace,
  method: string,
  status: number,
  errorCode: string | undefined,
  service: ServiceContext,
  metered: boolean,
): void {
  const now = service.clock.now();
  service.state.activity.record({
    request_id: trace.requestId,
    atMs: now,
    method,
    route: trace.route?.id ?? null,
    endpoint: trace.route?.path ?? null,
    status,
    error_code: errorCode ?? null,
    cost: trace.charged,
    metered,
    latency_ms: Math.max(0, now - trace.startedAt),
    account: trace.caller?.account.email ?? null,
  });
}

/**
 * Records an authenticated request for request health: the route template, status, code, charge,
 * whether the answer carried the metering headers, and latency; never query values, bodies, headers
 * or addresses.
 */
export function recordHealth(trace: Trace, status: number, errorCode: string | undefined, service: ServiceContext, metered: boolean): void {
  const { caller, route } = trace;
  if (!caller || !route) return;
  const now = service.clock.now();
  service.state.health.record({
    requestId: trace.requestId,
    accountId: caller.account.id,
    keyId: caller.key.id,
    endpoint: route.path,
    status,
    ...(errorCode === undefined ? {} : { errorCode }),
    chargedCredits: trace.charged,
    // docs/service.md, "Request health": exactly whether this answer carried the metering headers, not whether the route is metered.
    metered,
    latencyMs: Math.max(0, now - trace.startedAt),
    occurredAt: now,
  });
}
