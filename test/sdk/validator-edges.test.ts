import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { validatorOf } from '../../src/core/validation/fast-validators';
import { ErrorEnvelope } from '../../src/schemas';

/**
 * The answer validator accepts exactly what zod's `safeParse` accepts. Each case states zod's own
 * answer (so a case that no longer matches zod fails too) and holds the validator to it, on the
 * edges the route table's answers reach: nulls, absent keys, bounds, formats, strict objects,
 * catchalls and keys in any order.
 */
type Case = [value: unknown, accepted: boolean];

function agrees(schema: z.core.$ZodType, cases: Case[]): void {
  const test = validatorOf(schema);
  for (const [value, accepted] of cases) {
    const shown = JSON.stringify(value) ?? String(value);
    expect(z.safeParse(schema, value).success, `zod on ${shown}`).toBe(accepted);
    expect(test(value), `validator on ${shown}`).toBe(accepted);
  }
}

describe('the answer validator accepts exactly what zod accepts', () => {
  it('null takes null alone', () => {
    agrees(z.null(), [
      [null, true],
      [undefined, false],
      [0, false],
      ['null', false],
    ]);
  });

  it('a nullable value takes null or its inner value, wherever it stands', () => {
    agrees(z.nullable(z.string()), [
      [null, true],
      ['a', true],
      [undefined, false],
      [1, false],
    ]);
    agrees(z.array(z.nullable(z.number())), [
      [[null, 1], true],
      [[1, 'x'], false],
      [[undefined], false],
    ]);
  });

  it('an optional value takes undefined or its inner value, and not null', () => {
    agrees(z.optional(z.number()), [
      [undefined, true],
      [2, true],
      [null, false],
      ['2', false],
    ]);
    agrees(z.union([z.optional(z.boolean()), z.string()]), [
      [undefined, true],
      [true, true],
      ['x', true],
      [null, false],
    ]);
  });

  it('an exact optional may be left out of a row, but is not undefined', () => {
    agrees(z.exactOptional(z.string()), [
      ['a', true],
      [undefined, false],
    ]);
    const row = z.object({ a: z.exactOptional(z.string()), b: z.string() });
    agrees(row, [
      [{ b: 'x' }, true],
      [{ a: 'y', b: 'x' }, true],
      [{ a: undefined, b: 'x' }, false],
      [{ b: 'x', a: undefined }, false],
      [{ b: 'x', a: null }, false],
    ]);
    agrees(z.object({ a: z.exactOptional(z.nullable(z.int())) }), [
      [{}, true],
      [{ a: null }, true],
      [{ a: undefined }, false],
    ]);
  });

  it('unknown and any take every value, but their key must be there', () => {
    for (const schema of [z.unknown(), z.any()]) {
      agrees(schema, [
        [undefined, true],
        [null, true],
        [{ x: [1] }, true],
      ]);
      const row = z.object({ a: schema, b: z.string() });
      agrees(row, [
        [{ a: 1, b: 'x' }, true],
        [{ a: null, b: 'x' }, true],
        [{ a: undefined, b: 'x' }, true],
        [{ b: 'x', a: undefined }, true],
        [{ b: 'x' }, false],
      ]);
    }
  });

  it('a union takes any of its forms, and nothing else', () => {
    agrees(z.union([z.int(), z.boolean()]), [
      [1, true],
      [false, true],
      [1.5, false],
      ['1', false],
      [null, false],
    ]);
  });

  it('numbers are finite: not NaN nor infinities, inline in a row or alone', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      agrees(z.number(), [[bad, false]]);
      agrees(z.object({ a: z.number() }), [[{ a: bad }, false]]);
      agrees(z.object({ a: z.optional(z.nullable(z.number())) }), [[{ a: bad }, false]]);
      // Out of the keys' order, the row is read field by field.
      agrees(z.object({ a: z.string(), b: z.number() }), [[{ b: bad, a: 'x' }, false]]);
    }
    agrees(z.object({ a: z.string(), b: z.number() }), [
      [{ a: 'x', b: 1.5 }, true],
      [{ a: 'x', b: -0.25 }, true],
      [{ b: 1.5, a: 'x' }, true],
      [{ b: '1', a: 'x' }, false],
      [{ b: 1, a: 2 }, false],
    ]);
  });

  it('safe integers: not fractions, not beyond 2^53, in a row in order or not', () => {
    const row = z.object({ id: z.int(), name: z.string() });
    agrees(row, [
      [{ id: 3, name: 'a' }, true],
      [{ id: 1.5, name: 'a' }, false],
      [{ id: 2 ** 53, name: 'a' }, false],
      [{ id: '3', name: 'a' }, false],
      [{ name: 'a', id: 3 }, true],
      [{ name: 'a', id: 1.5 }, false],
      [{ name: 'a', id: -(2 ** 53) }, false],
    ]);
    agrees(z.int(), [
      [Number.MAX_SAFE_INTEGER, true],
      [2 ** 53, false],
      [0.5, false],
    ]);
  });

  it('number formats other than safeint keep their own ranges (int32, uint32, float32)', () => {
    agrees(z.int32(), [
      [2 ** 31 - 1, true],
      [2 ** 31, false],
      [-(2 ** 31), true],
      [1.5, false],
    ]);
    agrees(z.object({ n: z.uint32() }), [
      [{ n: 2 ** 32 - 1 }, true],
      [{ n: -1 }, false],
    ]);
    agrees(z.float32(), [
      [0.5, true],
      [2 ** 129, false],
    ]);
  });

  it('booleans are booleans, not 0 and 1, in a row in order or not', () => {
    const row = z.object({ live: z.boolean(), name: z.string() });
    agrees(row, [
      [{ live: true, name: 'a' }, true],
      [{ live: 1, name: 'a' }, false],
      [{ name: 'a', live: false }, true],
      [{ name: 'a', live: 'true' }, false],
      [{ name: 1, live: false }, false],
    ]);
  });

  it('bounds are exact: an exclusive bound refuses its own value, an inclusive one takes it', () => {
    agrees(z.number().check(z.lt(5)), [
      [4.999, true],
      [5, false],
      [6, false],
    ]);
    agrees(z.number().check(z.lte(5)), [
      [5, true],
      [5.001, false],
    ]);
    agrees(z.number().check(z.gt(0)), [
      [0.001, true],
      [0, false],
      [-1, false],
    ]);
    agrees(z.number().check(z.gte(0)), [
      [0, true],
      [-0.001, false],
    ]);
    agrees(z.int().check(z.gte(1), z.lte(500)), [
      [1, true],
      [500, true],
      [0, false],
      [501, false],
      [2.5, false],
    ]);
  });

  it('a bound that is not a number is judged as zod judges it', () => {
    const schema = z.object({ since: z.string() }).check(z.refine((o) => o.since.length > 0, 'since is empty'));
    agrees(schema, [
      [{ since: 'x' }, true],
      [{ since: '' }, false],
    ]);
  });

  it('string formats and patterns: timestamps, dates, e-mail addresses, ids, URLs', () => {
    agrees(z.iso.datetime(), [
      ['2026-11-21T18:00:00Z', true],
      ['2026-11-21T18:00:00+01:00', false],
      ['tomorrow', false],
    ]);
    agrees(z.iso.datetime({ offset: true }), [
      ['2026-11-21T18:00:00+01:00', true],
      ['2026-11-21 18:00', false],
    ]);
    agrees(z.iso.date(), [
      ['2026-11-21', true],
      ['2026-13-01', false],
    ]);
    agrees(z.email(), [
      ['a@b.co', true],
      ['not an address', false],
    ]);
    agrees(z.string().check(z.regex(/^key_[0-9a-f]{4}$/)), [
      ['key_00ff', true],
      ['key_00FF', false],
      ['xkey_00ff', false],
    ]);
    agrees(z.url(), [
      ['https://api.sports-odds.test/v1', true],
      ['not a url', false],
    ]);
    agrees(z.uuid(), [
      ['8c4a1b2e-3f5d-4a6b-8c7d-9e0f1a2b3c4d', true],
      ['8c4a1b2e', false],
    ]);
  });

  it('a pattern that keeps state between tests (global or sticky) is judged afresh every time, as zod does', () => {
    agrees(z.string().check(z.regex(/^a+$/g)), [
      ['aa', true],
      ['aa', true],
      ['b', false],
      ['aaa', true],
    ]);
    agrees(z.string().check(z.regex(/a/y)), [
      ['a', true],
      ['a', true],
      ['ba', false],
    ]);
  });

  it('lengths of strings and arrays, at their bounds', () => {
    agrees(z.string().check(z.minLength(2), z.maxLength(3)), [
      ['ab', true],
      ['abc', true],
      ['a', false],
      ['abcd', false],
    ]);
    agrees(z.array(z.string()).check(z.minLength(1)), [
      [['a'], true],
      [[], false],
      [[1], false],
      ['a', false],
    ]);
  });

  it('a refinement runs only where its `when` says so, as in zod', () => {
    const startsWithA = z
      .string()
      .check(
        z.refine((s: string) => s.startsWith('a'), { when: (payload) => typeof payload.value === 'string' && payload.value.length > 1 }),
      );
    agrees(startsWithA, [
      ['b', true],
      ['ab', true],
      ['bb', false],
    ]);
  });

  it('several checks must all pass, whatever their order, on a value of the right type', () => {
    agrees(z.int().check(z.gte(0), z.lte(10)), [
      [5, true],
      ['5', false],
      [null, false],
      [true, false],
    ]);
    agrees(
      z.int().check(
        z.positive(),
        z.lt(10),
        z.refine((n: number) => n % 2 === 0),
      ),
      [
        [2, true],
        [8, true],
        [0, false],
        [3, false],
        [10, false],
        [2.5, false],
      ],
    );
  });

  it('an array takes arrays whose every element passes', () => {
    agrees(z.array(z.int()), [
      [[], true],
      [[1, 2, 3], true],
      [[1, 2, 'x'], false],
      [['x', 1], false],
      [{ 0: 1, length: 1 }, false],
      ['1', false],
    ]);
  });

  it('an object takes objects only: not arrays, null or primitives', () => {
    agrees(z.object({ a: z.optional(z.number()) }), [
      [{}, true],
      [[], false],
      [null, false],
      ['{}', false],
      [1, false],
    ]);
  });
});

