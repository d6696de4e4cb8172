import { HEADER, type KnownErrorCode } from '../../src/schemas';
import type { AccountRecord } from '../state';
import { ServiceError } from '../service-error';

/** Headers every response carries: the request id, the service origin, and `Date` from the service's clock (`now`). */
export function baseHeaders(requestId: string, serviceOrigin: string, now: number): Headers {
  return new Headers({ [HEADER.requestId]: requestId, [HEADER.serviceOrigin]: serviceOrigin, Date: new Date(now).toUTCString() });
}

/** A JSON response. */
export function jsonResponse(status: number, body: unknown, headers: Headers): Response {
  headers.set('Content-Type', 'application/json');
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers });
}

/** The credit headers of spec 8.3 after a charge of `cost`, including the compatibility aliases. */
export function setCreditHeaders(headers: Headers, account: AccountRecord, cost: number, now: number): void {
  const period = account.meter.view('period', now);
  const daily = account.meter.view('daily', now);
  headers.set(HEADER.creditsCost, String(cost));
  headers.set(HEADER.creditsLimit, String(period.limit));
  headers.set(HEADER.creditsRemaining, String(period.remaining));
  headers.set(HEADER.periodLimit, String(period.limit));
  headers.set(HEADER.periodRemaining, String(period.remaining));
  headers.set(HEADER.periodReset, period.resets_at);
  headers.set(HEADER.dailyLimit, String(daily.limit));
  headers.set(HEADER.dailyRemaining, String(daily.remaining));
  headers.set(HEADER.dailyReset, daily.resets_at);
}

/** The failure as a `ServiceError`: anything unexpected is `500 internal_error`. */
export function asServiceError(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  return new ServiceError(500, 'internal_error', 'unexpected failure in the mock service');
}

/** The one error envelope (spec section 7), with `Retry-After` and challenge headers where set. */
export function errorResponse(error: ServiceError, headers: Headers, requestId: string): Response {
  if (error.options.retryAfter !== undefined) headers.set(HEADER.retryAfter, String(error.options.retryAfter));
  for (const [name, value] of Object.entries(error.options.headers ?? {})) headers.set(name, value);
  const code: KnownErrorCode = error.code;
  return jsonResponse(error.status, { error: { code, message: error.message, request_id: requestId } }, headers);
}
