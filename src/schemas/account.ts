import * as z from 'zod/mini';
import { count, date, dateTime } from './primitives';
import { qDays, query } from './query';

/** Account status values of docs/service.md's "Numeric codes and identifiers". */
export const ACCOUNT_STATUSES = ['active', 'past_due', 'suspended', 'canceled', 'expired', 'held', 'reconciliation_required'] as const;
export const AccountStatus = z.enum(ACCOUNT_STATUSES);
export type AccountStatus = z.infer<typeof AccountStatus>;

/** A plan as shown in the account record. */
export const Plan = z.object({
  slug: z.string(),
  name: z.string(),
  daily_credit_limit: count,
  rate_limit_rps: count,
});
export interface Plan extends z.infer<typeof Plan> {}

/** One metering window (docs/service.md, "Account and key routes"): remaining is spendable after completed and active requests. */
export const QuotaWindow = z.object({
  starts_at: dateTime,
  resets_at: dateTime,
  limit: count,
  used: count,
  in_flight: count,
  committed: count,
  remaining: count,
});
export interface QuotaWindow extends z.infer<typeof QuotaWindow> {}

/** The quota object: the plan-period figures at the top level, and both windows. */
export const Quota = z.object({
  period: z.string(),
  limit: count,
  used: count,
  committed: count,
  remaining: count,
  resets_at: dateTime,
  /** The plan-period window (wire name kept for compatibility). */
  billing_period: QuotaWindow,
  /** The UTC-daily guard. */
  daily: QuotaWindow,
});
export interface Quota extends z.infer<typeof Quota> {}

/** Whether the exact current mailbox is authorized for lost-key recovery. */
export const RecoveryEmailStatus = z.object({
  verified: z.boolean(),
  verified_at: z.nullable(dateTime),
});
export interface RecoveryEmailStatus extends z.infer<typeof RecoveryEmailStatus> {}

/** `GET /v1/account` (docs/service.md, "Account and key routes"). */
export const Account = z.object({
  email: z.email(),
  status: z.string(),
  plan: Plan,
  quota: Quota,
  recovery_email: RecoveryEmailStatus,
});
export interface Account extends z.infer<typeof Account> {}

/** One UTC day of the usage series. */
export const UsageDay = z.object({ date, requests: count, credits: count });
export interface UsageDay extends z.infer<typeof UsageDay> {}

/** `GET /v1/account/usage`: one entry per UTC day, zero-filled (docs/service.md, "Account and key routes"). */
export const Usage = z.object({ days: z.int().check(z.gte(1), z.lte(90)), from: date, to: date, series: z.array(UsageDay) });
export interface Usage extends z.infer<typeof Usage> {}

/** `days` 1 to 90, default 30. */
export const DaysQuery = query({ days: z.optional(qDays) });
export type DaysQuery = z.output<typeof DaysQuery>;

/** `POST /v1/account/billing-portal` answer (registered only when the mock turns it on). */
export const BillingPortal = z.object({ portal_url: z.url() });
export interface BillingPortal extends z.infer<typeof BillingPortal> {}
