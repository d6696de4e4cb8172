import type { Caller } from '../contract';
import { ServiceRefusal } from '../service-refusal';

/** The refusal of each rate, made once: it is the same value for every request over that rate. */
const refusals = new Map<number, ServiceRefusal>();
const REFUSALS_KEPT = 64;

/**
 * The per-second window of the caller's account (docs/service.md, "Rate limit"): over it, the
 * `429 rate_limited` to answer (`Retry-After: 1`, free), returned rather than thrown.
 */
export function admitRate(caller: Caller, now: number): ServiceRefusal | undefined {
  const limit = caller.account.plan.rateLimitRps;
  if (caller.account.rate.admit(now, limit)) return undefined;
  let refusal = refusals.get(limit);
  if (refusal === undefined) {
    refusal = new ServiceRefusal(429, 'rate_limited', `more than ${limit} requests per second for this account`, { retryAfter: 1 });
    if (refusals.size < REFUSALS_KEPT) refusals.set(limit, refusal);
  }
  return refusal;
}
