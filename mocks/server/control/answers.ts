import * as z from 'zod/mini';
import type { EventSpec } from '../../service/data';
import { ACCOUNT_STATUSES, ApiKey, QuotaWindow, RequestGuidanceMessage } from '../../../src/schemas';
import { AppliedFaultView, FaultView } from '../../service/faults';

/**
 * What control-plane operations answer (docs/mock-server.md): snake_case, RFC 3339 times; strict objects,
 * so a schema check also catches an undeclared field.
 */

const time = z.iso.datetime({ offset: true });
const count = z.int().check(z.nonnegative());

export const IndexAnswer = z.strictObject({
  console: z.string(),
  operations: z.array(
    z.strictObject({
      id: z.string(),
      method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
      path: z.string(),
      summary: z.string(),
      /** The in-process handles of `createMockService()` it mirrors (`mock.faults.inject()`). */
      handles: z.array(z.string()),
    }),
  ),
});

export const ResetAnswer = z.strictObject({ reset: z.literal(true) });
/** What `PUT /__admin/state` answers: where the clock now stands, and what the document had left out. */
export const StateRestored = z.strictObject({ restored: z.literal(true), now: time, frozen: z.boolean(), omitted: z.array(z.string()) });

export const ClockAnswer = z.strictObject({ now: time, frozen: z.boolean() });

export const PlanView = z.strictObject({
  slug: z.string(),
  name: z.string(),
  period_credits: count,
  period_days: count,
  daily_credits: count,
  rate_limit_rps: count,
});

export const AccountView = z.strictObject({
  email: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  plan: z.string(),
  created_at: time,
  recovery_email_verified: z.boolean(),
  keys: z.array(ApiKey),
});

export const AccountCreated = z.strictObject({ email: z.string(), api_key: z.string() });
export const AccountUpdated = z.strictObject({ email: z.string() });
export const KeyCreated = z.strictObject({ id: z.string(), api_key: z.string() });

export const LedgerView = z.strictObject({
  email: z.string(),
  charged: count,
  reserved: count,
  period: QuotaWindow,
  daily: QuotaWindow,
  charges: z.array(z.strictObject({ request_id: z.string(), route: z.string(), key_id: z.string(), cost: count, at: time })),
});

/** One answer of the service, as `mock.requests()` lists it. */
export const ActivityView = z.strictObject({
  request_id: z.string(),
  at: time,
  method: z.string(),
  route: z.nullable(z.string()),
  endpoint: z.nullable(z.string()),
  status: z.int(),
  error_code: z.nullable(z.string()),
  cost: count,
  metered: z.boolean(),
  latency_ms: count,
  account: z.nullable(z.string()),
});

export const RequestsSummary = z.strictObject({
  /** Answers recorded since the mock started or was last reset. */
  recorded: count,
  /** Answers the log holds now. */
  kept: count,
  /** How long (mock time) and how many answers the log keeps. */
  max_age_ms: count,
  max_count: count,
});

/** An armed fault and the fault that applied to a request, in the fault codec's wire words (tagged by `kind`). */
export { FaultView } from '../../service/faults';

export const RequestDetail = z.extend(ActivityView, {
  /** The request line's target as the service read it; whatever may be a secret is masked. */
  target: z.string(),
  /** The answer's headers, in order; a `Set-Cookie` value masked. None for a dropped connection. */
  answer_headers: z.array(z.strictObject({ name: z.string(), value: z.string() })),
  /** The key that made the request (never the key itself). */
  key: z.nullable(z.strictObject({ id: z.string(), name: z.string(), prefix: z.string() })),
  fault: z.nullable(AppliedFaultView),
  override: z.nullable(z.strictObject({ id: z.string(), kind: z.enum(['resolver', 'answer', 'error']) })),
  /** The connection was dropped (by a fault): the status is what the service committed, if anything. */
  dropped: z.boolean(),
});

export const OutboxView = z.strictObject({
  to: z.string(),
  kind: z.enum(['recovery', 'verification']),
  link: z.string(),
  sent_at: time,
});

export const ChallengeIssued = z.strictObject({ challenge_token: z.string() });

export const CheckoutView = z.strictObject({
  session_id: z.string(),
  email: z.string(),
  plan: z.string(),
  status: z.enum(['open', 'complete', 'closed']),
  created_at: time,
});

export const CheckoutStarted = z.strictObject({ session_id: z.string(), resume_token: z.string(), claim_token: z.string() });
export const CheckoutCompleted = z.strictObject({ session_id: z.string(), status: z.literal('complete') });

export const FaultArmed = z.strictObject({ armed: FaultView });
export const FaultDisarmed = z.strictObject({ disarmed: z.string() });
export const FaultsDisarmed = z.strictObject({ disarmed: count });
export const GuidanceAdded = z.strictObject({ guidance: RequestGuidanceMessage });

export const AddedEventView = z.strictObject({
  event_id: z.int(),
  sport_id: z.int(),
  league_id: z.int(),
  runner_home: z.string(),
  runner_away: z.string(),
  starts: time,
  /** The spec it was added with, its id and kickoff written out: posted again (`POST /__admin/events`), it adds the same event. */
  spec: z.custom<EventSpec>((value) => typeof value === 'object' && value !== null),
});
export const EventAdded = z.strictObject({ event_id: z.int() });
export const EventRemoved = z.strictObject({ event_id: z.int(), removed: z.literal(true) });

export const OverrideView = z.strictObject({
  id: z.string(),
  route: z.string(),
  kind: z.enum(['resolver', 'answer', 'error']),
  remaining: z.nullable(count),
  params: z.nullable(z.record(z.string(), z.unknown())),
  answer: z.optional(z.unknown()),
  error: z.optional(z.strictObject({ code: z.string(), message: z.optional(z.string()), retry_after: z.optional(z.int()) })),
});
export const OverridesRemoved = z.strictObject({ removed: count });
export const OverrideRemoved = z.strictObject({ id: z.string(), removed: z.literal(true) });
