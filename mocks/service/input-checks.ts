/**
 * Checks of the mock's inputs where they enter (its options, the handles of `createMockService()`; the clock's are in clock.ts): a wrong one throws
 * a `RangeError` in the SDK's words (`src/schemas/refusal-words.ts`), naming the input, what was given and what is accepted; an
 * unknown name is refused with the names there are and the nearest one. The control plane answers each as `400 invalid_parameters`.
 */
import * as z from 'zod/mini';
import { EmailAddress } from '../../src/schemas';
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

/**
 * An e-mail address as the service checks one (`EmailAddress`, the schema of `POST /v1/recovery/requests`), or a refusal naming `name`.
 *
 * @example
 * checkEmail('email', 'new@example.com'); // 'new@example.com'
 */
export const checkEmail = (name: string, value: unknown): string =>
  z.safeParse(EmailAddress, value).success ? (value as string) : refuse(name, value, 'an e-mail address');
