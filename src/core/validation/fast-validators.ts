import type * as z from 'zod/mini';
import { checkDefOf, defOf, isCheck, zodAccepts } from '../../schemas/schema-def';
import { rowChecks } from './row-checks';

/** Whether a value is acceptable; never changes it. */
export type Test = (value: unknown) => boolean;

type Schema = z.core.$ZodType;
type Check = z.core.$ZodCheck<never>;
type Payload = z.core.ParsePayload<unknown>;

const built = new WeakMap<Schema, Test>();

/**
 * A validator of parsed JSON built once from a zod schema's definition as plain closures (no code generation, so
 * CSP-safe): accepts exactly what `z.safeParse` accepts (a property test holds it to that) but changes and copies
 * nothing. Kinds it does not cover (codecs, defaults, pipes, coercion) go to zod's own parse (`zodAccepts`).
 *
 * @example
 * const isOdds = validatorOf(routes['events.odds'].responses[200]);
 * isOdds(JSON.parse(text)); // true or false
 */
export function validatorOf(schema: Schema): Test {
  let test = built.get(schema);
  if (test === undefined) {
    const base = baseTest(schema);
    // zod's own parse runs the schema's checks itself, on what it parsed.
    test = fromZod.has(base) ? base : withChecks(schema, base);
    built.set(schema, test);
  }
  return test;
}

/**
 * The checks of a schema alone (`def.checks`), for a value whose parts were tested already; undefined when none.
 *
 * @example
 * const refinements = checksOf(routes['events.odds'].query);
 */
export function checksOf(schema: Schema): Test | undefined {
  return checksIn(schema).length > 0 ? withChecks(schema, () => true) : undefined;
}

/** A schema's checks in zod's order: the schema itself when it is a check (a format, an integer), then `def.checks`. */
function checksIn(schema: Schema): Check[] {
  const own = (schema._zod.def.checks ?? []) as Check[];
  return isCheck(schema) ? [schema, ...own] : own;
}

function baseTest(schema: Schema): Test {
  const def = defOf(schema);
  if ('coerce' in def && def.coerce) return byZod(schema);
  switch (def.type) {
    case 'string':
      return (v) => typeof v === 'string';
    case 'number':
      // The number check of zod: finite numbers only (Number.isFinite is false for anything but a number).
      return (v) => Number.isFinite(v);
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'null':
      return (v) => v === null;
    case 'unknown':
    case 'any':
      return () => true;
    case 'literal':
    case 'enum': {
      const values = schema._zod.values as ReadonlySet<unknown>;
      return (v) => values.has(v);
    }
    case 'nullable': {
      const inner = validatorOf(def.innerType);
      return (v) => v === null || inner(v);
    }
    case 'optional': {
      const innerType = def.innerType;
      if (innerType._zod.optin === 'defaulted') return byZod(schema);
      const inner = validatorOf(innerType);
      // An exact optional may be left out of an object, but undefined itself is its inner type's to judge.
      if (isExactOptional(schema)) return inner;
      return (v) => v === undefined || inner(v);
    }
    case 'array': {
      const element = validatorOf(def.element);
      return (v) => {
        if (!Array.isArray(v)) return false;
        for (let i = 0; i < v.length; i++) if (!element(v[i])) return false;
        return true;
      };
    }
    case 'union': {
      if (def.inclusive === false) return byZod(schema);
      const options = def.options.map(validatorOf);
      return (v) => {
        for (const option of options) if (option(v)) return true;
        return false;
      };
    }
    case 'object':
      // The history routes' rows: checks generated from the schema (scripts/row-checks.ts), twice as fast as the closures.
      return rowChecks.get(schema) ?? objectTest(schema, def);
    default:
      return byZod(schema);
  }
}

/** Validators that are zod's own parse (the parameter encoders leave such a schema to zod). */
export const fromZod = new WeakSet<Test>();

/** A kind the closures do not cover (a transform, a default, coercion): zod's own parse judges it. */
function byZod(schema: Schema): Test {
  const test: Test = (v) => zodAccepts(schema, v);
  fromZod.add(test);
  return test;
}

