import type * as z from 'zod/mini';
import { routeList } from '../../../src/schemas';
import type { LedgerEntry, MockAccount } from '../../service/mock-service';
import { faultError } from '../../service/pipeline/faults';
import type { CheckoutSession } from '../../service/state/checkouts';
import type { ArmedFault, Fault } from '../../service/state/faults';
import type { PlanConfig } from '../../service/state/plans';
import type { AccountView, AppliedFault, CheckoutView, FaultView, LedgerView, PlanView } from './answers';
import { isoMillis } from '../../../src/schemas/instant-text';

/** The in-process records of the mock in the control plane's words: snake_case keys, RFC 3339 times. */

/** Keeps the fields that are set: the control plane leaves out what a fault does not do. */
const defined = <T extends object>(fields: T): T => Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as T;

/** What a fault does, in wire words: the status with the code and `Retry-After` it answers, a drop, latency. */
function effects(fault: Fault) {
  const answer = faultError(fault);
  return defined({
    status: fault.status,
    code: answer?.code,
    retry_after: answer?.options.retryAfter,
    drop: fault.drop,
    latency_ms: fault.latencyMs,
  });
}

/** An armed fault, with its path template and the requests it still applies to. */
export function faultView(fault: ArmedFault): z.output<typeof FaultView> {
  const { id, route, remaining, held } = fault;
  const endpoint = routeList.find((r) => r.id === route)?.path ?? null;
  return { id, route, endpoint, remaining, ...effects(fault), ...(held ? { held } : {}) };
}

/** The fault that applied to one request. */
export const appliedFault = (fault: Fault & { readonly id: string }): z.output<typeof AppliedFault> => ({
  id: fault.id,
  ...effects(fault),
});

export const accountView = (a: MockAccount): z.output<typeof AccountView> => ({
  email: a.email,
  status: a.status,
  plan: a.plan,
  created_at: isoMillis(a.createdAt),
  recovery_email_verified: a.recoveryEmailVerified,
  keys: a.keys,
});

export const ledgerView = (entry: LedgerEntry): z.output<typeof LedgerView> => ({
  email: entry.email,
  charged: entry.charged,
  reserved: entry.reserved,
  period: entry.period,
  daily: entry.daily,
  charges: entry.charges.map((c) => ({ request_id: c.requestId, route: c.routeId, key_id: c.keyId, cost: c.cost, at: isoMillis(c.at) })),
});

export const checkoutView = (session: CheckoutSession): z.output<typeof CheckoutView> => ({
  session_id: session.id,
  email: session.email,
  plan: session.plan,
  status: session.status,
  created_at: isoMillis(session.createdAt),
});

export const planView = (plan: PlanConfig): z.output<typeof PlanView> => ({
  slug: plan.slug,
  name: plan.name,
  period_credits: plan.periodCredits,
  period_days: plan.periodDays,
  daily_credits: plan.dailyCredits,
  rate_limit_rps: plan.rateLimitRps,
});
