import * as z from 'zod/mini';
import { expectedForm, expectedOf, isGeneric, valueAt } from '../schemas/issue-words';
import type { Schema } from '../schemas/route';

/**
 * A tool's arguments refused before anything is sent or charged. Its message names the argument
 * and what it takes, never the value given (an agent may paste a secret anywhere).
 */
export class ArgumentError extends Error {
  override name = 'ArgumentError';
}

/** API keys, bearer credentials, rotation nonces and credential tokens of the service's formats. */
const SECRET = /svc_(?:live|test)_[A-Za-z0-9]{8,}|\bBearer\s+\S{8,}|\b(?:rot|clm|rcv|emv|res|ckv)_[A-Za-z0-9_-]{16,}/;

/**
 * Refuses arguments holding something that looks like a key or credential token, anywhere in them
 * (names included): this server never takes one as an argument, and never repeats it.
 *
 * @example
 * refuseSecrets({ sport_id: 'svc_live_abcdefgh' }); // throws ArgumentError naming `sport_id`
 */
export function refuseSecrets(value: unknown, path = ''): void {
  if (typeof value === 'string') {
    if (SECRET.test(value)) {
      throw new ArgumentError(
        `${path || 'an argument'} looks like an API key or credential token: this server never takes one as an argument (it was not sent, logged or charged); remove it from the conversation and rotate the key if it was real`,
      );
    }
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, inner] of Object.entries(value)) {
    refuseSecrets(key, path);
    refuseSecrets(inner, path === '' ? key : `${path}.${key}`);
  }
}

/** The schema of a field of an object schema at a path, where there is one. */
function fieldAt(schema: Schema, path: readonly PropertyKey[]): Schema | undefined {
  let at: Schema | undefined = schema;
  for (const key of path) {
    const def = at?._zod.def as { shape?: Record<string, Schema>; element?: Schema; innerType?: Schema } | undefined;
    const inner: Schema | undefined = def?.innerType ?? at;
    const innerDef = inner?._zod.def as { shape?: Record<string, Schema>; element?: Schema } | undefined;
    at = typeof key === 'number' ? innerDef?.element : innerDef?.shape?.[String(key)];
  }
  return at;
}

/** One issue in words that never repeat the value given. */
function issueWords(schema: Schema, issue: z.core.$ZodIssue, value: unknown, names: readonly string[]): string {
  const path = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') return `unknown argument(s) (${issue.keys.length}): this tool takes ${names.join(', ')}`;
  if (!isGeneric(issue)) return `${path}: ${issue.message}`;
  const field = fieldAt(schema, issue.path);
  const expected = field === undefined ? expectedOf(issue) : `expected ${expectedForm(field)}`;
  return `${path || 'arguments'}: ${issue.code === 'invalid_type' && valueAt(value, issue.path) === undefined ? 'required' : (expected ?? 'invalid')}`;
}

/**
 * Typed arguments checked against a route table schema (as the SDK checks); `ArgumentError` names every issue.
 *
 * @example
 * checkArguments(routes['events.list'].query, { limit: 50 }, ['limit']); // { limit: 50 }
 */
export function checkArguments<T>(schema: Schema, value: unknown, names: readonly string[]): T {
  const result = z.safeEncode(schema, value as never);
  if (result.success) return value as T;
  throw new ArgumentError(result.error.issues.map((i) => issueWords(schema, i, value, names)).join('; '));
}
