import type * as z from 'zod/mini';

/**
 * The one reader of zod's schema definitions for the SDK's fast paths and the mock's walkers: `_zod.def`
 * narrowed by `type`, with no cast. A kind a walker does not cover goes to zod's parse (`zodAccepts`).
 */

type Schema = z.core.$ZodType;

/** The definition of a schema: zod's union of definitions, narrowed by `type`. */
export type SchemaDef = z.core.$ZodTypes['_zod']['def'];

/**
 * A schema's definition, typed by kind.
 *
 * @example
 * const def = defOf(schema);
 * if (def.type === 'array') walk(def.element);
 */
export const defOf = (schema: Schema): SchemaDef => (schema as z.core.$ZodTypes)._zod.def;

/** The definition of a check: zod's union of check definitions, narrowed by `check`. */
export type CheckDef = z.core.$ZodChecks['_zod']['def'];

/**
 * A check's definition, typed by kind.
 *
 * @example
 * const def = checkDefOf(check);
 * if (def.check === 'greater_than') use(def.value, def.inclusive);
 */
export const checkDefOf = (check: z.core.$ZodCheck<never>): CheckDef => (check as z.core.$ZodChecks)._zod.def;

/** Whether a schema is also a check (a format such as `z.email()`), which zod runs before the schema's own checks. */
export const isCheck = (schema: Schema): schema is Schema & z.core.$ZodCheck<never> => schema._zod.traits.has('$ZodCheck');

/**
 * The field schemas of an object schema, of every branch of a union of objects, or of the wire side of
 * a codec (or pipe) over one.
 *
 * @example
 * Object.keys(shapeOf(routes['events.list'].query)); // ['sport_id', 'league_id', ...]
 */
export function shapeOf(schema: Schema): Readonly<Record<string, Schema>> {
  const def = defOf(schema);
  if (def.type === 'object') return def.shape;
  if (def.type === 'union') return Object.assign({}, ...def.options.map(shapeOf)) as Record<string, Schema>;
  if (def.type === 'pipe') return shapeOf(def.in);
  return {};
}

/**
 * The field names of an object schema, of every branch of a union of them, or of an array's rows: a query's
 * parameters, a body's fields, a row's columns.
 *
 * @example
 * shapeKeys(routes['events.list'].query); // ['sport_id', 'league_id', ...]
 */
export function shapeKeys(schema: Schema): string[] {
  const def = defOf(schema);
  return Object.keys(shapeOf(def.type === 'array' ? def.element : schema));
}

/**
 * Whether zod's own parse accepts a value synchronously (a walker's fallback); never changes the value.
 *
 * @example
 * zodAccepts(z.coerce.number(), '1'); // true
 */
export function zodAccepts(schema: Schema, value: unknown): boolean {
  const result = schema._zod.run({ value, issues: [] }, {});
  return !(result instanceof Promise) && result.issues.length === 0;
}
