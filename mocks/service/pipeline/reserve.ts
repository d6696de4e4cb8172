import { ServiceRefusal } from '../service-refusal';
import type { DataAccepted } from './context';
import { isExhausted, type Reservation } from '../state/meter';

/**
 * Reserves the route's full envelope in both windows, synchronously (docs/service.md, "Metering: credits, windows and headers"). If it does
 * not fit: `429 quota_exceeded`, `Retry-After` to the exhausted window's reset (the later if both), free.
 */
export function reserveEnvelope({ metering, call, caller, service }: DataAccepted): Reservation {
  const now = service.clock.now();
  const envelope = metering.envelope(call.input.query);
  const attempt = caller.account.meter.reserve(envelope, now);
  if (!isExhausted(attempt)) return attempt;
  const retryAfter = Math.max(1, Math.ceil((attempt.resetAt - now) / 1000));
  const which =
    attempt.windows.length === 2
      ? 'plan-period allowance and daily guard'
      : attempt.windows[0] === 'daily'
        ? 'daily guard'
        : 'plan-period allowance';
  throw new ServiceRefusal(429, 'quota_exceeded', `the ${which} cannot hold this request's ${envelope}-credit reservation`, { retryAfter });
}
