import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ResponseValidationError } from '../../src';
import { validateBody } from '../../src/core/validation/zod-validate';
import { validatorOf } from '../../src/core/validation/fast-validators';
import { routeList, type Schema } from '../../src/schemas';
import { mutatedValues, validValues } from './schema-arbitraries';

/** Every response schema of the route table, by route and status. */
const responses: [string, Schema][] = routeList.flatMap((route) =>
  Object.entries(route.responses).map(([status, schema]) => [`${route.id} ${status}`, schema as Schema] as [string, Schema]),
);

const zodAccepts = (schema: Schema, value: unknown) => z.safeParse(schema, value).success;
const meta = { status: 200, attempts: 1, credits: {}, metered: false };

describe('validators built from the schemas (no code generation)', () => {
  it('cover every response schema of the route table', () => {
    expect(responses.length).toBeGreaterThanOrEqual(27);
    for (const [, schema] of responses) expect(typeof validatorOf(schema)).toBe('function');
  });

  describe.each(responses)('%s', (_name, schema) => {
    const accepts = validatorOf(schema);

    it('accepts what zod accepts among valid values, and returns the same object', () => {
      let accepted = 0;
      fc.assert(
        fc.property(validValues(schema), (value) => {
          const json = JSON.parse(JSON.stringify(value)) as unknown;
          expect(accepts(json)).toBe(zodAccepts(schema, json));
          if (zodAccepts(schema, json)) {
            accepted += 1;
            expect(validateBody(schema, json, 'test', meta)).toBe(json);
          }
        }),
        { numRuns: 150 },
      );
      // The generator really produces valid answers (so the property above is not vacuous).
      expect(accepted).toBeGreaterThan(140);
    });

    it('rejects exactly what zod rejects among mutated values (wrong types, ranges, formats, missing and extra fields)', async () => {
      let rejected = 0;
      await fc.assert(
        fc.asyncProperty(mutatedValues(schema), async (value) => {
          const json = JSON.parse(JSON.stringify(value ?? null)) as unknown;
          const ok = zodAccepts(schema, json);
          expect(accepts(json)).toBe(ok);
          if (!ok) {
            rejected += 1;
            await expect(validateBody(schema, json, 'test', meta)).rejects.toBeInstanceOf(ResponseValidationError);
          }
        }),
        { numRuns: 300 },
      );
      expect(rejected).toBeGreaterThan(30);
    });

    it('agrees with zod whatever the order of the keys, with unknown keys anywhere', () => {
      fc.assert(
        fc.property(
          fc.oneof(validValues(schema), mutatedValues(schema)),
          fc.nat(),
          fc.string(),
          fc.jsonValue(),
          (value, seed, extraKey, extra) => {
            const json = reordered(JSON.parse(JSON.stringify(value ?? null)) as unknown, seed, extraKey, extra);
            expect(accepts(json)).toBe(zodAccepts(schema, json));
          },
        ),
        { numRuns: 150 },
      );
    });

    it('agrees with zod on arbitrary JSON', () => {
      fc.assert(
        fc.property(fc.jsonValue(), (json) => {
          expect(accepts(json)).toBe(zodAccepts(schema, json));
        }),
        { numRuns: 100 },
      );
    });
  });
});

/**
 * Every object of a JSON value rebuilt with its keys in another order (rotated by `seed`), and
 * every other one given an unknown key in the middle: the validators read rows in key order first.
 */
function reordered(value: unknown, seed: number, extraKey: string, extra: unknown, depth = 0): unknown {
  if (Array.isArray(value)) return value.map((v, i) => reordered(v, seed + i, extraKey, extra, depth + 1));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([k, v], i) => [k, reordered(v, seed + i, extraKey, extra, depth + 1)] as [string, unknown]);
  const shift = entries.length === 0 ? 0 : seed % entries.length;
  const rotated = [...entries.slice(shift), ...entries.slice(0, shift)];
  if ((seed + depth) % 2 === 1 && extraKey !== '' && !(extraKey in value)) rotated.splice(rotated.length >> 1, 0, [extraKey, extra]);
  return Object.fromEntries(rotated);
}