describe('absent keys, null and undefined in a row', () => {
  it('a required field may not be missing, an optional one may, in key order or not', () => {
    const row = z.object({ a: z.string(), b: z.optional(z.number()), c: z.string() });
    agrees(row, [
      [{ a: 'x', b: 1, c: 'y' }, true],
      [{ a: 'x', c: 'y' }, true],
      [{ c: 'y', a: 'x' }, true],
      [{ a: 'x', b: 1 }, false],
      [{ b: 1, a: 'x' }, false],
      [{ c: 'y', b: 1 }, false],
    ]);
  });

  it('null is taken by a nullable field alone, in key order or not', () => {
    const row = z.object({ a: z.nullable(z.string()), b: z.string(), c: z.nullable(z.int()) });
    agrees(row, [
      [{ a: null, b: 'x', c: null }, true],
      [{ c: null, b: 'x', a: null }, true],
      [{ a: 'x', b: null, c: 1 }, false],
      [{ c: 1, b: null, a: 'x' }, false],
      [{ b: 'x', a: null, c: 1.5 }, false],
    ]);
  });

  it('a field whose schema takes null through a union or a check is asked, not assumed', () => {
    const row = z.object({ a: z.union([z.null(), z.number()]), b: z.optional(z.nullable(z.string().check(z.minLength(2)))) });
    agrees(row, [
      [{ a: null, b: null }, true],
      [{ a: 1, b: 'ab' }, true],
      [{ b: null, a: null }, true],
      [{ a: 1, b: 'a' }, false],
      [{ b: 'a', a: 1 }, false],
      [{ a: 'x' }, false],
    ]);
  });

  it('a field with checks of its own refuses undefined, whether its key is there or not', () => {
    const row = z.object({ a: z.int().check(z.positive()), b: z.string() });
    agrees(row, [
      [{ a: undefined, b: 'x' }, false],
      [{ b: 'x', a: undefined }, false],
      [{ b: 'x' }, false],
      [{ b: 'x', a: 2 }, true],
    ]);
  });

  it('a key that is there but undefined is taken only by a field that takes undefined', () => {
    const row = z.object({ a: z.optional(z.string()), b: z.string(), c: z.optional(z.nullable(z.int())) });
    agrees(row, [
      [{ a: undefined, b: 'x' }, true],
      [{ b: 'x', a: undefined }, true],
      [{ b: 'x', c: undefined }, true],
      [{ b: undefined }, false],
      [{ a: 'y', b: undefined }, false],
    ]);
    // A field that is optional only inside a union: the key must be there, and undefined passes.
    const inUnion = z.object({ a: z.union([z.optional(z.string()), z.number()]) });
    agrees(inUnion, [
      [{ a: undefined }, true],
      [{ a: 1 }, true],
      [{ a: null }, false],
    ]);
  });
});

