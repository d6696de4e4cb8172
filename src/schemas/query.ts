import * as z from 'zod/mini';
import { KnownMarket } from './primitives';

/**
 * Wire codecs for query parameters: decoded by the mock, encoded by the SDK, one definition of every
 * parameter (docs/service.md, "Parameter formats").
 */

const INT_PATTERN = /^[1-9][0-9]{0,15}$/;
const DECIMAL_PATTERN = /^-?(?:0|[1-9][0-9]{0,15})(?:\.[0-9]{1,12})?$/;
const UTC_DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A positive integer, `1` or more, written in decimal without sign or leading zeros. */
export const qPositiveInt = z.codec(
  z.string().check(z.regex(INT_PATTERN, 'must be a positive integer')),
  z.int().check(z.positive('must be a positive integer')),
  { decode: (text) => Number(text), encode: (value) => String(value) },
);

/** An integer within inclusive bounds. */
export const qIntRange = (min: number, max: number) =>
  z.codec(
    z.string().check(z.regex(/^(?:0|-?[1-9][0-9]{0,15})$/, `must be an integer from ${min} to ${max}`)),
    z.int().check(z.gte(min, `must be at least ${min}`), z.lte(max, `must be at most ${max}`)),
    { decode: (text) => Number(text), encode: (value) => String(value) },
  );

/** A number as plain decimal text, at most 12 decimals, never in exponent form (the wire pattern refuses it). */
export function decimalText(value: number): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e16) return String(value);
  const text = value.toFixed(12).replace(/\.?0+$/, '');
  return text === '-0' ? '0' : text;
}

/** A decimal number (`-3.5`, `1.91`), with optional bounds applied to the decoded value. */
export const qDecimal = (...checks: z.core.$ZodCheck<number>[]) =>
  z.codec(z.string().check(z.regex(DECIMAL_PATTERN, 'must be a decimal number')), z.number().check(...checks), {
    decode: (text) => Number(text),
    encode: decimalText,
  });

/** A boolean on the wire as `1`/`0` (the service also accepts `true`/`false`); the SDK sends `1`/`0`. */
export const qBool = z.codec(z.enum(['1', '0', 'true', 'false'], 'must be 1, 0, true or false'), z.boolean(), {
  decode: (text) => text === '1' || text === 'true',
  encode: (value) => (value ? '1' : '0'),
});

/** An RFC 3339 UTC timestamp such as `2026-11-21T18:00:00Z`. */
export const qUtcDateTime = z.iso.datetime('must be an RFC 3339 UTC timestamp such as 2026-11-21T18:00:00Z');

/** A complete UTC day `YYYY-MM-DD`, a real calendar date. */
export const qUtcDay = z.iso.date();

/** A UTC timestamp, or a complete UTC day `YYYY-MM-DD` (inclusive through 23:59:59.999Z). */
export const qUtcDateTimeOrDay = z.union([qUtcDateTime, qUtcDay], 'must be an RFC 3339 UTC timestamp or a UTC day YYYY-MM-DD');

/**
 * The last instant a `qUtcDateTimeOrDay` value includes (docs/service.md, "Data routes"); NaN for neither.
 *
 * @example
 * lastInstantOf('2026-11-21'); // Date.parse('2026-11-21T23:59:59.999Z')
 */
export const lastInstantOf = (value: string): number =>
  UTC_DAY_PATTERN.test(value) ? Date.parse(`${value}T00:00:00Z`) + 86_399_999 : Date.parse(value);

/** `limit` of the events listing: 1 to 500, default 100 (the default is applied by the service). */
export const LIMIT_MAX = 500;
export const LIMIT_DEFAULT = 100;
export const qLimit = qIntRange(1, LIMIT_MAX);

/** The opaque live cursor, at most 1024 characters. */
export const CURSOR_MAX_LENGTH = 1024;
export const qCursor = z
  .string()
  .check(z.minLength(1, 'must not be empty'), z.maxLength(CURSOR_MAX_LENGTH, `must be at most ${CURSOR_MAX_LENGTH} characters`));

/** A market family as a query value: only the known five. */
export const qMarket = KnownMarket;

/** Days of a report window: 1 to 90. */
export const qDays = qIntRange(1, 90);
/** The report window the service takes when `days` is omitted. */
export const DAYS_DEFAULT = 30;

/** A query object: unknown parameters are rejected (docs/service.md, "Parameter formats"). */
export const query = <S extends z.core.$ZodLooseShape>(shape: S) => z.strictObject(shape);

/** The query of a route that takes none: any parameter is unknown and rejected. */
export const NoQuery = z.strictObject({});
