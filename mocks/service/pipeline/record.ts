import type { RouteDef } from '../../../src/schemas';
import type { Caller, ServiceContext } from '../context';
import type { AnswerHeaders } from '../exchange';
import type { Fault } from '../state/faults';
import type { Override } from '../state/overrides';
import { MASK, maskSecrets, requestTarget } from './request-target';

/** What the pipeline knows of a request by the time it answers. */
export interface Trace {
  requestId: string;
  startedAt: number;
  route?: RouteDef;
  caller?: Caller;
  charged: number;
  /** Status the service committed before an injected fault dropped the connection. */
  committedStatus?: number;
  /** The route decoded the request's path, query and headers. */
  decoded?: boolean;
  /** The armed fault that applied to the request. */
  fault?: (Fault & { readonly id: string }) | undefined;
  /** The override that answered in the handler's place. */
  override?: Override | undefined;
}

/** How the answer left: its headers, or a dropped connection. */
export type Sent = { headers: AnswerHeaders; dropped: false } | { dropped: true };

/** The longest target the detail keeps: a URL over the service's limit is refused, and need not be kept whole. */
const TARGET_MAX = 2_048;

function targetOf(url: string, route: RouteDef | undefined, decoded: boolean): string {
  let target: string;
  try {
    target = requestTarget(new URL(url), route, decoded);
  } catch {
    return MASK;
  }
  return target.length > TARGET_MAX ? `${target.slice(0, TARGET_MAX)}…` : target;
}

/** The answer's headers for the request detail: a cookie's value masked, keys and tokens masked anywhere. */
function headersOf(sent: AnswerHeaders | undefined): { name: string; value: string }[] {
  if (!sent) return [];
  const headers = Object.entries(sent.toObject()).map(([name, value]) => ({ name, value: maskSecrets(value) }));
  for (const cookie of sent.cookies) headers.push({ name: 'Set-Cookie', value: cookie.replace(/^([^=;]*)=[^;]*/, `$1=${MASK}`) });
  return headers;
}

/** Records every answer in the activity log (the control plane's "latest requests"). */
export function recordActivity(
  trace: Trace,
  request: { method: string; url: string },
  status: number,
  errorCode: string | undefined,
  service: ServiceContext,
  metered: boolean,
  sent: Sent,
): void {
  const now = service.clock.now();
  const { caller, fault, override, route } = trace;
  // A parameter refused after its decoding (an altered or expired cursor) is refused all the same: its value is masked.
  const decoded = trace.decoded === true && errorCode !== 'invalid_parameters';
  // The detail is written out when the control plane asks for it, not on every request: what it
  // needs is kept as it was (the headers copied, since the server adds CORS headers afterwards).
  const headers = sent.dropped ? undefined : sent.headers.copy();
  const key = caller ? { id: caller.key.id, name: caller.key.name, prefix: caller.key.prefix } : null;
  const { url } = request;
  const { dropped } = sent;
  service.state.activity.record({
    request_id: trace.requestId,
    atMs: now,
    method: request.method,
    route: trace.route?.id ?? null,
    endpoint: trace.route?.path ?? null,
    status,
    error_code: errorCode ?? null,
    cost: trace.charged,
    metered,
    latency_ms: Math.max(0, now - trace.startedAt),
    account: caller?.account.email ?? null,
    detail: () => ({
      target: targetOf(url, route, decoded),
      headers: headersOf(headers),
      key,
      fault: fault ?? null,
      override: override ? { id: override.id, kind: override.kind } : null,
      dropped,
    }),
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
