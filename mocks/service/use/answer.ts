import type { RouteDef, Schema } from '../../../src/schemas';
import { pathText, schemaProblem } from '../../../src/schemas/schema-problem';
import { ServiceRefusal } from '../service-refusal';

/**
 * `422 fixture_invalid`: an override broke its route's contract. A status the service never answers, so
 * it cannot pass for a service failure: not retried by the SDK, never charged, naming route and field path.
 */
export const fixtureInvalid = (routeId: string, problem: string): ServiceRefusal =>
  new ServiceRefusal(422, 'fixture_invalid', `mock.use('${routeId}'): ${problem}`);

const where = (path: readonly PropertyKey[]): string => (path.length === 0 ? 'the root' : pathText(path));

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
 * @throws ServiceRefusal `422 fixture_invalid` naming the route and the field's path.
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