describe('unknown keys', () => {
  it('a plain object keeps unknown keys of any value, anywhere', () => {
    const row = z.object({ a: z.number(), b: z.string() });
    agrees(row, [
      [{ x: 1, a: 1, b: 'x' }, true],
      [{ a: 1, x: null, b: 'x' }, true],
      [{ a: 1, b: 'x', x: [1] }, true],
      [{ b: 'x', x: 1, a: 1 }, true],
    ]);
  });

  it('an object of no fields: strict takes only {}, a catchall judges every key', () => {
    agrees(z.strictObject({}), [
      [{}, true],
      [{ x: 1 }, false],
    ]);
    agrees(z.catchall(z.object({}), z.number()), [
      [{}, true],
      [{ x: 1, y: 2 }, true],
      [{ x: 1, y: 'z' }, false],
    ]);
  });

  it('a strict object refuses an unknown key wherever it stands, in key order or not', () => {
    const strict = z.strictObject({ a: z.number(), b: z.optional(z.string()) });
    agrees(strict, [
      [{ a: 1, b: 'x' }, true],
      [{ b: 'x', a: 1 }, true],
      [{ a: 1 }, true],
      [{ x: 1, a: 1 }, false],
      [{ a: 1, x: 1 }, false],
      [{ a: 1, b: 'x', x: 1 }, false],
      [{ b: 'x', a: 1, x: 1 }, false],
      [{ b: 'x', x: 1, a: 1 }, false],
    ]);
  });

  it('a catchall tests every unknown key against its schema, in key order or not', () => {
    const prices = z.catchall(z.object({ event_id: z.int() }), z.number());
    agrees(prices, [
      [{ event_id: 1, home: 1.9, away: 2.1 }, true],
      [{ home: 1.9, event_id: 1 }, true],
      [{ event_id: 1, home: '1.9' }, false],
      [{ home: '1.9', event_id: 1 }, false],
      [{ event_id: 1, home: 1.9, away: null }, false],
      [{ away: 2, event_id: 1.5 }, false],
      [{ event_id: 1 }, true],
    ]);
    // Rows whose declared keys come out of order are read field by field, then their unknown keys.
    const lines = z.catchall(z.object({ event_id: z.int(), market: z.string() }), z.number());
    agrees(lines, [
      [{ market: 'totals', event_id: 1, over: 1.9 }, true],
      [{ market: 'totals', event_id: 1, over: '1.9' }, false],
      [{ market: 'totals', over: 1.9, event_id: 1, under: null }, false],
      [{ market: 'totals', event_id: 1.5, over: 1.9 }, false],
    ]);
  });

  it('a key named __proto__ in an answer is unknown to a strict object and not judged by a catchall, as in zod', () => {
    const withProto = (text: string) => JSON.parse(text) as unknown;
    const loose = z.object({ a: z.number() });
    const prices = z.catchall(z.object({ a: z.number() }), z.number());
    const strict = z.strictObject({ a: z.number() });
    for (const text of ['{"a":1,"__proto__":"x"}', '{"__proto__":"x","a":1}', '{"__proto__":{"a":"x"},"a":1}']) {
      agrees(loose, [[withProto(text), true]]);
      agrees(prices, [[withProto(text), true]]);
      agrees(strict, [[withProto(text), false]]);
    }
    // Out of order, the unknown keys are read after the fields.
    const pair = z.catchall(z.object({ a: z.number(), b: z.number() }), z.number());
    agrees(pair, [
      [withProto('{"b":1,"a":2,"__proto__":"x"}'), true],
      [withProto('{"b":1,"a":2,"__proto__":"x","c":"y"}'), false],
    ]);
    agrees(z.strictObject({ a: z.number(), b: z.number() }), [[withProto('{"b":1,"a":2,"__proto__":"x"}'), false]]);
  });
});

