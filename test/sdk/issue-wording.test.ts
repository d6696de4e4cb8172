import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { InvalidParametersError, ResponseValidationError } from '../../src';
import { encodeParams } from '../../src/core/validation/zod-encode';
import { expectedForm, issueText, shown, valueAt } from '../../src/schemas/issue-words';
import { parseJson } from '../../src/core/validation/json';
import type { ResponseMeta } from '../../src/core/types';
import { validateBody } from '../../src/core/validation/zod-validate';
import { EventsQuery, qUtcDateTimeOrDay, routes, type Schema } from '../../src/schemas';
import { TEST_KEY } from './fake-fetch';

/**
 * The words users read when a call is refused before sending (`InvalidParametersError`) or an
 * answer breaks its schema (`ResponseValidationError`): which parameter or field, what it takes,
 * and what was there, with anything that looks like a key masked.
 */

const meta: ResponseMeta = { status: 200, attempts: 1, credits: { cost: 2 }, metered: true } as ResponseMeta;

/** The local refusal of `value` against a parameter schema. */
async function refusal(schema: z.core.$ZodType, value: unknown): Promise<InvalidParametersError> {
  return encodeParams(schema as Schema, value).then(
    () => expect.unreachable('the parameters were refused'),
    (e: unknown) => {
      expect(e).toBeInstanceOf(InvalidParametersError);
      return e as InvalidParametersError;
    },
  );
}

/** The message of one refused parameter `a` of the given schema. */
async function saysOfA(schema: z.core.$ZodType, value: unknown): Promise<string> {
  const error = await refusal(z.strictObject({ a: schema }), { a: value });
  expect(error.issues).toHaveLength(1);
  expect(error.issues[0]?.path).toBe('a');
  return error.issues[0]?.message as string;
}

/** The issues of an answer that breaks its schema. */
async function answerIssues(schema: z.core.$ZodType, json: unknown): Promise<ResponseValidationError> {
  return Promise.resolve(validateBody(schema as Schema, json, 'test.route', meta)).then(
    () => expect.unreachable('the answer was refused'),
    (e: unknown) => {
      expect(e).toBeInstanceOf(ResponseValidationError);
      return e as ResponseValidationError;
    },
  );
}

