import { ResponseValidationError } from '../errors';
import type { ResponseMeta } from '../types';

/** An answer's metadata, or how to read it: only a failure needs it. */
export type MetaOf = ResponseMeta | (() => ResponseMeta);

export const metaOf = (meta: MetaOf): ResponseMeta => (typeof meta === 'function' ? meta() : meta);

/**
 * Parses an answer's JSON text, or throws `ResponseValidationError` for a body that is not JSON.
 *
 * @example
 * const json = parseJson(answer.text, 'events.odds', () => answer.meta);
 */
export function parseJson(text: string, routeId: string, meta: MetaOf): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ResponseValidationError(routeId, [{ path: [], message: 'the body is not JSON', code: 'invalid_json' }], metaOf(meta));
  }
}
