import * as z from 'zod/mini';
import { schemaNotes, type SchemaNote } from '../../src/schemas/documentation';

/** A JSON value of the document. */
export type Json = Record<string, unknown>;

const isNull = (branch: unknown) => (branch as Json)['type'] === 'null';

/** Puts a note on a node, or on its value branches where the node is a nullable row field. */
function applyNote(note: SchemaNote, node: Json): void {
  const anyOf = node['anyOf'] as Json[] | undefined;
  if (anyOf?.some(isNull)) {
    // The value branch can be the node of a schema other fields share (`int64`): noted on a copy.
    node['anyOf'] = anyOf.map((branch) => (isNull(branch) ? branch : { ...branch }));
    for (const branch of node['anyOf'] as Json[]) if (!isNull(branch)) applyNote(note, branch);
    return;
  }
  if (note.minimum !== undefined) {
    delete node['exclusiveMinimum'];
    node['minimum'] = note.minimum;
  }
  if (note.format !== undefined) node['format'] = note.format;
  if (note.default !== undefined) node['default'] = note.default;
  if (note.enum !== undefined)
    node['enum'] = Array.isArray(node['type']) && node['type'].includes('null') ? [...note.enum, null] : [...note.enum];
}

/**
 * The JSON Schema (draft 2020-12) of a schema of the route table, as it validates on `io`, with
 * the document's notes (src/schemas/documentation.ts) applied.
 */
export function jsonSchemaOf(schema: z.core.$ZodType, io: 'input' | 'output'): Json {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override: ({ zodSchema, jsonSchema }) => {
      const note = schemaNotes.get(zodSchema);
      if (note) applyNote(note, jsonSchema as Json);
    },
  }) as Json;
  delete json['$schema'];
  return json;
}

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
