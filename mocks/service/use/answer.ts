import * as z from 'zod/mini';
import { issueText, valueAt } from '../../../src/schemas/issue-words';
import type { RouteDef, Schema } from '../../../src/schemas';
import { defOf, zodAccepts } from '../../../src/schemas/schema-def';
import { pathText } from '../data/added';
import { ServiceError } from '../service-error';

/**
 * `422 fixture_invalid`: an override broke its route's contract. A status the service never answers, so
 * it cannot pass for a service failure: not retried by the SDK, never charged, naming route and field path.
 */
export const fixtureInvalid = (routeId: string, problem: string): ServiceError =>
  new ServiceError(422, 'fixture_invalid', `mock.use('${routeId}'): ${problem}`);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The path of the first field of `value` that `schema` does not define (a typo'd name), if any. */
function unknownField(schema: z.core.$ZodType, value: unknown, path: PropertyKey[]): PropertyKey[] | undefined {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
      return value === null || value === undefined ? undefined : unknownField(def.innerType, value, path);
    case 'array':
      if (!Array.isArray(value)) return undefined;
      for (let i = 0; i < value.length; i++) {
        const found = unknownField(def.element, value[i], [...path, i]);
        if (found) return found;
      }
      return undefined;
    case 'object': {
      if (!isRecord(value)) return undefined;
      for (const key of Object.keys(value)) {
        const field = def.shape[key];
        if (field === undefined) return [...path, key];
        const found = unknownField(field, value[key], [...path, key]);
        if (found) return found;
      }
      return undefined;
    }
    case 'union': {
      const option = def.options.find((o) => zodAccepts(o, value));
      return option === undefined ? undefined : unknownField(option, value, path);
    }
    default:
      return undefined;
  }
}

const where = (path: readonly PropertyKey[]): string => (path.length === 0 ? 'the root' : pathText(path));

/**
 * Why `answer` is not exactly a body of `schema`: `invalid` (refused) or `extra` (an undefined field); undefined when it is.
 *
 * @example
 * schemaProblem(Sport, { sport_id: 'one' }); // { kind: 'invalid', path: ['sport_id'], text: 'expected number, ...' }
 */
export function schemaProblem(
  schema: Schema,
  answer: unknown,
): { kind: 'invalid' | 'extra'; path: PropertyKey[]; text: string } | undefined {
  const parsed = z.safeParse(schema, answer);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path ?? [];
    return { kind: 'invalid', path, text: issue === undefined ? 'invalid' : issueText(issue, valueAt(answer, path)) };
  }
  const extra = unknownField(schema, answer, []);
  return extra === undefined ? undefined : { kind: 'extra', path: extra, text: 'not defined' };
}

/** Why `answer` is not exactly a body of `schema`, or undefined when it is. */
function problemOf(schema: Schema, answer: unknown): string | undefined {
  const problem = schemaProblem(schema, answer);
  if (problem === undefined) return undefined;
  return problem.kind === 'invalid'
    ? `the answer breaks the route's schema at ${where(problem.path)}: ${problem.text}`
    : `the answer has a field the route does not define at ${where(problem.path)} (a typo? the service sends only its schema's fields)`;
}

/**
 * Returns the first success status whose schema takes an override's answer exactly.
 *
 * @throws ServiceError `422 fixture_invalid` naming the route and the field's path.
 */
export function checkAnswer(route: RouteDef, answer: unknown): number {
  let first: string | undefined;
  for (const [status, schema] of Object.entries(route.responses)) {
    if (schema === undefined) continue;
    const problem = problemOf(schema, answer);
    if (problem === undefined) return Number(status);
    first ??= problem;
  }
  throw fixtureInvalid(route.id, first ?? 'the route declares no answer');
}
