import * as z from 'zod/mini';
import { schemaNotes, type SchemaNote } from './documentation';

/** JSON Schema of the route table's schemas with the document's notes, for docs/openapi.json and src/mcp only. */

/** A JSON value of a generated document. */
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

/** The JSON Schema (draft 2020-12) of a route table schema as it validates on `io`, with the document's notes. */
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
