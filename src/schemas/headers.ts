/**
 * The response headers of docs/service.md's "Response headers", typed. Plain functions, not a schema: a
 * malformed header must never turn a good response into an error, so it reads as absent.
 */

/** Credit figures of a metered response. All fields are absent on an unmetered one. */
export interface CreditHeaders {
  /** Credits charged (authoritative); 0 means no charge. */
  cost?: number;
  /** Plan-period limit (`X-Credits-Period-Limit`, or the `X-Credits-Limit` alias). */
  periodLimit?: number;
  /** Plan-period remaining after this response. */
  periodRemaining?: number;
  /** Plan-period reset, UTC. */
  periodReset?: Date;
  dailyLimit?: number;
  dailyRemaining?: number;
  /** Next 00:00 UTC. */
  dailyReset?: Date;
}

/** Every header of docs/service.md's "Response headers", typed. */
export interface ResponseHeaders {
  credits: CreditHeaders;
  /** `true` when the response was metered (credit headers present). */
  metered: boolean;
  /** Validated rows; always present on successful data responses. */
  resultRows?: number;
  /** More matching rows may exist. */
  truncated?: boolean;
  /** Live-events continuation. */
  nextCursor?: string;
  /** Cache outcome, on cache-eligible routes only. */
  cache?: 'HIT' | 'MISS';
  requestId?: string;
  serviceOrigin?: string;
  /** Seconds to wait, on 429/503. */
  retryAfter?: number;
  wwwAuthenticate?: string;
}

/** The request header naming the SDK and version (`sports-odds-data/1.2.3`); the standalone mock's CORS allows it. */
export const SDK_VERSION_HEADER = 'X-SDK-Version';

/** Header names of docs/service.md's "Response headers". */
export const HEADER = {
  creditsCost: 'X-Credits-Cost',
  creditsLimit: 'X-Credits-Limit',
  creditsRemaining: 'X-Credits-Remaining',
  periodLimit: 'X-Credits-Period-Limit',
  periodRemaining: 'X-Credits-Period-Remaining',
  periodReset: 'X-Credits-Period-Reset',
  dailyLimit: 'X-Credits-Daily-Limit',
  dailyRemaining: 'X-Credits-Daily-Remaining',
  dailyReset: 'X-Credits-Daily-Reset',
  resultRows: 'X-Result-Rows',
  truncated: 'X-Result-Truncated',
  nextCursor: 'X-Next-Cursor',
  cache: 'X-Cache',
  requestId: 'X-Request-Id',
  serviceOrigin: 'X-Service-Origin',
  retryAfter: 'Retry-After',
  wwwAuthenticate: 'WWW-Authenticate',
} as const;

// Every int64 header of docs/service.md's "Response headers" is a count of credits, rows or seconds: never negative.
const INT64 = /^[0-9]{1,16}$/;
// RFC 3339 date-times, and HTTP dates (IMF-fixdate) for Retry-After.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
const HTTP_DATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/** A non-negative int64 header as a safe integer, or undefined when absent or not one. */
export function parseIntHeader(value: string | null): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (!INT64.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** A boolean header (`true`/`false`, also `1`/`0`). */
export function parseBoolHeader(value: string | null): boolean | undefined {
  switch (value?.trim().toLowerCase()) {
    case 'true':
    case '1':
      return true;
    case 'false':
    case '0':
      return false;
    default:
      return undefined;
  }
}

/** A date-time header as a Date, or undefined when absent or unparseable. */
export function parseDateHeader(value: string | null): Date | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (!DATE_TIME.test(text) && !HTTP_DATE.test(text)) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : new Date(ms);
}

/** `Retry-After`: integer seconds >= 1, or an HTTP date converted to seconds from `now`. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const seconds = parseIntHeader(value);
  if (seconds !== undefined) return Math.max(1, seconds);
  const at = parseDateHeader(value);
  return at === undefined ? undefined : Math.max(1, Math.ceil((at.getTime() - now) / 1000));
}

function assign<K extends string, V>(target: Partial<Record<K, V>>, key: K, value: V | undefined): void {
  if (value !== undefined) target[key] = value;
}

/** The credit headers of a response; the `X-Credits-Period-*` names win over the compatibility aliases. */
export function parseCreditHeaders(headers: Headers): CreditHeaders {
  const credits: CreditHeaders = {};
  const int = (name: string) => parseIntHeader(headers.get(name));
  assign(credits, 'cost', int(HEADER.creditsCost));
  assign(credits, 'periodLimit', int(HEADER.periodLimit) ?? int(HEADER.creditsLimit));
  assign(credits, 'periodRemaining', int(HEADER.periodRemaining) ?? int(HEADER.creditsRemaining));
  assign(credits, 'periodReset', parseDateHeader(headers.get(HEADER.periodReset)));
  assign(credits, 'dailyLimit', int(HEADER.dailyLimit));
  assign(credits, 'dailyRemaining', int(HEADER.dailyRemaining));
  assign(credits, 'dailyReset', parseDateHeader(headers.get(HEADER.dailyReset)));
  return credits;
}

/**
 * Every header of docs/service.md's "Response headers" as a typed object.
 *
 * @example
 * const meta = parseResponseHeaders(response.headers);
 * if (meta.truncated) console.warn('narrow the filters');
 */
export function parseResponseHeaders(headers: Headers, now = Date.now()): ResponseHeaders {
  const credits = parseCreditHeaders(headers);
  const parsed: ResponseHeaders = { credits, metered: credits.cost !== undefined };
  assign(parsed, 'resultRows', parseIntHeader(headers.get(HEADER.resultRows)));
  assign(parsed, 'truncated', parseBoolHeader(headers.get(HEADER.truncated)));
  assign(parsed, 'nextCursor', headers.get(HEADER.nextCursor) ?? undefined);
  const cache = headers.get(HEADER.cache)?.toUpperCase();
  assign(parsed, 'cache', cache === 'HIT' || cache === 'MISS' ? cache : undefined);
  assign(parsed, 'requestId', headers.get(HEADER.requestId) ?? undefined);
  assign(parsed, 'serviceOrigin', headers.get(HEADER.serviceOrigin) ?? undefined);
  assign(parsed, 'retryAfter', parseRetryAfter(headers.get(HEADER.retryAfter), now));
  assign(parsed, 'wwwAuthenticate', headers.get(HEADER.wwwAuthenticate) ?? undefined);
  return parsed;
}