describe('in-place validation', () => {
  const OddsRows = routeList.find((r) => r.id === 'events.odds')?.responses[200] as Schema;

  it('keeps unknown fields, without copying the rows', () => {
    const rows = [{ event_id: 1, odds1: 1.9, new_field: { nested: true } }];
    const out = validateBody<typeof rows>(OddsRows, rows, 'events.odds', meta) as typeof rows;
    expect(out).toBe(rows);
    expect(out[0]).toBe(rows[0]);
    expect(out[0]?.new_field).toEqual({ nested: true });
  });

  it('still rejects a known field of the wrong type, with zod-like paths', async () => {
    const error = await Promise.resolve(validateBody(OddsRows, [{ event_id: 1 }, { odds1: '1.9', market: 7 }], 'events.odds', meta)).then(
      () => {
        throw new Error('accepted');
      },
      (e: unknown) => e as ResponseValidationError,
    );
    expect(error.issues.map((i) => i.path)).toEqual([
      [1, 'market'],
      [1, 'odds1'],
    ]);
    expect(error.issues.map((i) => i.message)).toEqual(['expected string, received number', 'expected number, received string']);
    expect(error.message).toMatch(/^the answer of events\.odds does not match its schema: 1\.market: expected string/);
  });

  it('accepts an unknown value of an open enum (a market the service adds later)', () => {
    const rows = [{ market: 'player_props' }];
    expect(validateBody(OddsRows, rows, 'events.odds', meta)).toBe(rows);
  });

  it('refuses unknown keys of a strict object, as zod does', () => {
    const strict = z.strictObject({ a: z.number() });
    expect(validatorOf(strict)({ a: 1 })).toBe(true);
    expect(validatorOf(strict)({ a: 1, b: 2 })).toBe(false);
    expect(validatorOf(z.looseObject({ a: z.number() }))({ a: 1, b: 2 })).toBe(true);
  });

  it('reads a key that is there but undefined (no JSON has one) as zod does, in key order or not', () => {
    const schemas = [z.object({ a: z.optional(z.string()), b: z.number() }), z.object({ a: z.string(), b: z.number() })];
    for (const schema of schemas) {
      for (const value of [{ a: undefined, b: 1 }, { b: 1, a: undefined }, { b: 1 }, { a: 'x', b: 1 }, { a: null, b: 1 }]) {
        expect(validatorOf(schema)(value)).toBe(zodAccepts(schema, value));
      }
    }
  });

  it('leaves a kind it does not cover (a transform, a default, coercion, an exclusive union) to zod, and accepts what zod accepts', () => {
    const schemas = [
      z.pipe(
        z.string(),
        z.transform((s: string) => s.length),
      ),
      z._default(z.string(), 'x'),
      z.object({ n: z._default(z.number(), 1) }),
      z.coerce.number(),
      z.xor([z.string(), z.string().check(z.minLength(2))]),
      z.tuple([z.string(), z.number()]),
    ];
    const values = [undefined, null, 'ab', 'a', '1', 1, {}, { n: 2 }, { n: 'x' }, ['a', 1], ['a', 'b']];
    for (const schema of schemas) {
      const test = validatorOf(schema);
      for (const value of values) expect([value, test(value)]).toEqual([value, zodAccepts(schema, value)]);
    }
    // zod parsed nothing in place: the value is as it was.
    const row = { n: 2 };
    validatorOf(z.object({ n: z._default(z.number(), 1) }))(row);
    expect(row).toEqual({ n: 2 });
  });

  it('generates no code: it works where eval is refused (a strict Content-Security-Policy)', () => {
    const original = globalThis.Function;
    const evil = () => {
      throw new EvalError('refused by the Content-Security-Policy');
    };
    globalThis.Function = evil as unknown as FunctionConstructor;
    try {
      const schema = z.object({ n: z.int().check(z.positive()), s: z.array(z.string().check(z.regex(/^a/))) });
      expect(validatorOf(schema)({ n: 1, s: ['ab'] })).toBe(true);
      expect(validatorOf(schema)({ n: 0, s: ['ab'] })).toBe(false);
    } finally {
      globalThis.Function = original;
    }
  });
});
