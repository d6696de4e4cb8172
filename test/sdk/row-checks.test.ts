import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ROW_CHECKS_FILE, ROW_SCHEMAS, rowCheck, rowChecksSource } from '../../scripts/row-checks';
import { validatorOf } from '../../src/core/validation/fast-validators';
import { rowChecks } from '../../src/core/validation/row-checks';
import { mutatedValues, validValues } from './schema-arbitraries';

const zodAccepts = (schema: z.core.$ZodType, value: unknown) => z.safeParse(schema, value).success;

describe('row checks generated from the schemas (scripts/row-checks.ts)', () => {
  it('are what the schemas generate (run `npm run row-checks` after changing a history row)', () => {
    expect(readFileSync(ROW_CHECKS_FILE, 'utf8')).toBe(rowChecksSource());
  });

  it('are the validators of their row schemas, so that every validator test runs them', () => {
    for (const { name, schema } of ROW_SCHEMAS) expect(validatorOf(schema), name).toBe(rowChecks.get(schema));
    expect(rowChecks.size).toBe(ROW_SCHEMAS.length);
  });

  describe.each(ROW_SCHEMAS)('$name', ({ schema }) => {
    const check = rowChecks.get(schema) as (row: unknown) => boolean;

    it('accept and refuse exactly what zod does, for valid and mutated rows and for rows inheriting fields', () => {
      fc.assert(
        fc.property(fc.oneof(validValues(schema), mutatedValues(schema)), (value) => {
          const json = JSON.parse(JSON.stringify(value ?? null)) as unknown;
          expect(check(json)).toBe(zodAccepts(schema, json));
        }),
        { numRuns: 400 },
      );
      // Both read a missing field through the prototype chain; a number where a string belongs is refused by both.
      const inherited = Object.create({ timestamp: 5 }) as object;
      expect(check(inherited)).toBe(zodAccepts(schema, inherited));
      expect(check(inherited)).toBe(false);
      for (const value of [null, [], 'row', 1, undefined, { timestamp: undefined }, { max_win: Number.NaN }, { max_win: '1' }])
        expect(check(value), JSON.stringify(value)).toBe(zodAccepts(schema, value));
    });
  });

  it('are not generated for a row with anything but plain optional or nullable fields (the closures judge those)', () => {
    expect(rowCheck('A', z.object({ a: z.optional(z.string().check(z.minLength(2))) }))).toBeUndefined();
    expect(rowCheck('B', z.object({ a: z.exactOptional(z.string()) }))).toBeUndefined();
    expect(rowCheck('C', z.object({ a: z._default(z.string(), 'x') }))).toBeUndefined();
    expect(rowCheck('D', z.looseObject({ a: z.string() }))).toBeUndefined();
    expect(rowCheck('E', z.object({ 'a-b': z.string() }))).toBeUndefined();
    expect(rowCheck('F', z.object({ a: z.enum(['x']) }))).toBeUndefined();
    expect(rowCheck('G', z.object({ a: z.nullable(z.int()), b: z.boolean() }))).toContain('x === null || Number.isSafeInteger(x)');
  });
});