/** Field kinds the object loop tests inline (no call): the plain leaves every data row is made of. */
// biome-ignore lint/suspicious/noConstEnum: used in this file only, where the bundlers inline it into the validators' hot switch
const enum Kind {
  Other,
  String,
  Number,
  SafeInt,
  Boolean,
}

/** A field of an object: its kind once `optional` and `nullable` are unwrapped, and what they allow. */
interface Field {
  key: string;
  kind: Kind;
  /** The full test of the field (for `Kind.Other`, of the unwrapped schema). */
  test: Test;
  /** The key may be missing (zod: optional in and out). */
  mayBeAbsent: boolean;
  acceptsNull: boolean;
  acceptsUndefined: boolean;
}

/** The kind of a schema that has no checks of its own but a safe-integer format, or none at all. */
function kindOf(schema: Schema): Kind {
  const def = defOf(schema);
  if ((def.checks?.length ?? 0) > 0 || ('coerce' in def && def.coerce)) return Kind.Other;
  if (def.type === 'string' && !isCheck(schema)) return Kind.String;
  if (def.type === 'boolean') return Kind.Boolean;
  if (def.type === 'number') {
    if (!isCheck(schema)) return Kind.Number;
    const format = checkDefOf(schema);
    if (format.check === 'number_format' && format.format === 'safeint') return Kind.SafeInt;
  }
  return Kind.Other;
}

function fieldOf(key: string, schema: Schema): Field {
  let inner = schema;
  let acceptsNull = false;
  let acceptsUndefined = false;
  for (;;) {
    const def = defOf(inner);
    if ((def.checks?.length ?? 0) > 0) break;
    if (def.type === 'nullable') acceptsNull = true;
    else if (def.type === 'optional' && def.innerType._zod.optin !== 'defaulted') acceptsUndefined ||= !isExactOptional(inner);
    else break;
    inner = def.innerType;
  }
  const kind = kindOf(inner);
  return {
    key,
    kind,
    test: kind === Kind.Other ? validatorOf(inner) : validatorOf(schema),
    // zod's own reading of absence: a key may be missing only where its schema is optional in and out.
    mayBeAbsent: schema._zod.optin === 'optional' && schema._zod.optout === 'optional',
    acceptsNull,
    acceptsUndefined,
  };
}

/** An object: every declared key checked; unknown keys kept (or refused by a strict object). */
function objectTest(schema: Schema, def: z.core.$ZodObjectDef): Test {
  if (Object.getOwnPropertySymbols(def.shape).length > 0) return byZod(schema);
  const fields = Object.keys(def.shape)
    .filter((k) => k !== '__proto__')
    .map((key) => fieldOf(key, def.shape[key] as Schema));
  // A field zod fills in (a default): the object is zod's; so is one whose refinements would read what zod changed.
  if (Object.values(def.shape).some((f) => f._zod.optin !== f._zod.optout)) return byZod(schema);
  if ((def.checks?.length ?? 0) > 0 && fields.some((f) => fromZod.has(f.test))) return byZod(schema);
  const declared = new Set(Object.keys(def.shape));
  const catchall = def.catchall;
  const strict = catchall?._zod.def.type === 'never';
  let rest: Test | undefined;
  if (catchall !== undefined && !strict) {
    if (catchall._zod.optin !== undefined) return byZod(schema);
    rest = validatorOf(catchall);
  }
  const count = fields.length;
  // Answers list keys in the schema's order: one `for...in` pass (V8 turns its keyed loads into field loads, several
  // times faster), the per-field loop below only for an object that does not (undefined: not decided).
  const keys = fields.map((f) => f.key);
  const kinds = Uint8Array.from(fields, (f) => f.kind);
  const inOrder = (o: Record<string, unknown>): boolean | undefined => {
    let i = 0;
    for (const key in o) {
      // Past the last field keys[i] is undefined, which no key equals.
      if (key === keys[i]) {
        const value = o[key];
        if (value === undefined) return undefined;
        switch (value === null ? Kind.Other : kinds[i]) {
          case Kind.String:
            if (typeof value !== 'string') return false;
            break;
          case Kind.Number:
            if (!Number.isFinite(value)) return false;
            break;
          case Kind.SafeInt:
            if (!Number.isSafeInteger(value)) return false;
            break;
          case Kind.Boolean:
            if (typeof value !== 'boolean') return false;
            break;
          default:
            if (!present(fields[i] as Field, value)) return false;
        }
        i++;
      } else if (declared.has(key)) {
        return undefined;
      } else if (strict) {
        return false;
      } else if (rest !== undefined && key !== '__proto__' && !rest(o[key])) {
        return false;
      }
    }
    return i === count ? true : undefined;
  };
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
    const o = v as Record<string, unknown>;
    const decided = inOrder(o);
    if (decided !== undefined) return decided;
    for (let i = 0; i < count; i++) {
      const f = fields[i] as Field;
      const value = o[f.key];
      if (value === undefined) {
        // JSON has no undefined: this is almost always a missing key.
        if (!(f.key in o)) {
          if (f.mayBeAbsent) continue;
          return false;
        }
        if (f.acceptsUndefined) continue;
        if (f.kind !== Kind.Other || !f.test(value)) return false;
        continue;
      }
      if (!present(f, value)) return false;
    }
    if (strict || rest !== undefined) {
      for (const key in o) {
        if (declared.has(key)) continue;
        if (strict) return false;
        if (key !== '__proto__' && !(rest as Test)(o[key])) return false;
      }
    }
    return true;
  };
}

