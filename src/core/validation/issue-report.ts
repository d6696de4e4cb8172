import * as z from 'zod/mini';
import type { Schema } from '../../schemas/route';
import { expectedForm, issueText, shown, valueAt } from '../../schemas/issue-words';
import { redact } from '../../schemas/redact';
import { INSTANT_PARAMS, withUtcInstants } from './instants';

/* zod's own parse and issue words, loaded only on a refused parameter or a failing answer; it imports no barrel-exported module, so bundlers' evaluation order holds. */

/** One issue in the SDK's words. */
export interface IssueReport {
  path: readonly PropertyKey[];
  message: string;
  code: string;
}

/** The issues of `json` against an answer's schema, or undefined when zod accepts it. */
export function answerIssues(schema: Schema, json: unknown): IssueReport[] | undefined {
  const result = z.safeParse(schema, json);
  if (result.success) return undefined;
  return result.error.issues.map((i) => ({ path: i.path, message: issueText(i, valueAt(json, i.path)), code: i.code }));
}

/** Typed parameters through zod's codecs: the wire strings, or every issue named (a value that looks like a key masked). */
export function encodeOrReport(
  schema: Schema,
  given: unknown,
): { encoded: Record<string, string> } | { issues: { path: string; message: string }[] } {
  // A Date or a +00:00 instant (which the wire encoder refuses) is sent with Z; a refused value is named as given.
  const input = withUtcInstants(given);
  const result = z.safeEncode(schema, input as never);
  if (!result.success) return { issues: result.error.issues.map((i) => parameterIssue(schema, i, input)) };
  const encoded: Record<string, string> = {};
  for (const [name, v] of Object.entries(result.data as Record<string, unknown>)) {
    if (v !== undefined) encoded[name] = String(v);
  }
  return { encoded };
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
  // The service's words for an instant (UTC with Z), and what the SDK also takes and sends that way.
  const instant = INSTANT_PARAMS.includes(path) ? ' (with Z or +00:00), or a valid Date' : '';
  if (!GENERIC.test(issue.message)) return { path, message: `${issue.message}${instant}, got ${shown(given)}` };
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
