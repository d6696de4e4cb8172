import type { RouteDef } from '../../../src/schemas';
import type { ActivityDetail, ActivityFacts, AnswerHeaderView } from '../state/activity';
import type { AppliedFault } from '../faults';
import type { Override } from '../state/overrides';
import type { Answered } from './context';
import { MASK, maskSecrets, requestTarget } from './request-target';

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
function headersOf(sent: AnswerHeaderView | undefined): { name: string; value: string }[] {
  if (!sent) return [];
  const pairs = sent.toPairs();
  const headers: { name: string; value: string }[] = [];
  for (let i = 0; i < pairs.length; i += 2) headers.push({ name: pairs[i] as string, value: maskSecrets(pairs[i + 1] as string) });
  for (const cookie of sent.cookies) headers.push({ name: 'Set-Cookie', value: cookie.replace(/=[^;]*/, `=${MASK}`) });
  return headers;
}

/** The facts of an answer the pipeline kept, and what it knew of the request. */
type Recorded = ActivityFacts & { fault: AppliedFault | undefined; override: Override | undefined; decoded: boolean };

/** The request detail, written out when the control plane asks for it. */
const detailOf = (facts: ActivityFacts): ActivityDetail => {
  const f = facts as Recorded;
  return {
    target: targetOf(f.url, f.route, f.decoded),
    headers: headersOf(f.headers),
    key: f.key ? { id: f.key.id, name: f.key.name, prefix: f.key.prefix } : null,
    fault: f.fault ?? null,
    override: f.override ? { id: f.override.id, kind: f.override.kind } : null,
    dropped: f.headers === undefined,
  };
};

/** Records every answer in the activity log as raw facts, headers snapshotted (the server adds CORS later). */
export function recordActivity(ctx: Answered): void {
  const { caller, route, request, service, errorCode, sent } = ctx;
  const facts: Recorded = {
    request_id: ctx.requestId,
    atMs: service.clock.now(),
    startedAt: ctx.startedAt,
    method: request.method,
    url: request.url,
    route,
    status: ctx.status,
    error_code: errorCode ?? null,
    cost: ctx.charged,
    metered: ctx.metered,
    account: caller?.account.email ?? null,
    key: caller?.key,
    headers: sent?.snapshot(),
    detailOf,
    // A parameter refused after its decoding (an altered or expired cursor) is refused all the same: its value is masked.
    decoded: ctx.decoded && errorCode !== 'invalid_parameters',
    fault: ctx.fault,
    override: ctx.override,
  };
  service.state.activity.record(facts);
}

/** Records an authenticated request for request health; never query values, bodies, headers or addresses. */
export function recordHealth(ctx: Answered): void {
  const { caller, route, service, status } = ctx;
  if (!caller || !route) return;
  const now = service.clock.now();
  // A success is only counted: no entry is made for it.
  if (status < 400) {
    service.state.health.count(caller.account.id, now, Math.max(0, now - ctx.startedAt));
    return;
  }
  service.state.health.record({
    requestId: ctx.requestId,
    accountId: caller.account.id,
    keyId: caller.key.id,
    endpoint: route.path,
    status,
    errorCode: ctx.errorCode,
    chargedCredits: ctx.charged,
    // docs/service.md, "Request health": exactly whether this answer carried the metering headers, not whether the route is metered.
    metered: ctx.metered,
    latencyMs: Math.max(0, now - ctx.startedAt),
    occurredAt: now,
  });
}
