import * as z from 'zod/mini';
import type { LedgerEntry, MockAccount } from '../../service/mock-service';
import { appliedFaultToWire, type ArmedFault, ArmedFaultWire } from '../../service/faults';
import type { CheckoutSession } from '../../service/state/checkouts';
import type { PlanConfig } from '../../service/state/plans';
import { isoMillis } from '../../../src/schemas/instant-text';
import type { AccountView, CheckoutView, LedgerView, PlanView } from './answers';

/** The in-process records of the mock in the control plane's words: snake_case keys, RFC 3339 times. */

/** An armed fault, with its path template and the requests it still applies to (the fault codec). */
export const faultView = (fault: ArmedFault) => z.encode(ArmedFaultWire, fault);

/** The fault that applied to one request: its id, and what it does (the fault codec). */
export const appliedFault = appliedFaultToWire;

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