/** Whether a field accepts a value that is there (not undefined). */
function present(f: Field, value: unknown): boolean {
  // A field's own test takes null where its schema does (a null inside a union, a check that takes it).
  if (value === null) return f.acceptsNull || f.test(value);
  switch (f.kind) {
    case Kind.String:
      return typeof value === 'string';
    case Kind.Number:
      return Number.isFinite(value);
    case Kind.SafeInt:
      return Number.isSafeInteger(value);
    case Kind.Boolean:
      return typeof value === 'boolean';
    default:
      return f.test(value);
  }
}

/** The type test followed by the schema's checks (`checksIn`). */
function withChecks(schema: Schema, base: Test): Test {
  const tests = checksIn(schema).map(checkTest);
  if (tests.length === 0) return base;
  if (tests.length === 1) {
    const only = tests[0] as Test;
    return (v) => base(v) && only(v);
  }
  return (v) => {
    if (!base(v)) return false;
    for (const t of tests) if (!t(v)) return false;
    return true;
  };
}

/** One check: the common ones inlined (they run on every row), any other through zod's own check. */
function checkTest(check: Check): Test {
  const def = checkDefOf(check);
  if (def.when === undefined) {
    switch (def.check) {
      case 'number_format':
        if (def.format === 'safeint') return (v) => Number.isSafeInteger(v);
        break;
      case 'greater_than': {
        const min = def.value;
        if (typeof min !== 'number') break;
        return def.inclusive ? (v) => (v as number) >= min : (v) => (v as number) > min;
      }
      case 'less_than': {
        const max = def.value;
        if (typeof max !== 'number') break;
        return def.inclusive ? (v) => (v as number) <= max : (v) => (v as number) < max;
      }
      case 'string_format': {
        // A format whose check is its pattern (every format but url and a few with extra logic).
        const pattern = def.pattern;
        if (pattern instanceof RegExp && PATTERN_FORMATS.has(String(def.format)) && !pattern.global && !pattern.sticky) {
          return (v) => pattern.test(v as string);
        }
        break;
      }
    }
  }
  return (v) => {
    const payload: Payload = { value: v, issues: [] };
    if (def.when !== undefined && !def.when(payload)) return true;
    const result = check._zod.check(payload as never);
    if (result instanceof Promise) throw new TypeError('an asynchronous check cannot validate an answer');
    return payload.issues.length === 0;
  };
}

/** String formats whose zod check is exactly `pattern.test(value)`. */
const PATTERN_FORMATS: ReadonlySet<string> = new Set(['regex', 'email', 'datetime', 'date', 'time', 'uuid', 'guid']);

/**
 * An optional that zod lets be left out of an object but not be undefined (`z.exactOptional`).
 *
 * @example
 * isExactOptional(z.exactOptional(z.string())); // true
 */
export const isExactOptional = (schema: Schema): boolean => schema._zod.traits.has('$ZodExactOptional');
