import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { InvalidParametersError } from '../../src';
import { encodeParams } from '../../src/core/validation/zod-encode';
import { encoderOf } from '../../src/core/validation/fast-encoders';
import { ClvQuery, EventsQuery, OddsQuery, type Schema } from '../../src/schemas';

/**
 * The parameter encoder does what `z.safeEncode` does: the same wire strings where zod encodes,
 * a refusal (undefined, for zod to name the issues) wherever zod reports one, and no encoder at
 * all for a schema of another shape, which zod then encodes alone.
 */

/** What zod's own encoding gives, as strings; undefined where zod refuses. */
function zodEncoded(schema: z.core.$ZodType, value: unknown): Record<string, string> | undefined {
  const result = z.safeEncode(schema, value as never);
  if (!result.success) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(result.data as Record<string, unknown>)) if (v !== undefined) out[k] = String(v);
  return out;
}

/** Holds the encoder to zod on each value, and to the stated wire strings (undefined: refused). */
function encodesAs(schema: z.core.$ZodType, cases: [value: unknown, wire: Record<string, string> | undefined][]): void {
  const encode = encoderOf(schema);
  if (encode === undefined) expect.unreachable('the schema has an encoder');
  for (const [value, wire] of cases) {
    expect(zodEncoded(schema, value), `zod on ${JSON.stringify(value)}`).toStrictEqual(wire);
    const out = encode(value);
    expect(out, `encoder on ${JSON.stringify(value)}`).toStrictEqual(wire);
    if (out !== undefined) expect(Object.keys(out)).toEqual(Object.keys(wire as object));
  }
}

describe('the parameter encoder encodes what zod encodes', () => {
  it('booleans as 1 and 0, decimals as plain text, integers as decimal text', () => {
    encodesAs(OddsQuery, [
      [{ full_history: true }, { full_history: '1' }],
      [
        { full_history: false, main_lines_only: true },
        { full_history: '0', main_lines_only: '1' },
      ],
      [{}, {}],
    ]);
    encodesAs(ClvQuery, [
      [
        { event_id: 7, market: 'totals', side: 'over', line: 2.5, odds: 0.1 + 1.8, stake: 1e-7 },
        { event_id: '7', market: 'totals', side: 'over', line: '2.5', odds: '1.9', stake: '0.0000001' },
      ],
    ]);
  });

  it('a parameter left out, or given as undefined, is not sent; a required one may not be left out', () => {
    encodesAs(EventsQuery, [
      [{ sport_id: undefined, limit: 5 }, { limit: '5' }],
      [{ sport_id: 29, live: undefined }, { sport_id: '29' }],
    ]);
    encodesAs(ClvQuery, [
      [{ market: 'moneyline', side: 'home', odds: 2 }, undefined],
      [{ event_id: undefined, market: 'moneyline', side: 'home', odds: 2 }, undefined],
      [
        { event_id: 1, market: 'moneyline', side: 'home', odds: 2 },
        { event_id: '1', market: 'moneyline', side: 'home', odds: '2' },
      ],
    ]);
  });

  it('a value of the wrong type or range is refused, on the typed side and on the wire side', () => {
    encodesAs(EventsQuery, [
      [{ sport_id: 0 }, undefined],
      [{ sport_id: 1.5 }, undefined],
      [{ sport_id: '29' }, undefined],
      [{ limit: 501 }, undefined],
      [{ limit: 500 }, { limit: '500' }],
      [{ live: 1 }, undefined],
      [{ starts_from: 'tomorrow' }, undefined],
      [{ starts_from: '2026-11-21T18:00:00Z' }, { starts_from: '2026-11-21T18:00:00Z' }],
      [{ cursor: '' }, undefined],
    ]);
    // 1e16 is a safe typed value, but its wire text is longer than the service's 16 digits.
    encodesAs(EventsQuery, [[{ sport_id: 1e16 }, undefined]]);
  });

  it('an unknown parameter is refused, and so is anything but a plain object of parameters', () => {
    encodesAs(OddsQuery, [
      [{ full_history: true, fullHistory: true }, undefined],
      [{ extra: undefined }, undefined],
      [null, undefined],
      [undefined, undefined],
      [7, undefined],
      ['full_history=1', undefined],
      [[true], undefined],
    ]);
  });

  it('a refinement over several parameters refuses their combination', () => {
    encodesAs(OddsQuery, [
      [{ since: '2026-11-21T00:00:00Z', full_history: false }, undefined],
      [
        { since: '2026-11-21T00:00:00Z', full_history: true },
        { full_history: '1', since: '2026-11-21T00:00:00Z' },
      ],
    ]);
    encodesAs(EventsQuery, [
      [{ cursor: 'abc' }, undefined],
      [
        { cursor: 'abc', live: true },
        { live: '1', cursor: 'abc' },
      ],
    ]);
  });

  it('an object without a prototype is a plain object of parameters', () => {
    const query = Object.assign(Object.create(null) as Record<string, unknown>, { full_history: true });
    encodesAs(OddsQuery, [[query, { full_history: '1' }]]);
  });
});

describe('a codec whose encoding reports a problem', () => {
  // A hand-made codec whose encoding refuses 13 through its issues, as a codec may.
  const unlucky = z.codec(z.string(), z.int(), {
    decode: (text) => Number(text),
    encode: (n, ctx) => {
      if (n === 13) ctx.issues.push({ code: 'custom', message: 'unlucky', input: n });
      return String(n);
    },
  });
  const schema = z.strictObject({ n: unlucky, m: z.optional(unlucky) });

  it('is refused, and the next value is encoded afresh', () => {
    encodesAs(schema, [
      [{ n: 13 }, undefined],
      [{ n: 12 }, { n: '12' }],
      [{ n: 12, m: 13 }, undefined],
      [
        { n: 14, m: 15 },
        { n: '14', m: '15' },
      ],
    ]);
  });

  it('a wire string its codec makes but its wire schema refuses is refused', () => {
    const short = z.strictObject({
      s: z.codec(z.string().check(z.maxLength(2)), z.int(), { decode: (text) => Number(text), encode: (n) => String(n) }),
    });
    encodesAs(short, [
      [{ s: 99 }, { s: '99' }],
      [{ s: 100 }, undefined],
    ]);
  });
});

