/**
 * Checks of the mock's inputs where they enter (its options, the handles of `createMockService()`, the clock): a wrong one throws
 * a `RangeError` in the SDK's words (`src/schemas/refusal-words.ts`), naming the input, what was given and what is accepted; an
 * unknown name is refused with the names there are and the nearest one. The control plane answers each as `400 invalid_parameters`.
 */
import * as z from 'zod/mini';
import { dateTime } from '../../src/schemas';
import { kindOf, unknownName, unknownOptionMessage } from '../../src/schemas/refusal-words';

/**
 * Throws the refusal of an input: `<name> must be <accepted>, got <kind>` (a `secret` only as "a string").
 *
 * @example
 * refuse('createMockService(): liveScanLimit', 0, 'a positive integer'); // throws: ... must be a positive integer, got 0
 */
export function refuse(name: string, value: unknown, accepted: string, secret = false): never {
  throw new RangeError(`${name} must be ${accepted}, got ${kindOf(value, secret)}`);
}

/**
 * `value` when it is an object whose own names are all in `known`.
 *
 * @example
 * checkNames('mock.use() options', { once: true }, ['once', 'times', 'params']);
 */
export function checkNames<T extends object>(owner: string, value: unknown, known: readonly string[]): T {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) refuse(owner, value, 'an object');
  const unknown = unknownName(value, known);
  if (unknown !== undefined) throw new RangeError(unknownOptionMessage(owner, unknown, known));
  return value as T;
}

/** What an integer input accepts: at least `min` (0 or 1), at most `max`, in `unit` (`ms`, `seconds`). */
export interface IntegerRule {
  min: 0 | 1;
  max?: number | undefined;
  unit?: string | undefined;
}

/**
 * `value` when it is an integer its rule accepts (NaN, infinities, fractions and numbers given as text refused), in the SDK's
 * words: `a positive integer of ms, at most 60000`.
 *
 * @example
 * checkInteger('port', 4010, { min: 0, max: 65_535 }); // 4010
 */
export function checkInteger(name: string, value: unknown, { min, max, unit }: IntegerRule): number {
  if (Number.isSafeInteger(value) && (value as number) >= min && !((value as number) > (max as number))) return value as number;
  const accepted = `a ${min === 0 ? 'non-negative' : 'positive'} integer${unit ? ` of ${unit}` : ''}${max === undefined ? '' : `, at most ${max}`}`;
  return refuse(name, value, accepted);
}

/**
 * `value` when it is one of `values`.
 *
 * @example
 * checkOneOf('drop', 'connection', ['connection', 'after_commit']); // 'connection'
 */
export function checkOneOf<const T>(name: string, value: unknown, values: readonly T[]): T {
  if (values.includes(value as T)) return value as T;
  return refuse(name, value, `one of ${values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ')}`);
}

/**
 * `value` when it is a string of at least one character.
 *
 * @example
 * checkText('host', '127.0.0.1'); // '127.0.0.1'
 */
export const checkText = (name: string, value: unknown): string =>
  typeof value === 'string' && value !== '' ? value : refuse(name, value, 'a non-empty string');

/**
 * `value` when it is an absolute `http:` or `https:` URL.
 *
 * @example
 * checkHttpUrl('baseUrl', 'https://api.sports-odds.test'); // 'https://api.sports-odds.test'
 */
export function checkHttpUrl(name: string, value: unknown): string {
  const url = typeof value === 'string' && URL.canParse(value) ? new URL(value) : undefined;
  return url?.protocol === 'http:' || url?.protocol === 'https:' ? (value as string) : refuse(name, value, 'an absolute http(s) URL');
}

/** What the mock takes as an instant, said whenever one is refused. */
const INSTANT_FORMS =
  'an RFC 3339 date-time with its offset (2026-11-22T00:00:00Z, 2026-11-22T01:00:00+01:00), a Date or epoch milliseconds';

/**
 * Whether `text` is an instant as RFC 3339 text with its offset (a real date and time: never a guess of `Date.parse`).
 *
 * @example
 * isInstantText('2026-11-22T00:00:00Z'); // true
 * isInstantText('1'); // false
 */
export const isInstantText = (text: unknown): text is string => typeof text === 'string' && z.safeParse(dateTime, text).success;

/**
 * An instant of the mock (its start, the clock's moves) in epoch milliseconds: RFC 3339 text with its offset, a valid `Date`, or
 * a whole number of epoch milliseconds; never a guess of `Date.parse` (`'1'` would be 2001).
 *
 * @example
 * instantMs('now', '2026-11-22T00:00:00Z'); // 1795305600000
 */
export function instantMs(name: string, value: unknown): number {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.getTime();
  if (Number.isSafeInteger(value)) return value as number;
  if (isInstantText(value)) return Date.parse(value);
  if (value instanceof Date) throw new RangeError(`${name} must be ${INSTANT_FORMS}, got an invalid Date`);
  return refuse(name, value, INSTANT_FORMS);
}