describe('answers of the route table', () => {
  it('an error envelope needs its code, message and request id, and keeps fields added later', () => {
    agrees(ErrorEnvelope, [
      [{ error: { code: 'invalid_api_key', message: 'no key', request_id: 'req_1' } }, true],
      [{ error: { message: 'no key', request_id: 'req_1', code: 'invalid_api_key', hint: 'new' } }, true],
      [{ error: { code: 'invalid_api_key', message: 'no key' } }, false],
      [{ error: { code: 'invalid_api_key', message: 7, request_id: 'req_1' } }, false],
      [{ error: null }, false],
      [{}, false],
      [null, false],
    ]);
  });
});

/** The error `run` throws (a TypeError), or a failure when it throws none. */
function thrownBy(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError);
    return (error as TypeError).message;
  }
  return expect.unreachable('it throws');
}

describe('schemas the validator cannot judge in place', () => {
  it('leaves them to the parse of zod itself, which accepts exactly what zod accepts', () => {
    const optionalCatchalls = [z.optional(z.number()), z.union([z.optional(z.number()), z.string()]), z._default(z.number(), 0)];
    const cases: [z.core.$ZodType, unknown[]][] = [
      [z.coerce.number(), ['1', 'x', 1, null]],
      [z.optional(z._default(z.string(), 'x')), [undefined, 'a', 1]],
      [z.xor([z.string(), z.string().check(z.minLength(2))]), ['a', 'ab', 1]],
      ...optionalCatchalls.map((c): [z.core.$ZodType, unknown[]] => [
        z.catchall(z.object({ a: z.number() }), c),
        [{ a: 1 }, { a: 1, b: 2 }, { a: 1, b: 'x' }, { a: 'x' }],
      ]),
      [z.object({ [Symbol('s')]: z.number() }), [{}, 1]],
      [z.bigint(), [1n, 1]],
      [z.object({ n: z._default(z.number(), 1), s: z.string() }), [{ s: 'a' }, { n: 2, s: 'a' }, { n: 'x', s: 'a' }, {}]],
    ];
    for (const [schema, values] of cases) {
      const test = validatorOf(schema);
      for (const value of values) expect([value, test(value)]).toEqual([value, z.safeParse(schema, value).success]);
    }
  });

  it('refuses an asynchronous check when it meets one, as zod refuses to parse it synchronously', () => {
    const schema = z.string().check(z.refine(async () => true));
    expect(() => z.safeParse(schema, 'x')).toThrow();
    expect(thrownBy(() => validatorOf(schema)('x'))).toBe('an asynchronous check cannot validate an answer');
  });
});

describe('the validator of a schema', () => {
  it('is built once and reused', () => {
    const test = validatorOf(ErrorEnvelope);
    expect(validatorOf(ErrorEnvelope)).toBe(test);
  });
});
