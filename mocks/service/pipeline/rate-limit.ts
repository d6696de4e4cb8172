import type { Caller } from '../contract';
import { ServiceError } from '../service-error';

/** The per-second window of the caller's account (docs/service.md, "Rate limit"): over it, `429 rate_limited`, `Retry-After: 1`, free. */
export function admitRate(caller: Caller, now: number): void {
  if (!caller.account.rate.admit(now, caller.account.plan.rateLimitRps)) {
    throw new ServiceError(429, 'rate_limited', `more than ${caller.account.plan.rateLimitRps} requests per second for this account`, {
      retryAfter: 1,
    });
  }
}
