import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { InvalidParametersError } from '../../src';
import { encodeParams } from '../../src/core/validation/zod-encode';
import { encoderOf } from '../../src/core/validation/fast-encoders';
import { fillPath, queryString } from '../../src/core/validation/url';
import { expandPath, routeList, type Schema } from '../../src/schemas';
import { mutatedValues, validValues } from './schema-arbitraries';

/** Every distinct params and query schema of the route table. */
const schemas: [string, Schema][] = [
  ...new Map(
    routeList.flatMap(
      (r) =>
        [
          [r.params, `${r.id} params`],
          [r.query, `${r.id} query`],
        ] as [Schema, string][],
    ),
  ).entries(),
].map(([schema, name]) => [name, schema]);

/** What zod's encoding gives, as `encodeParams` turns it into strings; undefined when zod refuses (or throws). */
function zodEncoded(schema: Schema, value: unknown): Record<string, string> | undefined {
  let result: ReturnType<typeof z.safeEncode>;
  try {
    result = z.safeEncode(schema, value as never);
  } catch {
    return undefined;
  }
  if (!result.success) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(result.data as Record<string, unknown>)) if (v !== undefined) out[k] = String(v);
  return out;
}

/**
 * The encoder never answers differently from zod: where it encodes, zod encodes to the same strings
 * in the same order. Where it gives up, `encodeParams` asks zod, so giving up is always safe; it
 * must not give up on a plain object that zod encodes (`plain`), or the fast path would be lost.
 */
function agree(schema: Schema, value: unknown, plain = false): 'both' | 'refused' {
  const fast = encoderOf(schema)?.(value);
  const zod = zodEncoded(schema, value);
  if (fast !== undefined) {
    expect(zod).toBeDefined();
    expect(Object.entries(fast)).toEqual(Object.entries(zod as Record<string, string>));
  } else if (plain) {
    expect(zod).toBeUndefined();
  }
  return zod === undefined ? 'refused' : 'both';
}

describe('parameter encoders built from the schemas (no zod parse on the way out)', () => {
  it('cover every params and query schema of the route table', () => {
    expect(schemas.length).toBeGreaterThanOrEqual(10);
    for (const [name, schema] of schemas) expect(encoderOf(schema), name).toBeDefined();
  });

  describe.each(schemas)('%s', (_name, schema) => {
    it('encodes what zod encodes, to the same strings', () => {
      // Values that zod encodes (a refinement over several parameters refuses some generated ones).
      const encodable = validValues(schema).filter((value) => zodEncoded(schema, value) !== undefined);
      fc.assert(
        fc.property(encodable, (value) => {
          expect(encoderOf(schema)?.(value)).toBeDefined();
          agree(schema, value, true);
        }),
        { numRuns: 150 },
      );
    });

    it('refuses exactly what zod refuses: wrong types, ranges, formats, missing and unknown parameters', () => {
      fc.assert(
        fc.property(mutatedValues(schema), fc.string(), fc.jsonValue(), (value, extraKey, extra) => {
          agree(schema, value, true);
          if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
            agree(schema, { ...value, [extraKey === '' ? 'extra' : extraKey]: extra }, true);
          }
        }),
        { numRuns: 300 },
      );
    });

    it('agrees with zod on anything at all', () => {
      fc.assert(
        fc.property(fc.anything({ withNullPrototype: true, withMap: true, withDate: true, withBigInt: true }), (value) => {
          agree(schema, value);
        }),
        { numRuns: 100 },
      );
    });
  });

  it('leaves the refusal to zod, so a wrong parameter still says what is wrong', async () => {
    const query = routeList.find((r) => r.id === 'events.odds')?.query as Schema;
    expect(await encodeParams(query, { full_history: true, main_lines_only: false })).toEqual({ full_history: '1', main_lines_only: '0' });
    await expect(encodeParams(query, { since: '2026-11-21T00:00:00Z', full_history: false })).rejects.toThrow(InvalidParametersError);
    await expect(encodeParams(query, { full_history: 'yes' })).rejects.toThrow(/full_history/);
  });
});

describe('paths and query strings', () => {
  it('fill a path template as expandPath does', () => {
    fc.assert(
      fc.property(fc.constantFrom(...routeList.map((r) => r.path)), fc.string(), fc.string(), (template, a, b) => {
        const params = { event_id: a, prop_id: a, id: b };
        expect(fillPath(template, params)).toBe(expandPath(template, params));
      }),
    );
    expect(() => fillPath('/v1/events/{event_id}/odds', {})).toThrow(/missing path parameter event_id/);
  });

  it('write the query as URLSearchParams does', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.string()), (params) => {
        const search = new URLSearchParams(params).toString();
        expect(queryString(params)).toBe(search === '' ? '' : `?${search}`);
      }),
    );
    expect(queryString({ full_history: '1', limit: '50' })).toBe('?full_history=1&limit=50');
  });
});
