/**
 * Shared helpers of the schema tests: parse assertions, token builders, and the contract every
 * nullable data row of docs/service.md's "Data routes" must meet.
 */
import { randomBytes } from 'node:crypto';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';

type AnySchema = z.core.$ZodType;
type Path = readonly PropertyKey[];

/** Parses `input` and asserts success; returns the parsed value. Shows the issues when it fails. */
export function expectOk(schema: AnySchema, input: unknown): unknown {
  const result = z.safeParse(schema, input);
  if (!result.success) {
    expect.fail(`expected ${JSON.stringify(input)} to parse, got ${JSON.stringify(result.error.issues)}`);
  }
  return result.data;
}

/**
 * Parses `input` and asserts failure. With `path`, also asserts that one of the issues points at
 * that path (so an error message names the offending parameter or field).
 */
export function expectFail(schema: AnySchema, input: unknown, path?: Path): z.core.$ZodIssue[] {
  const result = z.safeParse(schema, input);
  if (result.success) {
    expect.fail(`expected ${JSON.stringify(input)} to be rejected, but it parsed to ${JSON.stringify(result.data)}`);
  }
  if (path !== undefined) {
    expect(result.error.issues.map((issue) => issue.path)).toContainEqual([...path]);
  }
  return result.error.issues;
}

/** The 16 characters that can end the unpadded base64url encoding of exactly 32 bytes. */
export const VALID_LAST = 'AEIMQUYcgkosw048';
/** Base64url characters that can never end the encoding of 32 bytes. */
export const INVALID_LAST = 'BCDFZabdz123_-'.split('');

/** `prefix` + 42 base64url characters + `last`: a token of the shape `prefix` + base64url(32 bytes). */
export const token = (prefix: string, last = 'A', body = 'aB3_-xYz9Q'.repeat(5).slice(0, 42)): string => `${prefix}${body}${last}`;

/** A real token: `prefix` + the unpadded base64url of 32 random bytes. */
export const randomToken = (prefix: string): string => `${prefix}${randomBytes(32).toString('base64url')}`;

/**
 * The token contract of docs/service.md's "Credential delivery" for `prefix`: 43 base64url characters whose last
 * one is one of `AEIMQUYcgkosw048`.
 */
export function tokenContract(schema: AnySchema, prefix: string, otherPrefix: string): void {
  it(`accepts ${prefix} + 42 base64url characters + each of the 16 possible last characters`, () => {
    for (const last of VALID_LAST) expectOk(schema, token(prefix, last));
  });

  it(`rejects ${prefix} tokens whose 43rd character cannot end 32 bytes of base64url`, () => {
    expectFail(schema, token(prefix, 'B'));
    for (const last of INVALID_LAST) expectFail(schema, token(prefix, last));
  });

  it('accepts real encodings of 32 random bytes', () => {
    for (let i = 0; i < 200; i += 1) expectOk(schema, randomToken(prefix));
  });

  it('rejects a token that is too short or too long', () => {
    expectFail(schema, `${prefix}${'a'.repeat(41)}A`);
    expectFail(schema, `${prefix}${'a'.repeat(43)}A`);
    expectFail(schema, `${prefix}A`);
    expectFail(schema, prefix);
    expectFail(schema, '');
  });

  it('rejects a wrong or missing prefix', () => {
    expectFail(schema, token(otherPrefix));
    expectFail(schema, token(prefix.toUpperCase()));
    expectFail(schema, token(''));
    expectFail(schema, `${'a'.repeat(42)}A`);
  });

  it('rejects characters outside base64url (standard base64, padding, spaces)', () => {
    expectFail(schema, token(prefix, 'A', `${'a'.repeat(41)}+`));
    expectFail(schema, token(prefix, 'A', `${'a'.repeat(41)}/`));
    expectFail(schema, `${token(prefix)}=`);
    expectFail(schema, ` ${token(prefix)}`);
    expectFail(schema, `${token(prefix)}\n`);
  });

  it('rejects a non-string', () => {
    expectFail(schema, 42);
    expectFail(schema, null);
  });
}

/** A zod/mini object schema, viewed only for its shape. */
interface ObjectSchema extends z.core.$ZodType {
  shape: Record<string, unknown>;
}

/**
 * The contract of every data row of docs/service.md's "Data routes": every field nullable and optional, unknown
 * source fields removed, and each field typed (an object value is refused for every column).
 */
export function dataRowContract(name: string, schema: ObjectSchema, sample: Record<string, unknown>): void {
  describe(`${name} (nullable data row)`, () => {
    it('accepts a realistic row and returns it unchanged', () => {
      expect(expectOk(schema, sample)).toEqual(sample);
    });

    it('the sample covers every column of the schema', () => {
      expect(Object.keys(sample).sort()).toEqual(Object.keys(schema.shape).sort());
    });

    it('accepts a row with every field null', () => {
      const allNull = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, null]));
      expect(expectOk(schema, allNull)).toEqual(allNull);
    });

    it('accepts an empty object and does not synthesize fields', () => {
      expect(expectOk(schema, {})).toEqual({});
    });

    it('strips unknown source fields', () => {
      const parsed = expectOk(schema, { ...sample, source_internal_id: 'x-1', nested_extra: { a: 1 } }) as object;
      expect(parsed).toEqual(sample);
      expect(parsed).not.toHaveProperty('source_internal_id');
      expect(parsed).not.toHaveProperty('nested_extra');
    });

    it('refuses an object where each field expects a scalar', () => {
      for (const key of Object.keys(schema.shape)) {
        expectFail(schema, { ...sample, [key]: { nested: true } }, [key]);
      }
    });

    it('refuses a non-object row', () => {
      expectFail(schema, null);
      expectFail(schema, 'row');
      expectFail(schema, [sample]);
    });
  });
}
