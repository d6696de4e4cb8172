import * as z from 'zod/mini';
import type { Schema } from '../schemas/route';
import { ResponseValidationError } from './errors/validation';
import { issueText, valueAt } from './issues';
import { type MetaOf, metaOf } from './json';
import { validatorOf } from './validator';

export { type MetaOf, parseJson } from './json';

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
