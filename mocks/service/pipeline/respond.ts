import { HEADER } from '../../../src/schemas';
import { AnswerHeaders, type ServiceAnswer } from '../http-messages';
import { toFetchResponse } from '../fetch-adapter';
import type { AccountRecord } from '../state';
import { ServiceRefusal, type ServiceRefusalCode } from '../service-refusal';

let lastDate = { second: Number.NaN, text: '' };

/** The HTTP date of `now` (whole seconds), written once per second of mock time. */
function httpDate(now: number): string {
  const second = Math.floor(now / 1000);
  if (second !== lastDate.second) lastDate = { second, text: new Date(second * 1000).toUTCString() };
  return lastDate.text;
}

/** Headers every answer carries: the request id, the service origin, and `Date` from the service's clock (`now`). */
export function baseHeaders(requestId: string, serviceOrigin: string, now: number): AnswerHeaders {
  return new AnswerHeaders({ [HEADER.requestId]: requestId, [HEADER.serviceOrigin]: serviceOrigin, Date: httpDate(now) });
}

/** A JSON answer; `text` is the body already serialized (a cached answer, with `utf8` where kept encoded), else `body` is. */
export function jsonAnswer(status: number, body: unknown, headers: AnswerHeaders, text?: string, utf8?: Uint8Array): ServiceAnswer {
  headers.set('Content-Type', 'application/json');
  if (status === 204) return { status, headers, body: null, utf8: undefined };
  return { status, headers, body: text ?? JSON.stringify(body), utf8 };
}

/** A JSON answer as a Fetch `Response` (the control plane and the pages answer through MSW). */
export const jsonResponse = (status: number, body: unknown, headers: AnswerHeaders): Response =>
  toFetchResponse(jsonAnswer(status, body, headers));

/** The credit headers of docs/service.md's "Response headers" after a charge of `cost`, including the compatibility aliases. */
export function setCreditHeaders(headers: AnswerHeaders, account: AccountRecord, cost: number, now: number): void {
  const period = account.meter.headerView('period', now);
  const daily = account.meter.headerView('daily', now);
  const periodLimit = String(period.limit);
  const periodRemaining = String(period.remaining);
  headers.set(HEADER.creditsCost, String(cost));
  headers.set(HEADER.creditsLimit, periodLimit);
  headers.set(HEADER.creditsRemaining, periodRemaining);
  headers.set(HEADER.periodLimit, periodLimit);
  headers.set(HEADER.periodRemaining, periodRemaining);
  headers.set(HEADER.periodReset, period.resetsAt);
  headers.set(HEADER.dailyLimit, String(daily.limit));
  headers.set(HEADER.dailyRemaining, String(daily.remaining));
  headers.set(HEADER.dailyReset, daily.resetsAt);
}

/** The failure as a `ServiceRefusal`: anything unexpected is `500 internal_error`. */
export function asServiceRefusal(error: unknown): ServiceRefusal {
  if (error instanceof ServiceRefusal) return error;
  return new ServiceRefusal(500, 'internal_error', 'unexpected failure in the mock service');
}

/** The one error envelope (docs/service.md, "Errors"), with `Retry-After` and challenge headers where set. */
export function errorAnswer(error: ServiceRefusal, headers: AnswerHeaders, requestId: string): ServiceAnswer {
  if (error.options.retryAfter !== undefined) headers.set(HEADER.retryAfter, String(error.options.retryAfter));
  for (const [name, value] of Object.entries(error.options.headers ?? {})) headers.set(name, value);
  const code: ServiceRefusalCode = error.code;
  return jsonAnswer(error.status, { error: { code, message: error.message, request_id: requestId } }, headers);
}

/** The error envelope as a Fetch `Response`. */
export const errorResponse = (error: ServiceRefusal, headers: AnswerHeaders, requestId: string): Response =>
  toFetchResponse(errorAnswer(error, headers, requestId));
