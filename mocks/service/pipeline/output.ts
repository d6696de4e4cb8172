import * as z from 'zod/mini';
import type { RouteDef, Schema } from '../../../src/schemas';
import { ServiceRefusal } from '../service-refusal';

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
  if (!schema) throw new ServiceRefusal(500, 'internal_error', `the mock produced status ${status}, which ${route.id} does not declare`);
  const parsed = z.safeParse(compiled(schema), body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? issue.path.map(String).join('.') : '';
    throw new ServiceRefusal(
      500,
      'internal_error',
      `the mock's answer failed its own schema at ${where || 'the root'}: ${issue?.message ?? ''}`,
    );
  }
  return parsed.data;
}
