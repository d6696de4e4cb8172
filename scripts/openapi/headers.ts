import { CHARGEABLE_FAILURE_STATUSES, HEADER, type RouteDef } from '../../src/schemas';
import { shapeKeys } from '../../src/schemas/schema-def';
import type { Json } from './json-schema';

/** Headers the answers carry beyond those of `HEADER`. */
export const CACHE_CONTROL = 'Cache-Control';
export const SET_COOKIE = 'Set-Cookie';

const CREDIT_HEADERS = [
  HEADER.creditsCost,
  HEADER.creditsLimit,
  HEADER.creditsRemaining,
  HEADER.periodLimit,
  HEADER.periodRemaining,
  HEADER.periodReset,
  HEADER.dailyLimit,
  HEADER.dailyRemaining,
  HEADER.dailyReset,
];

const count = { type: 'integer', minimum: 0 };

/** The schema of each response header (docs/service.md, "Response headers"). */
export const HEADER_SCHEMAS: Readonly<Record<string, Json>> = {
  [HEADER.requestId]: { type: 'string', pattern: '^req_[0-9a-f]{32}$' },
  [HEADER.serviceOrigin]: { type: 'string', format: 'uri' },
  ...Object.fromEntries(CREDIT_HEADERS.map((name) => [name, name.endsWith('Reset') ? { type: 'string', format: 'date-time' } : count])),
  [HEADER.resultRows]: count,
  [HEADER.truncated]: { type: 'boolean' },
  [HEADER.cache]: { type: 'string', enum: ['HIT', 'MISS'] },
  [HEADER.nextCursor]: { type: 'string', minLength: 1, maxLength: 1024 },
  [HEADER.retryAfter]: { type: 'integer', minimum: 1 },
  [HEADER.wwwAuthenticate]: { type: 'string' },
  [CACHE_CONTROL]: { type: 'string', enum: ['no-store'] },
  [SET_COOKIE]: { type: 'string', pattern: '^so_checkout=' },
};

/** A header of an answer, and whether the answer always carries it. */
export type Presence = [name: string, required: boolean];

/** Whether the route's answer of `status` carries a plaintext key (`api_key`). */
const carriesKey = (route: RouteDef, status: number) => {
  const schema = route.responses[status];
  return schema !== undefined && shapeKeys(schema).includes('api_key');
};

/**
 * The headers of a success answer, by the presence rules of docs/service.md: the request id and
 * origin always; on a metered answer the credit headers, `X-Result-Rows` and `X-Result-Truncated`
 * always, `X-Cache` on a cache-eligible route and `X-Next-Cursor` on a paged one when there is
 * more; `Cache-Control: no-store` on an answer carrying a key, and with the cookie a resume token sets.
 */
export function successHeaders(route: RouteDef, status: number): Presence[] {
  const out: Presence[] = [
    [HEADER.requestId, true],
    [HEADER.serviceOrigin, true],
  ];
  if (route.metering) {
    out.push(...CREDIT_HEADERS.map((name): Presence => [name, true]), [HEADER.resultRows, true], [HEADER.truncated, true]);
    if (route.metering.cacheable) out.push([HEADER.cache, false]);
    if (shapeKeys(route.query).includes('cursor')) out.push([HEADER.nextCursor, false]);
  }
  if (carriesKey(route, status)) out.push([CACHE_CONTROL, true]);
  if (route.body !== null && shapeKeys(route.body).includes('resume_token')) out.push([SET_COOKIE, false], [CACHE_CONTROL, false]);
  return out;
}

/**
 * The headers of an error answer: the request id and origin always; the credit headers and
 * `X-Result-Rows` (0) when a metered request is charged for a failure after its work; `Retry-After`
 * always on 429 and sometimes on 503; the bearer challenge of a 401.
 */
export function errorHeaders(route: RouteDef, status: number): Presence[] {
  const out: Presence[] = [
    [HEADER.requestId, true],
    [HEADER.serviceOrigin, true],
  ];
  if (route.metering && CHARGEABLE_FAILURE_STATUSES.has(status))
    out.push(...CREDIT_HEADERS.map((name): Presence => [name, false]), [HEADER.resultRows, false]);
  if (status === 429 || status === 503) out.push([HEADER.retryAfter, status === 429]);
  if (status === 401) out.push([HEADER.wwwAuthenticate, false]);
  return out;
}

/** The component name of a header with its presence: `X-Request-Id`, or `X-Cache.optional`. */
export const headerComponent = ([name, required]: Presence): string => (required ? name : `${name}.optional`);
