import * as z from 'zod/mini';
import type { Schema } from '../schemas/route';
import { ResponseValidationError } from './errors/validation';
import { issueText, valueAt } from './issues';
import type { ResponseMeta } from './types';
import { validatorOf } from './validator';

/** An answer's metadata, or how to read it: only a failure needs it. */
export type MetaOf = ResponseMeta | (() => ResponseMeta);

const metaOf = (meta: MetaOf): ResponseMeta => (typeof meta === 'function' ? meta() : meta);

/**
 * Checks an answer's parsed JSON against its schema, in place: the same object comes back, with
 * fields the SDK does not know yet kept (forward compatibility), while a known field of the wrong
 * type throws `ResponseValidationError` with zod's issue paths.
 *
 * @example
 * const rows = validateBody<OddsSnapshot[]>(routes['events.odds'].responses[200], json, 'events.odds', meta);
 */
export function validateBody<T>(schema: Schema, json: unknown, routeId: string, meta: MetaOf): T {
  if (validatorOf(schema)(json)) return json as T;
  // The failure path only: zod's own parse names every issue with its path.
  const result = z.safeParse(schema, json);
  if (result.success) return json as T;
  const issues = result.error.issues.map((i) => ({ path: i.path, message: issueText(i, valueAt(json, i.path)), code: i.code }));
  throw new ResponseValidationError(routeId, issues, metaOf(meta));
}

/** Parses JSON text, or throws `ResponseValidationError` for a body that is not JSON. */
export function parseJson(text: string, routeId: string, meta: MetaOf): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ResponseValidationError(routeId, [{ path: [], message: 'the body is not JSON', code: 'invalid_json' }], metaOf(meta));
  }
}
