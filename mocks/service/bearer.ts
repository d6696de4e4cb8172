/** The bearer credential: where a request's key is read from, and the `401` that refuses one. */
import type { HeaderReader } from './http-messages';
import { ServiceRefusal } from './service-refusal';

const CHALLENGE = 'Bearer realm="sports-odds", error="invalid_token"';

/** `401 invalid_api_key` with the bearer challenge. */
export const invalidKey = (message: string) =>
  new ServiceRefusal(401, 'invalid_api_key', message, { headers: { 'WWW-Authenticate': CHALLENGE } });

/**
 * The bearer key of a request, only from `Authorization: Bearer` (docs/service.md, "Authentication, keys and scopes"). A key in a query
 * parameter, cookie or other header is never read, so it is never looked up.
 */
export function readBearer(headers: HeaderReader): string | undefined {
  const value = headers.get('authorization');
  if (value === null) return undefined;
  const m = /^Bearer[ ]+(\S+)[ ]*$/i.exec(value);
  return m?.[1];
}

/** The `401` of a revoked key that a replayable route did not replay. */
export const revokedKey = () => invalidKey('unknown or revoked API key');