describe('an object that drops unknown keys (neither strict nor with a catchall)', () => {
  it('has an encoder that drops unknown parameters, as zod does', () => {
    const plus = z.codec(z.string(), z.int(), { decode: (text) => Number(text), encode: (n) => String(n) });
    encodesAs(z.object({ a: plus }), [
      [{ a: 1 }, { a: '1' }],
      [{ a: 1, extra: 2 }, { a: '1' }],
      [{ extra: 2 }, undefined],
    ]);
  });
});

describe('plain (non-codec) parameters', () => {
  it('are tested and sent as their text', () => {
    const schema = z.strictObject({ side: z.enum(['home', 'away']), name: z.optional(z.string().check(z.maxLength(3))) });
    encodesAs(schema, [
      [{ side: 'home' }, { side: 'home' }],
      [{ side: 'draw' }, undefined],
      [
        { side: 'away', name: 'abc' },
        { side: 'away', name: 'abc' },
      ],
      [{ side: 'away', name: 'abcd' }, undefined],
    ]);
  });
});

describe('schemas of another shape have no encoder: zod encodes them alone', () => {
  const plus = z.codec(z.string(), z.int(), { decode: (text) => Number(text), encode: (n) => String(n) });
  const shapes: [string, z.core.$ZodType, unknown, Record<string, string>][] = [
    ['not an object', z.union([z.strictObject({ a: z.string() }), z.strictObject({ b: z.string() })]), { b: 'x' }, { b: 'x' }],
    ['an object with a catchall', z.catchall(z.object({ a: plus }), z.string()), { a: 1, b: 'x' }, { a: '1', b: 'x' }],
    ['an object that keeps unknown keys', z.looseObject({ a: plus }), { a: 1 }, { a: '1' }],
    ['an optional with checks of its own', z.strictObject({ a: z.optional(plus).check(z.refine(() => true)) }), { a: 2 }, { a: '2' }],
    ['a parameter with a default', z.strictObject({ a: z.optional(z._default(z.string(), 'd')) }), { a: 'x' }, { a: 'x' }],
    ['a parameter optional twice', z.strictObject({ a: z.optional(z.optional(plus)) }), { a: 3 }, { a: '3' }],
    ['a pipe that is not a codec', z.strictObject({ a: z.pipe(z.string(), z.string().check(z.minLength(1))) }), { a: 'x' }, { a: 'x' }],
    ['a codec with checks of its own', z.strictObject({ a: plus.check(z.refine(() => true)) }), { a: 4 }, { a: '4' }],
    ['an object with symbol keys', z.strictObject({ a: plus, [Symbol('s')]: z.optional(z.string()) }), { a: 5 }, { a: '5' }],
  ];

  it.each(shapes)('%s', async (_name, schema, value, wire) => {
    expect(encoderOf(schema)).toBeUndefined();
    // Asked again: still none (the verdict is kept, not recomputed into something else).
    expect(encoderOf(schema)).toBeUndefined();
    expect(await encodeParams(schema as Schema, value)).toStrictEqual(wire);
  });

  it('an exact optional parameter may be left out, but not given as undefined', async () => {
    const schema = z.strictObject({ a: z.exactOptional(plus) });
    expect(encoderOf(schema)).toBeUndefined();
    expect(await encodeParams(schema as Schema, {})).toStrictEqual({});
    expect(await encodeParams(schema as Schema, { a: 6 })).toStrictEqual({ a: '6' });
    await expect(encodeParams(schema as Schema, { a: undefined })).rejects.toThrow(InvalidParametersError);
  });

  it('a schema the validators cannot judge has none either', async () => {
    const schema = z.strictObject({ n: z.coerce.number() });
    expect(encoderOf(schema)).toBeUndefined();
    expect(await encodeParams(schema as Schema, { n: 5 })).toStrictEqual({ n: '5' });
  });
});

describe('the encoder of a schema', () => {
  it('is built once and reused', () => {
    const encoder = encoderOf(EventsQuery);
    expect(encoder).toBeTypeOf('function');
    expect(encoderOf(EventsQuery)).toBe(encoder);
  });
});

describe('encodeParams', () => {
  it('encodes parameters the fast encoder leaves to zod (an instance of a class) as zod does, without undefined ones', async () => {
    class Filter {
      sport_id = 29;
      league_id: number | undefined = undefined;
      live = true;
    }
    const filter = new Filter();
    expect(encoderOf(EventsQuery)?.(filter)).toBeUndefined();
    expect(await encodeParams(EventsQuery, filter)).toStrictEqual({ sport_id: '29', live: '1' });
  });

  it('reads no parameters as an empty object', async () => {
    expect(await encodeParams(OddsQuery, undefined)).toStrictEqual({});
    expect(await encodeParams(OddsQuery, null)).toStrictEqual({});
  });

  it('refuses locally, naming every parameter, when zod refuses', async () => {
    const error = await encodeParams(EventsQuery, { sport_id: 0, limit: 501 }).then(
      () => expect.unreachable('refused'),
      (e: unknown) => e as InvalidParametersError,
    );
    expect(error).toBeInstanceOf(InvalidParametersError);
    expect(error.sent).toBe(false);
    expect(error.issues.map((i) => i.path)).toEqual(['sport_id', 'limit']);
  });
});
