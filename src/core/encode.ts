import * as z from 'zod/mini';
import type { Schema } from '../schemas/route';
import { encoderOf } from './encoder';
import { InvalidParametersError } from './errors/api';
import { expectedForm, issueText, shown, valueAt } from './issues';
import { redact } from './logger';

/**
 * Encodes typed parameters into their wire strings through the route's codecs (the same schemas
 * the service decodes with): booleans become `1`/`0`, numbers decimal text. Anything the service
 * would refuse throws a local `InvalidParametersError` (nothing sent, nothing charged) whose
 * messages name the parameter, what it takes and the value given (masked where it looks like a key).
 *
 * @example
 * encodeParams(routes['events.list'].query, { sport_id: 29, live: true }); // { sport_id: '29', live: '1' }
 */
export function encodeParams(schema: Schema, value: unknown): Record<string, string> {
  const input = value ?? {};
  const encoded = encoderOf(schema)?.(input);
  if (encoded !== undefined) return encoded;
  // Refused (or a schema the encoder does not cover): zod encodes, and names every issue.
  const result = z.safeEncode(schema, input as never);
  if (!result.success) throw InvalidParametersError.local(result.error.issues.map((i) => parameterIssue(schema, i, input)));
  const out: Record<string, string> = {};
  for (const [name, v] of Object.entries(result.data as Record<string, unknown>)) {
    if (v !== undefined) out[name] = String(v);
  }
  return out;
}

function parameterIssue(schema: Schema, issue: z.core.$ZodIssue, input: unknown): { path: string; message: string } {
  if (issue.code === 'unrecognized_keys') {
    // Names the caller invented may be secrets pasted in the wrong place: masked like any value.
    return { path: '', message: `unknown parameter(s): ${issue.keys.map((k) => redact(k)).join(', ')}` };
  }
  const path = issue.path.map(String).join('.');
  // A refinement over several parameters says what is wrong with their combination.
  if (issue.code === 'custom') return { path, message: issue.message };
  const given = valueAt(input, issue.path);
  const field = fieldSchema(schema, issue.path);
  if (!GENERIC.test(issue.message)) return { path, message: `${issue.message}, got ${shown(given)}` };
  return { path, message: field === undefined ? issueText(issue, given) : `expected ${expectedForm(field)}, got ${shown(given)}` };
}

/** zod/mini's message for every issue whose schema gave none. */
const GENERIC = /^Invalid input\b/;

/** The schema of a top-level parameter. */
function fieldSchema(schema: Schema, path: readonly PropertyKey[]): Schema | undefined {
  const shape = (schema._zod.def as { shape?: Record<string, Schema> }).shape;
  const name = path[0];
  return path.length === 1 && typeof name === 'string' && shape !== undefined && Object.hasOwn(shape, name) ? shape[name] : undefined;
}