describe('a refused parameter says what it takes and what it was given', () => {
  it('numbers: their bounds in words', async () => {
    expect(await saysOfA(z.number().check(z.gte(1), z.lte(5)), 9)).toBe('expected a number from 1 to 5, got 9');
    expect(await saysOfA(z.int().check(z.gte(1), z.lte(5)), 'x')).toBe('expected an integer from 1 to 5, got "x"');
    expect(await saysOfA(z.int().check(z.gt(0), z.lt(9)), 'x')).toBe('expected an integer greater than 0 and less than 9, got "x"');
    expect(await saysOfA(z.int().check(z.gte(0)), 'x')).toBe('expected an integer at least 0, got "x"');
    expect(await saysOfA(z.number().check(z.lte(3)), 'x')).toBe('expected a number at most 3, got "x"');
    expect(await saysOfA(z.number().check(z.lt(3)), 'x')).toBe('expected a number less than 3, got "x"');
    expect(await saysOfA(z.number().check(z.gte(1), z.lt(5)), 'x')).toBe('expected a number at least 1 and less than 5, got "x"');
    expect(await saysOfA(z.number().check(z.gt(1), z.lte(5)), 'x')).toBe('expected a number greater than 1 and at most 5, got "x"');
    expect(await saysOfA(z.number(), 'x')).toBe('expected a number, got "x"');
    expect(await saysOfA(z.int(), 'x')).toBe('expected an integer, got "x"');
    expect(await saysOfA(z.int32(), 'x')).toBe('expected an integer, got "x"');
    expect(await saysOfA(z.float64(), 'x')).toBe('expected a number, got "x"');
    expect(await saysOfA(z.float32().check(z.gte(1)), 'x')).toBe('expected a number at least 1, got "x"');
  });

  it('a positive integer is named so, and only an integer above 0 with no upper bound is one', async () => {
    expect(await saysOfA(z.int().check(z.gt(0)), 'x')).toBe('expected a positive integer, got "x"');
    expect(await saysOfA(z.number().check(z.gt(0)), 'x')).toBe('expected a number greater than 0, got "x"');
    expect(await saysOfA(z.int().check(z.gt(1)), 'x')).toBe('expected an integer greater than 1, got "x"');
    expect(await saysOfA(z.int().check(z.gte(0)), 'x')).toBe('expected an integer at least 0, got "x"');
    expect(await saysOfA(z.int().check(z.gt(0), z.lte(9)), 'x')).toBe('expected an integer greater than 0 and at most 9, got "x"');
  });

  it('strings: their length, format or pattern', async () => {
    expect(await saysOfA(z.string().check(z.minLength(2), z.maxLength(4)), 5)).toBe('expected a string of 2 to 4 characters, got 5');
    expect(await saysOfA(z.string().check(z.maxLength(4), z.minLength(2)), 5)).toBe('expected a string of 2 to 4 characters, got 5');
    expect(await saysOfA(z.string().check(z.maxLength(4)), 5)).toBe('expected a string of at most 4 characters, got 5');
    expect(await saysOfA(z.string().check(z.minLength(2)), 5)).toBe('expected a string of at least 2 characters, got 5');
    expect(await saysOfA(z.string(), 5)).toBe('expected a string, got 5');
    expect(await saysOfA(z.string().check(z.regex(/^x+$/)), 5)).toBe('expected text matching /^x+$/, got 5');
    expect(await saysOfA(z.string().check(z.minLength(2), z.regex(/^x+$/)), 5)).toBe('expected text matching /^x+$/, got 5');
    expect(await saysOfA(z.email(), 5)).toBe('expected an e-mail address, got 5');
    expect(await saysOfA(z.url(), 5)).toBe('expected a URL, got 5');
    expect(await saysOfA(z.iso.date(), 5)).toBe('expected a date YYYY-MM-DD, got 5');
    expect(await saysOfA(z.iso.datetime(), 5)).toBe('expected an RFC 3339 timestamp, got 5');
    expect(await saysOfA(z.uuid(), 5)).toBe('expected uuid, got 5');
  });

  it('choices, booleans, arrays, objects and unions', async () => {
    expect(await saysOfA(z.enum(['home', 'away']), 'draw')).toBe('expected one of home, away, got "draw"');
    expect(await saysOfA(z.literal(3), 5)).toBe('expected one of 3, got 5');
    expect(await saysOfA(z.nullable(z.boolean()), 5)).toBe('expected true or false, got 5');
    expect(await saysOfA(z.array(z.int()), 'x')).toBe('expected an array of an integer, got "x"');
    expect(await saysOfA(z.strictObject({}), 'x')).toBe('expected an object, got "x"');
    expect(await saysOfA(z.union([z.boolean(), z.int()]), 'x')).toBe('expected true or false, or an integer, got "x"');
    expect(await saysOfA(z.null(), 5)).toBe('expected null, got 5');
  });

  it('a schema that words its own failure is quoted, with the value given', async () => {
    expect(await saysOfA(z.int().check(z.lte(500, 'must be at most 500')), 501)).toBe('must be at most 500, got 501');
    expect(await saysOfA(qUtcDateTimeOrDay, 'soon')).toBe('must be an RFC 3339 UTC timestamp or a UTC day YYYY-MM-DD, got "soon"');
  });

  it('a problem inside a parameter names its path and says what was found there', async () => {
    const error = await refusal(z.strictObject({ a: z.strictObject({ b: z.number() }) }), { a: { b: 'x' } });
    expect(error.issues).toEqual([{ path: 'a.b', message: 'expected number, received string' }]);
  });

  it('a parameter of an object without declared names (a record, a symbol key) says what was found there', async () => {
    const record = await refusal(z.record(z.string(), z.int()), { k: 'x' });
    expect(record.issues).toEqual([{ path: 'k', message: 'expected number, received string' }]);
    const s = Symbol('s');
    const symbolic = await refusal(z.strictObject({ [s]: z.string() }), { [s]: 5 });
    expect(symbolic.issues).toEqual([{ path: 'Symbol(s)', message: 'expected string, received number' }]);
  });

  it("a schema's own words that merely contain zod's generic ones are still its own", async () => {
    expect(await saysOfA(z.int().check(z.lte(5, 'too big: Invalid input')), 6)).toBe('too big: Invalid input, got 6');
  });

  it('parameters that are not an object are refused as a whole', async () => {
    const error = await refusal(EventsQuery, 'sport_id=29');
    expect(error.issues).toEqual([{ path: '', message: 'expected object, received string' }]);
    expect(error.message).toBe('400 invalid_parameters: expected object, received string');
  });

  it('unknown parameters are listed by name, masked where a name looks like a key', async () => {
    const error = await refusal(EventsQuery, { sport_id: 29, [TEST_KEY]: 1, sportId: 2 });
    expect(error.issues).toEqual([{ path: '', message: 'unknown parameter(s): svc_live_****, sportId' }]);
    expect(error.message).not.toContain(TEST_KEY);
  });

  it('a rule over several parameters says what is wrong with their combination, without a value', async () => {
    const error = await refusal(EventsQuery, { cursor: 'abc', live: false });
    expect(error.issues).toEqual([{ path: 'cursor', message: 'cursor is only valid with live=1' }]);
  });

  it('every refused parameter is named, joined in the message', async () => {
    const error = await refusal(EventsQuery, { sport_id: 0, limit: 0 });
    expect(error.message).toBe('400 invalid_parameters: sport_id: must be a positive integer, got 0; limit: must be at least 1, got 0');
  });
});

