import { parseResponseHeaders } from '../schemas/headers';
import type { ResponseMeta } from './types';

/**
 * The metadata of an answer: the headers of spec 8.3, its status and the attempts the call took.
 *
 * @example
 * const meta = buildMeta(response.headers, 200, 1, Date.now());
 * meta.credits.cost; // charged credits, when metered
 */
export function buildMeta(headers: Headers, status: number, attempts: number, now: number): ResponseMeta {
  return { ...parseResponseHeaders(headers, now), status, attempts };
}
