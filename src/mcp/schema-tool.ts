import type * as z from 'zod/mini';
import { checkArguments } from './arguments';
import { shapeKeys } from '../schemas/schema-def';
import { inputSchemaOf } from './schema';
import type { ToolDef } from './tool';

/** What a tool declared with a zod/mini schema gives; the schema gives its input schema and its check. */
export type SchemaToolSpec<S extends z.ZodMiniObject, A> = Omit<
  ToolDef<A>,
  'inputSchema' | 'parse' | 'toolset' | 'readOnly' | 'idempotent'
> & {
  /** Turns the checked arguments into the tool's own (default: as checked). */
  parse?: (args: z.output<S>) => A;
};

/**
 * A read-only tool of the server's own (not a route of the table), its arguments declared with a
 * zod/mini schema: the input schema and the check (`ArgumentError`, no value echoed) follow from it.
 *
 * @example
 * const ping = schemaTool(z.strictObject({}), { toolset: 'free', idempotent: true }, { name: 'ping', ... });
 */
export function schemaTool<S extends z.ZodMiniObject, A>(
  schema: S,
  traits: Pick<ToolDef<A>, 'toolset' | 'idempotent'>,
  { parse, ...tool }: SchemaToolSpec<S, A>,
): ToolDef<A> {
  const names = shapeKeys(schema);
  return {
    ...tool,
    ...traits,
    readOnly: true,
    inputSchema: inputSchemaOf(schema),
    parse: (args) => {
      const checked = checkArguments<z.output<S>>(schema, args, names);
      return parse ? parse(checked) : (checked as unknown as A);
    },
  };
}
