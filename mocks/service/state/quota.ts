import type { Quota, QuotaWindow } from '../../../src/schemas';

/**
 * The quota object of the account record (docs/service.md, "Account and key routes") from its two windows: the plan-period figures
 * at the top level (as `billing_period`, the wire name kept for compatibility), and both windows.
 *
 * @example
 * const quota = quotaOf(meter.view('period', now), meter.view('daily', now));
 */
export function quotaOf(period: QuotaWindow, daily: QuotaWindow): Quota {
  return {
    period: `${period.starts_at}/${period.resets_at}`,
    limit: period.limit,
    used: period.used,
    committed: period.committed,
    remaining: period.remaining,
    resets_at: period.resets_at,
    billing_period: period,
    daily,
  };
}
