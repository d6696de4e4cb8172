import type { Schema } from '../../schemas/route';
import { ResponseValidationError } from '../errors';
import { type MetaOf, metaOf } from './json';
import { validatorOf } from './fast-validators';

export type { MetaOf } from './json';

/**
 * Checks an answer's JSON against its schema in place (unknown fields kept, for forward compatibility); a mismatch throws `ResponseValidationError`.
 *
 * @example
 * const rows = await validateBody<OddsSnapshot[]>(routes['events.odds'].responses[200], json, 'events.odds', meta);
 */
export function validateBody<T>(schema: Schema, json: unknown, routeId: string, meta: MetaOf): T | Promise<T> {
  if (validatorOf(schema)(json)) return json as T;
  // The failure path only: zod's own parse, loaded now, names every issue with its path.
  return import('./issue-report').then(({ answerIssues }) => {
    const issues = answerIssues(schema, json);
    if (issues === undefined) return json as T;
    throw new ResponseValidationError(routeId, issues, metaOf(meta));
  });
}
