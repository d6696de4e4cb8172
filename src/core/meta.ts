import { parseResponseHeaders, type CreditHeaders, type ResponseHeaders } from '../schemas/headers';

/**
 * What the SDK knows about one answer: the headers of spec 8.3 (credits, rows, truncation, cursor,
 * cache, request id, origin), the status, and how many attempts the call took.
 */
export interface ResponseMeta extends ResponseHeaders {
  /** HTTP status of the answer. */
  status: number;
  /** Attempts the call took, 1 when it was not retried. */
  attempts: number;
}

/** A call's data together with its metadata: what `.withMeta()` resolves to. */
export interface WithMeta<T> {
  data: T;
  meta: ResponseMeta;
}

export type { CreditHeaders };

/**
 * The metadata of an answer.
 *
 * @example
 * const meta = buildMeta(response.headers, 200, 1, Date.now());
 * meta.credits.cost; // charged credits, when metered
 */
export function buildMeta(headers: Headers, status: number, attempts: number, now: number): ResponseMeta {
  return { ...parseResponseHeaders(headers, now), status, attempts };
}
