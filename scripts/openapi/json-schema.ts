import type * as z from 'zod/mini';
import { jsonSchemaOf, type Json } from '../../src/schemas/json-schema';

export { jsonSchemaOf, type Json };

/** The JSON value a wire text spells (`1`, `true`), or undefined when it spells a string. */
function literalOf(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'string' ? undefined : value;
  } catch {
    return undefined;
  }
}

const jsonType = (value: unknown) => (Number.isInteger(value) ? 'integer' : typeof value === 'number' ? 'number' : typeof value);

/**
 * The schema of one path, query or header parameter: the value its wire text decodes to (an
 * integer with its bounds, a number, a date-time), since a parameter's text is read as its schema's
 * type. A value the wire writes as other literals (a boolean as `1`/`0`/`true`/`false`) is listed as
 * exactly those literals, so generated clients take `live: 1` and send what the service reads.
 */
export function parameterSchemaOf(schema: z.core.$ZodType): Json {
  const typed = jsonSchemaOf(schema, 'output');
  const wire = jsonSchemaOf(schema, 'input');
  const texts = wire['enum'] as unknown[] | undefined;
  const literals = texts?.map((text) => (typeof text === 'string' ? literalOf(text) : undefined));
  if (typed['type'] === 'string' || !literals || literals.some((value) => value === undefined)) return typed;
  const { type: _type, ...rest } = typed;
  return { ...rest, type: [...new Set(literals.map(jsonType))], enum: literals };
}
