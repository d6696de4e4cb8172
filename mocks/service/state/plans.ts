/** A plan of the mock's catalog (docs/service.md, "Metering: credits, windows and headers"). */
export interface PlanConfig {
  slug: string;
  name: string;
  /** Plan-period allowance in credits. */
  periodCredits: number;
  /** Length of the plan period in days. */
  periodDays: number;
  /** UTC-daily guard in credits. */
  dailyCredits: number;
  /** Requests per second, shared by every key of the account. */
  rateLimitRps: number;
}

/** The default catalog: trial, starter and pro. */
export const DEFAULT_PLANS: Readonly<Record<string, PlanConfig>> = {
  trial: { slug: 'trial', name: 'Trial', periodCredits: 10_000, periodDays: 30, dailyCredits: 1_000, rateLimitRps: 2 },
  starter: { slug: 'starter', name: 'Starter', periodCredits: 100_000, periodDays: 30, dailyCredits: 10_000, rateLimitRps: 5 },
  pro: { slug: 'pro', name: 'Pro', periodCredits: 1_000_000, periodDays: 30, dailyCredits: 100_000, rateLimitRps: 20 },
};