describe('what the expected form of a schema reads', () => {
  it('unwraps optional, nullable and codecs to what the caller passes', () => {
    expect(expectedForm(z.optional(z.nullable(z.boolean())))).toBe('true or false');
    const limit = (EventsQuery._zod.def.shape as Record<string, Schema>).limit as Schema;
    expect(expectedForm(limit)).toBe('an integer from 1 to 500');
  });

  it("takes a union's own words, without their leading 'must be'", () => {
    expect(expectedForm(qUtcDateTimeOrDay)).toBe('an RFC 3339 UTC timestamp or a UTC day YYYY-MM-DD');
    expect(expectedForm(z.union([z.string(), z.int()], 'a name or a number'))).toBe('a name or a number');
    expect(expectedForm(z.union([z.string(), z.int()], 'can be must be x'))).toBe('can be must be x');
  });

  it('takes the words a string schema gives, or says what it is when its words cannot be read', () => {
    expect(expectedForm(z.iso.datetime('must be a UTC timestamp'))).toBe('a UTC timestamp');
    const unreadable = z.string({
      error: (issue) => {
        if (issue === undefined) throw new Error('needs an issue');
        return 'never read';
      },
    });
    expect(expectedForm(unreadable)).toBe('a string');
    expect(expectedForm(z.string({ error: () => ({ message: 'an object, not a text' }) }))).toBe('a string');
  });

  it('names a kind it has no words for by its type', () => {
    expect(expectedForm(z.bigint())).toBe('bigint');
  });
});

