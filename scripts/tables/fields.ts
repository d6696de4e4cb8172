import type * as z from 'zod/mini';
import type { RouteDef, Schema } from '../../src/schemas';

/** A field of an object schema: its name, and whether it may be left out. */
export interface Field {
  name: string;
  optional: boolean;
}

type Def = { type: string; shape?: Record<string, Schema>; options?: Schema[] };

const defOf = (schema: Schema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const isOptional = (schema: Schema): boolean => (schema as z.ZodMiniType)._zod.optin === 'optional';

/**
 * The fields of each branch of an object schema (one branch), or of a union of object schemas
 * (one per option), in declaration order.
 *
 * @example
 * branchesOf(ClaimRequest); // [[{ name: 'claim_token', optional: false }], []]
 */
export function branchesOf(schema: Schema): Field[][] {
  const def = defOf(schema);
  if (def.options) return def.options.flatMap(branchesOf);
  return [Object.entries(def.shape ?? {}).map(([name, field]) => ({ name, optional: isOptional(field) }))];
}

/** The fields of an object schema, or of every branch of a union of them (optional unless every branch requires it). */
export function fieldsOf(schema: Schema): Field[] {
  const branches = branchesOf(schema);
  const fields = new Map<string, Field>();
  for (const branch of branches) for (const field of branch) if (!fields.has(field.name)) fields.set(field.name, field);
  return [...fields.values()].map((field) => ({
    name: field.name,
    optional: branches.some((branch) => branch.find((f) => f.name === field.name)?.optional ?? true),
  }));
}

/** An object's fields as a literal: `{ name, scopes? }`. */
export const objectText = (fields: readonly Field[]): string =>
  fields.length === 0 ? '{}' : `{ ${fields.map((f) => `${f.name}${f.optional ? '?' : ''}`).join(', ')} }`;

/** A route's path with its query parameters' names: `/v1/account/request-health?days&cursor`. */
export function pathWithQuery(route: RouteDef): string {
  const names = fieldsOf(route.query).map((f) => f.name);
  return names.length === 0 ? route.path : `${route.path}?${names.join('&')}`;
}
