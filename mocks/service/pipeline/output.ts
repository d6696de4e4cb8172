import * as z from 'zod/mini';
import type { RouteDef } from '../../../src/schemas';
import { ServiceError } from '../service-error';

/** Any zod schema: a route's answer, or a part of one (its row). */
type Schema = z.core.$ZodType;

const compiledSchemas = new WeakMap<Schema, Schema>();

/** The schema compiled once (zod's AOT fast path), or as it is where code generation is refused. */
function compiled(schema: Schema): Schema {
  let fast = compiledSchemas.get(schema);
  if (!fast) {
    fast = z.compile(schema);
    compiledSchemas.set(schema, fast);
  }
  return fast;
}

/**
 * Validates the mock's own answer against the route table (so the mock can never drift from the
 * SDK's types) and returns what is sent: unknown source fields stripped.
 */
export function validateOutput(route: RouteDef, status: number, body: unknown): unknown {
  const schema = route.responses[status];
  if (!schema) throw new ServiceError(500, 'internal_error', `the mock produced status ${status}, which ${route.id} does not declare`);
  return checkedOutput(schema, body);
}

/** A part of an answer validated against its schema (`at` prefixes the path an issue names): what is sent of it. */
export function checkedOutput(schema: Schema, body: unknown, at = ''): unknown {
  const parsed = z.safeParse(compiled(schema), body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = `${at}${issue ? issue.path.map(String).join('.') : ''}`.replace(/\.$/, '');
    throw new ServiceError(
      500,
      'internal_error',
      `the mock's answer failed its own schema at ${where || 'the root'}: ${issue?.message ?? ''}`,
    );
  }
  return parsed.data;
}
