import type * as z from 'zod/mini';
import { jsonSchemaOf, type Json } from '../schemas/json-schema';

/** Bounds that only restate JavaScript's safe integers: noise in a model's context. */
const SAFE = Number.MAX_SAFE_INTEGER;

const isNullBranch = (node: unknown): boolean => (node as Json)['type'] === 'null';

/**
 * A JSON Schema node without what costs tokens and tells a model nothing (patterns, lengths,
 * `additionalProperties`, safe-integer bounds); nullables folded. `keep` says which value keywords stay.
 */
function compactNode(node: Json, keep: 'input' | 'output'): Json {
  const anyOf = node['anyOf'] as Json[] | undefined;
  if (anyOf?.length === 2 && anyOf.some(isNullBranch)) {
    const value = compactNode(anyOf.find((b) => !isNullBranch(b)) as Json, keep);
    if (typeof value['type'] === 'string' && value['enum'] === undefined) return { ...value, type: [value['type'], 'null'] };
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    // Unknown arguments are refused by name anyway; a record's key schema says nothing.
    if (['pattern', 'description', 'additionalProperties', 'propertyNames', 'minLength', 'maxLength'].includes(key)) continue;
    if ((key === 'maximum' && value === SAFE) || ((key === 'minimum' || key === 'exclusiveMinimum') && value === -SAFE)) continue;
    if (keep === 'output' && !['type', 'properties', 'items', 'anyOf', 'required'].includes(key)) continue;
    if (key === 'exclusiveMinimum' && value === 0 && node['type'] === 'integer') out['minimum'] = 1;
    else if (key === 'default' && typeof value !== (node['type'] === 'integer' ? 'number' : node['type'])) continue;
    else if (key === 'properties')
      out[key] = Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, compactNode(v as Json, keep)]));
    else if (key === 'items') out[key] = compactNode(value as Json, keep);
    else if (key === 'anyOf') out[key] = (value as Json[]).map((b) => compactNode(b, keep));
    else out[key] = value;
  }
  return out;
}

/**
 * The JSON Schema of typed values a schema of the route table takes (decoded: integers, booleans,
 * RFC 3339 text), compacted for a tool's `inputSchema`.
 *
 * @example
 * inputSchemaOf(routes['events.odds'].params); // { type: 'object', properties: { event_id: { type: 'integer', minimum: 1 } }, ... }
 */
export const inputSchemaOf = (schema: z.core.$ZodType): Json => compactNode(jsonSchemaOf(schema, 'output'), 'input');

/**
 * The JSON Schema of an answer's body for a tool's `outputSchema`, each column left open (`{}`):
 * every column may be null or absent, and types would double the tool list a model reads each turn.
 */
export const outputSchemaOf = (schema: z.core.$ZodType): Json => columnsOnly(compactNode(jsonSchemaOf(schema, 'output'), 'output'));

/** An object schema with its properties named and left open; arrays and nesting kept. */
function columnsOnly(node: Json): Json {
  const out: Json = { ...node };
  if (node['items'] !== undefined) out['items'] = columnsOnly(node['items'] as Json);
  const properties = node['properties'] as Json | undefined;
  if (properties !== undefined) out['properties'] = Object.fromEntries(Object.keys(properties).map((k) => [k, {}]));
  return out;
}
