import fc from 'fast-check';
import * as z from 'zod/mini';

type Schema = z.core.$ZodType;
type Def = z.core.$ZodTypeDef & Record<string, unknown>;

const accepts = (schema: Schema, value: unknown) => z.safeParse(schema as z.ZodMiniType, value).success;

const checksOf = (schema: Schema): (z.core.$ZodCheckDef & Record<string, unknown>)[] => [
  ...(schema._zod.traits.has('$ZodCheck') ? [schema._zod.def as unknown as z.core.$ZodCheckDef & Record<string, unknown>] : []),
  ...(schema._zod.def.checks ?? []).map((c) => c._zod.def as z.core.$ZodCheckDef & Record<string, unknown>),
];

/** Strings of a format, where fast-check cannot read zod's pattern (lookaheads). */
const FORMAT_FALLBACKS: Record<string, fc.Arbitrary<string>> = {
  email: fc.emailAddress(),
  url: fc.webUrl(),
  datetime: fc.date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
  date: fc.date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
};

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  let min = 0;
  let max: number | undefined;
  let format: fc.Arbitrary<string> | undefined;
  for (const c of checksOf(schema)) {
    if (c.check === 'min_length') min = c.minimum as number;
    if (c.check === 'max_length') max = c.maximum as number;
    if (c.check === 'string_format') {
      const fallback = FORMAT_FALLBACKS[String(c.format)];
      if (fallback !== undefined) format = fallback;
      else if (c.pattern instanceof RegExp) {
        try {
          format = fc.stringMatching(c.pattern);
        } catch {
          format = undefined;
        }
      }
    }
  }
  const base = format ?? fc.string({ minLength: min, ...(max === undefined ? {} : { maxLength: max }) });
  // Lengths and patterns together, and any refinement: keep what the schema accepts.
  return base.filter((s) => accepts(schema, s));
}

function numberArbitrary(schema: Schema): fc.Arbitrary<number> {
  let integer = false;
  let min: number | undefined;
  let max: number | undefined;
  for (const c of checksOf(schema)) {
    if (c.check === 'number_format' && String(c.format).includes('int')) integer = true;
    if (c.check === 'greater_than') min = (c.value as number) + (c.inclusive ? 0 : integer ? 1 : Number.EPSILON * 4);
    if (c.check === 'less_than') max = (c.value as number) - (c.inclusive ? 0 : integer ? 1 : Number.EPSILON * 4);
  }
  const arbitrary = integer
    ? fc.integer({ min: Math.max(min ?? -1e12, Number.MIN_SAFE_INTEGER), max: Math.min(max ?? 1e12, Number.MAX_SAFE_INTEGER) })
    : fc.double({ min: min ?? -1e9, max: max ?? 1e9, noNaN: true, noDefaultInfinity: true });
  return arbitrary.filter((n) => accepts(schema, n));
}

/**
 * Values a schema accepts, built from its definition (JSON values only, as an answer holds). For
 * a codec (a query parameter), its typed side: what a caller passes to the SDK.
 *
 * @example
 * fc.sample(validValues(routes['events.odds'].responses[200]), 1);
 */
export function validValues(schema: Schema): fc.Arbitrary<unknown> {
  const def = schema._zod.def as Def;
  switch (def.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'number':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'literal':
    case 'enum':
      return fc.constantFrom(...(schema._zod.values as Set<unknown>));
    case 'nullable':
      return fc.oneof(fc.constant(null), validValues((def as unknown as z.core.$ZodNullableDef).innerType));
    case 'optional':
      return validValues((def as unknown as z.core.$ZodOptionalDef).innerType);
    case 'pipe':
      return validValues((def as unknown as z.core.$ZodPipeDef).out);
    case 'union':
      return fc.oneof(...(def as unknown as z.core.$ZodUnionDef).options.map(validValues));
    case 'array': {
      let minLength = 0;
      let maxLength = 4;
      for (const c of checksOf(schema)) {
        if (c.check === 'min_length') minLength = c.minimum as number;
        if (c.check === 'max_length') maxLength = c.maximum as number;
      }
      return fc
        .array(validValues((def as unknown as z.core.$ZodArrayDef).element), { minLength, maxLength })
        .filter((a) => accepts(schema, a));
    }
    case 'object': {
      const shape = (def as unknown as z.core.$ZodObjectDef).shape;
      const arbitraries = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, validValues(v)]));
      const requiredKeys = Object.entries(shape)
        .filter(([, v]) => !(v._zod.optin === 'optional' && v._zod.optout === 'optional'))
        .map(([k]) => k);
      return fc.record(arbitraries, { requiredKeys });
    }
    default:
      throw new TypeError(`no arbitrary for ${String(def.type)}`);
  }
}

const WRONG: unknown[] = [null, 'x', '', 1.5, -1, 0, 2 ** 53, 1e21, true, false, {}, [], [1], { a: 1 }, '2026-13-40', 'svc_live_x'];

/** Every path to a node of a JSON value, the root first. */
function pathsOf(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(path);
  if (Array.isArray(value)) for (const [i, v] of value.entries()) pathsOf(v, [...path, i], out);
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) pathsOf(v, [...path, k], out);
  return out;
}

function setAt(
  root: unknown,
  path: readonly (string | number)[],
  change: (parent: Record<string | number, unknown>, key: string | number) => void,
): unknown {
  if (path.length === 0) return root;
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  change(node, path.at(-1) as string | number);
  return root;
}

/**
 * A valid value of a schema turned (probably) invalid: a node of the wrong type, a number out of
 * range, a string of a bad format, a required field removed, an extra field added.
 */
export function mutatedValues(schema: Schema): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      validValues(schema),
      fc.nat(),
      fc.nat(),
      fc.constantFrom('replace', 'delete', 'extra', 'nudge', 'string'),
      fc.jsonValue(),
      fc.string(),
    )
    .map(([valid, pick, which, kind, json, text]) => {
      const value = structuredClone(valid);
      const paths = pathsOf(value);
      const path = paths[pick % paths.length] as (string | number)[];
      if (path.length === 0) return kind === 'replace' ? WRONG[which % WRONG.length] : value;
      return setAt(value, path, (parent, key) => {
        const current = parent[key];
        if (kind === 'replace') parent[key] = WRONG[which % WRONG.length];
        else if (kind === 'delete') {
          if (Array.isArray(parent)) parent.splice(Number(key), 1);
          else delete parent[key];
        } else if (kind === 'extra' && current !== null && typeof current === 'object' && !Array.isArray(current)) {
          (current as Record<string, unknown>)[text === '' ? 'extra' : text] = json;
        } else if (kind === 'nudge' && typeof current === 'number') {
          parent[key] = [current + 0.5, -current - 1, current * 1e16, 0, 91, 601][which % 6];
        } else if (kind === 'string' && typeof current === 'string') {
          parent[key] = [`${current}x`, current.slice(1), current.toUpperCase(), ` ${current}`, text][which % 5];
        } else parent[key] = json;
      });
    });
}