describe('an answer that breaks its schema says where and how', () => {
  it('a value of the wrong kind', async () => {
    const row = z.object({ a: z.number(), b: z.string(), c: z.array(z.int()), d: z.boolean() });
    const error = await answerIssues(row, { a: null, b: [1], c: 'x' });
    expect(error.issues).toEqual([
      { path: ['a'], code: 'invalid_type', message: 'expected number, received null' },
      { path: ['b'], code: 'invalid_type', message: 'expected string, received an array' },
      { path: ['c'], code: 'invalid_type', message: 'expected array, received string' },
      { path: ['d'], code: 'invalid_type', message: 'expected boolean, received nothing' },
    ]);
  });

  it('a value outside a closed set', async () => {
    const error = await answerIssues(z.object({ side: z.enum(['home', 'away']), n: z.literal(3) }), { side: 'draw', n: 4 });
    expect(error.issues.map((i) => i.message)).toEqual(['expected one of home, away, received "draw"', 'expected one of 3, received 4']);
  });

  it('a string of the wrong format', async () => {
    const error = await answerIssues(z.object({ e: z.email(), t: z.iso.datetime(), k: z.string().check(z.regex(/^key_[0-9a-f]+$/)) }), {
      e: 'x',
      t: 'soon',
      k: 'key_XY',
    });
    expect(error.issues.map((i) => i.message)).toEqual([
      'expected an e-mail address, received "x"',
      'expected an RFC 3339 timestamp, received "soon"',
      'expected regex matching /^key_[0-9a-f]+$/, received "key_XY"',
    ]);
  });

  it('a value too small or too big: characters for strings, items for arrays, nothing for numbers', async () => {
    const row = z.object({
      s: z.string().check(z.minLength(3)),
      l: z.array(z.int()).check(z.maxLength(1)),
      n: z.number().check(z.gt(0)),
      m: z.number().check(z.lt(5)),
      p: z.int().check(z.gte(1)),
      q: z.int().check(z.lte(9)),
      t: z.string().check(z.maxLength(2)),
      u: z.array(z.int()).check(z.minLength(2)),
    });
    const error = await answerIssues(row, { s: 'ab', l: [1, 2], n: 0, m: 5, p: 0, q: 10, t: 'abc', u: [1] });
    expect(error.issues.map((i) => i.message)).toEqual([
      'must be at least 3 characters',
      'must be at most 1 items',
      'must be more than 0',
      'must be less than 5',
      'must be at least 1',
      'must be at most 9',
      'must be at most 2 characters',
      'must be at least 2 items',
    ]);
  });

  it('a value that fits none of the forms of a union', async () => {
    const error = await answerIssues(z.object({ flag: z.union([z.boolean(), z.int()]) }), { flag: 'yes' });
    expect(error.issues).toEqual([{ path: ['flag'], code: 'invalid_union', message: 'matches none of the allowed forms, received "yes"' }]);
  });

  it('unknown fields of a strict object, masked where a name looks like a key', async () => {
    const error = await answerIssues(z.strictObject({ a: z.int() }), { a: 1, extra: 2, [TEST_KEY]: 3 });
    expect(error.issues).toEqual([{ path: [], code: 'unrecognized_keys', message: 'unknown field(s): extra, svc_live_****' }]);
  });

  it("a refinement's own message, or zod's where it gave none", async () => {
    const worded = await answerIssues(z.int().check(z.refine((n: number) => n % 2 === 0, 'must be even')), 3);
    expect(worded.issues).toEqual([{ path: [], code: 'custom', message: 'must be even' }]);
    const bare = await answerIssues(z.int().check(z.refine((n: number) => n % 2 === 0)), 3);
    expect(bare.issues).toEqual([{ path: [], code: 'custom', message: 'Invalid input' }]);
  });

  it('the error names the route, the first three issues with their paths, how many more, and keeps the meta', async () => {
    const rows = routes['events.odds'].responses[200] as Schema;
    const error = await answerIssues(rows, [{ odds1: 'a' }, { odds2: 'b' }, { odds1: 'c' }, { odds2: 'd' }, { odds1: 'e' }]);
    expect(error.name).toBe('ResponseValidationError');
    expect(error.routeId).toBe('test.route');
    expect(error.meta).toEqual(meta);
    expect(error.issues).toHaveLength(5);
    expect(error.message).toBe(
      'the answer of test.route does not match its schema: 0.odds1: expected number, received string; 1.odds2: expected number, received string; 2.odds1: expected number, received string (+2 more)',
    );
  });

  it('an issue of the whole answer is shown at (root); three issues need no count of more', async () => {
    const root = await answerIssues(z.array(z.int()), { rows: [] });
    expect(root.message).toBe('the answer of test.route does not match its schema: (root): expected array, received object');
    const three = await answerIssues(z.array(z.int()), ['a', 'b', 'c']);
    expect(three.message).toBe(
      'the answer of test.route does not match its schema: 0: expected number, received string; 1: expected number, received string; 2: expected number, received string',
    );
  });

  it('an answer that passes is returned at once, as the same object', () => {
    const json = { a: 1 };
    expect(validateBody(z.object({ a: z.int() }) as Schema, json, 'test.route', meta)).toBe(json);
  });

  it('zod has the last word: an answer zod accepts when naming the issues is returned, not refused', async () => {
    // A refinement that refuses its first value only (the fast validator's), then accepts (zod's parse).
    let calls = 0;
    const schema = z.object({ a: z.int().check(z.refine(() => calls++ > 0)) });
    const json = { a: 1 };
    expect(await validateBody(schema as Schema, json, 'test.route', meta)).toBe(json);
    expect(calls).toBe(2);
  });
});

describe('an answer that is not JSON', () => {
  it('is a validation error at the root, with the meta read only then', () => {
    let reads = 0;
    const readMeta = () => {
      reads += 1;
      return meta;
    };
    expect(parseJson('[1,{"a":null}]', 'test.route', readMeta)).toEqual([1, { a: null }]);
    expect(reads).toBe(0);
    let error: unknown;
    try {
      parseJson('<html>', 'test.route', readMeta);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ResponseValidationError);
    const refused = error as ResponseValidationError;
    expect(refused.issues).toEqual([{ path: [], message: 'the body is not JSON', code: 'invalid_json' }]);
    expect(refused.message).toBe('the answer of test.route does not match its schema: (root): the body is not JSON');
    expect(refused.meta).toBe(meta);
    expect(reads).toBe(1);
    expect(() => parseJson('', 'test.route', meta)).toThrow(ResponseValidationError);
  });
});

