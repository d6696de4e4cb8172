import type * as z from 'zod/mini';
import { defOf } from '../../schemas/schema-def';
import { checksOf, fromZod, isExactOptional, validatorOf } from './fast-validators';

type Schema = z.core.$ZodType;

/** Encodes a route's typed parameters into wire strings, or gives up (undefined) for zod to refuse with its issues. */
export type Encoder = (value: unknown) => Record<string, string> | undefined;

/** One parameter: its wire name, and its value tested and encoded, or undefined when refused. */
interface Param {
  key: string;
  optional: boolean;
  encode: (value: unknown) => string | undefined;
}

const built = new WeakMap<Schema, Encoder | null>();

/** Gives up building an encoder (`encoderOf` catches it): zod encodes the schema. */
const leaveToZod = (): never => {
  throw new TypeError('left to zod');
};

/**
 * The parameter encoder of a params or query schema, built once as plain closures: exactly what `z.safeEncode` returns on success,
 * undefined wherever zod reports an issue (a property test holds it to both), without zod's costly parse contexts; undefined for another shape.
 *
 * @example
 * encoderOf(routes['events.odds'].query)?.({ full_history: true }); // { full_history: '1' }
 */
export function encoderOf(schema: Schema): Encoder | undefined {
  let encoder = built.get(schema);
  if (encoder === undefined) {
    try {
      encoder = objectEncoder(schema);
    } catch {
      encoder = null;
    }
    built.set(schema, encoder);
  }
  return encoder ?? undefined;
}

function objectEncoder(schema: Schema): Encoder {
  const def = defOf(schema);
  if (def.type !== 'object' || Object.getOwnPropertySymbols(def.shape).length > 0) {
    return leaveToZod();
  }
  const catchall = def.catchall;
  const strict = catchall?._zod.def.type === 'never';
  // Anything but a plain codec per key (catchall, exact optional, defaults, checks on optionals) goes to zod.
  if (catchall !== undefined && !strict) return leaveToZod();
  const params = Object.keys(def.shape).map((key) => paramOf(key, def.shape[key] as Schema));
  const declared = new Set(Object.keys(def.shape));
  const refinements = checksOf(schema);
  return (value) => {
    if (typeof value !== 'object' || value === null) return undefined;
    // Anything but a plain object (an array, a class instance, a proxy of one) is zod's to judge.
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) return undefined;
    const input = value as Record<string, unknown>;
    if (strict) for (const key in input) if (!declared.has(key)) return undefined;
    const out: Record<string, string> = {};
    for (let i = 0; i < params.length; i++) {
      const p = params[i] as Param;
      const v = input[p.key];
      if (v === undefined) {
        if (p.optional) continue;
        return undefined;
      }
      const wire = p.encode(v);
      if (wire === undefined) return undefined;
      out[p.key] = wire;
    }
    return refinements === undefined || refinements(input) ? out : undefined;
  };
}

function paramOf(key: string, schema: Schema): Param {
  let inner = schema;
  const optional = schema._zod.optin === 'optional' && schema._zod.optout === 'optional';
  const outer = defOf(inner);
  if (outer.type === 'optional') {
    if ((outer.checks?.length ?? 0) > 0) return leaveToZod();
    // It refuses a parameter given as undefined, which a plain optional leaves out.
    if (isExactOptional(inner)) return leaveToZod();
    inner = outer.innerType;
  }
  if (inner._zod.optin !== undefined || inner._zod.optout !== undefined) return leaveToZod();
  const def = defOf(inner);
  if (def.type !== 'pipe') {
    const test = validatorOf(inner);
    if (fromZod.has(test)) return leaveToZod();
    return { key, optional, encode: (v) => (test(v) ? String(v) : undefined) };
  }
  // A codec: its output side is the typed value, its input side the wire string.
  const reverse = def.reverseTransform;
  if (reverse === undefined || (def.checks?.length ?? 0) > 0) return leaveToZod();
  const test = validatorOf(def.out);
  const testWire = validatorOf(def.in);
  if (fromZod.has(test) || fromZod.has(testWire)) return leaveToZod();
  // One payload per parameter, reset on every use: an encoding reports problems through its issues.
  const payload: z.core.ParsePayload = { value: undefined, issues: [] };
  return {
    key,
    optional,
    encode: (v) => {
      if (!test(v)) return undefined;
      payload.value = v;
      if (payload.issues.length > 0) payload.issues = [];
      const wire = reverse(v, payload);
      return payload.issues.length === 0 && testWire(wire) ? String(wire) : undefined;
    },
  };
}
