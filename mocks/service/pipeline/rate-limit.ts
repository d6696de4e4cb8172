import type { Caller } from '../context';
import { ServiceError } from '../service-error';

/**
 * The per-second window of the caller's account (docs/service.md, "Rate limit"): over it, the
 * `429 rate_limited` to answer (`Retry-After: 1`, free), returned rather than thrown.
 */
export function admitRate(caller: Caller, now: number): ServiceError | undefined {
  if (caller.account.rate.admit(now, caller.account.plan.rateLimitRps)) return undefined;
  return new ServiceError(
    429,
    'rate_limited',
    `more than ${caller.account.plan.rateLimitRps} requests per second for this account`,
    RETRY_NEXT_SECOND,
  );
}

const RETRY_NEXT_SECOND = { retryAfter: 1 } as const;
