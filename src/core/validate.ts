import * as z from 'zod/mini';
import type { Schema } from '../schemas/route';
import { ResponseValidationError } from './errors/validation';
import type { ResponseMeta } from './meta';

const compiled = new WeakMap<Schema, Schema>();

/**
 * The schema compiled once, on first use, into a generated fast parser; the plain schema where code
 * generation is off (`z.config({ jitless: true })`) or forbidden (a strict Content-Security-Policy).
 */
function parserOf(schema: Schema): Schema {
  let parser = compiled.get(schema);
  if (parser === undefined) {
    parser = schema;
    if (!z.config().jitless) {
      try {
        parser = z.compile(schema);
      } catch {
        parser = schema;
      }
    }
    compiled.set(schema, parser);
  }
  return parser;
}

/**
 * Parses an answer's JSON through its schema: unknown fields are dropped, and a mismatch throws
 * `ResponseValidationError` with the issue paths.
 *
 * @example
 * const rows = validateBody(routes['events.odds'].responses[200], json, 'events.odds', meta);
 */
export function validateBody<T>(schema: Schema, json: unknown, routeId: string, meta: ResponseMeta): T {
  const result = z.safeParse(parserOf(schema), json);
  if (result.success) return result.data as T;
  const issues = result.error.issues.map((i) => ({ path: i.path, message: i.message, code: i.code }));
  throw new ResponseValidationError(routeId, issues, meta);
}

/** Parses JSON text, or throws `ResponseValidationError` for a body that is not JSON. */
export function parseJson(text: string, routeId: string, meta: ResponseMeta): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ResponseValidationError(routeId, [{ path: [], message: 'the body is not JSON', code: 'invalid_json' }], meta);
  }
}