describe('values in messages', () => {
  it('are JSON, numbers as they are, and nothing for a missing value', () => {
    expect(shown('x')).toBe('"x"');
    expect(shown(2.5)).toBe('2.5');
    expect(shown(Number.NaN)).toBe('NaN');
    expect(shown(Number.NEGATIVE_INFINITY)).toBe('-Infinity');
    expect(shown(10n)).toBe('10');
    expect(shown(undefined)).toBe('nothing');
    expect(shown(null)).toBe('null');
    expect(shown({ a: [1] })).toBe('{"a":[1]}');
  });

  it('a value JSON cannot write is shown as JavaScript names it', () => {
    expect(shown(Symbol('s'))).toBe('Symbol(s)');
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(shown(circular)).toBe('[object Object]');
  });

  it('are cut at 60 characters', () => {
    expect(shown('x'.repeat(58))).toBe(`"${'x'.repeat(58)}"`);
    expect(shown('x'.repeat(59))).toBe(`"${'x'.repeat(56)}...`);
  });

  it('mask anything that looks like a key', () => {
    expect(shown(TEST_KEY)).toBe('"svc_live_****"');
    expect(shown({ key: TEST_KEY })).toBe('{"key":"svc_live_****"}');
  });
});

describe('issue texts of the mock and the SDK', () => {
  it("quote a message that is not zod's generic one", () => {
    expect(issueText({ code: 'invalid_type', expected: 'number', path: [], message: 'must be a number', input: 'x' } as never, 'x')).toBe(
      'must be a number',
    );
    expect(issueText({ code: 'invalid_type', expected: 'number', path: [], message: 'Invalid inputs', input: 'x' } as never, 'x')).toBe(
      'Invalid inputs',
    );
    expect(
      issueText({ code: 'invalid_type', expected: 'number', path: [], message: 'odds: Invalid input', input: 'x' } as never, 'x'),
    ).toBe('odds: Invalid input');
  });

  it('say what was found for the generic one', () => {
    expect(
      issueText(
        { code: 'invalid_type', expected: 'number', path: [], message: 'Invalid input: expected number', input: 'x' } as never,
        'x',
      ),
    ).toBe('expected number, received string');
    expect(issueText({ code: 'invalid_format', format: 'uuid', path: [], message: 'Invalid input', input: 'x' } as never, 'x')).toBe(
      'expected uuid, received "x"',
    );
    expect(issueText({ code: 'invalid_format', format: 'regex', path: [], message: 'Invalid input', input: 'x' } as never, 'x')).toBe(
      'expected regex, received "x"',
    );
    expect(issueText({ code: 'invalid_value', values: ['a', 1, null], path: [], message: 'Invalid input', input: 'x' } as never, 'x')).toBe(
      'expected one of a, 1, null, received "x"',
    );
    expect(
      issueText(
        { code: 'too_small', origin: 'number', minimum: 0, inclusive: false, path: [], message: 'Invalid input', input: 0 } as never,
        0,
      ),
    ).toBe('must be more than 0');
    expect(
      issueText(
        { code: 'too_big', origin: 'array', maximum: 2, inclusive: true, path: [], message: 'Invalid input', input: [] } as never,
        [],
      ),
    ).toBe('must be at most 2 items');
    expect(
      issueText(
        { code: 'too_big', origin: 'string', maximum: 2, inclusive: false, path: [], message: 'Invalid input', input: '' } as never,
        '',
      ),
    ).toBe('must be less than 2 characters');
    expect(
      issueText({ code: 'not_multiple_of', divisor: 2, origin: 'number', path: [], message: 'Invalid input', input: 3 } as never, 3),
    ).toBe('Invalid input');
  });

  it('find the value at an issue path, or nothing past a leaf', () => {
    const json = { rows: [{ odds1: 1.9 }, null] };
    expect(valueAt(json, ['rows', 0, 'odds1'])).toBe(1.9);
    expect(valueAt(json, [])).toBe(json);
    expect(valueAt(json, ['rows', 1, 'odds1'])).toBeUndefined();
    expect(valueAt(json, ['rows', 0, 'odds1', 'x'])).toBeUndefined();
    expect(valueAt(json, ['missing', 'x'])).toBeUndefined();
  });
});
