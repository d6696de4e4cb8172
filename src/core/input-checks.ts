/**
 * Checks of the public inputs (client, budget, pacing, coordinator and per-call options), where
 * they enter: a value that is not what the option means is refused with a `SportsOddsError` that
 * names the option, what was given (its kind; never a secret's value) and what is accepted.
 * Environment-free: no Node built-ins, no zod (the messages are the point).
 */
import { SportsOddsError } from './errors/base';

/** The longest wait a timer takes (2^31-1 ms, about 24.8 days); a longer one fires at once in Node and browsers. */
export const MAX_TIMER_MS = 2_147_483_647;

/** Longest string quoted in an error; a longer one is described by its length. */
const MAX_QUOTED = 40;

/**
 * What a value is, in the words of an error: a number as written (`NaN`, `-1`, `1.5`), a short
 * string quoted, anything else by its kind. A secret string is only ever "a string".
 *
 * @example
 * kindOf(Number('20k')); // 'NaN'
 * kindOf('svc_live_abc', true); // 'a string'
 */
export function kindOf(value: unknown, secret = false): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'string':
      if (secret) return value === '' ? 'an empty string' : 'a string';
      return value.length > MAX_QUOTED ? `a string of ${value.length} characters` : JSON.stringify(value);
    case 'boolean':
    case 'undefined':
      return String(value);
    case 'bigint':
      return `a bigint (${value}n)`;
    case 'function':
      return 'a function';
    case 'symbol':
      return 'a symbol';
    default:
      if (Array.isArray(value)) return 'an array';
      if (value instanceof Date) return 'a Date';
      return 'an object';
  }
}

/**
 * Throws the refusal of an input: `<name> must be <accepted>, got <kind>`.
 *
 * @example
 * refuse('budget.maxCredits', '20k', 'a non-negative integer'); // throws: budget.maxCredits must be a non-negative integer, got "20k"
 */
export function refuse(name: string, value: unknown, accepted: string, secret = false): never {
  throw new SportsOddsError(`${name} must be ${accepted}, got ${kindOf(value, secret)}`);
}

/** What a number option accepts. */
export interface NumberRule {
  /** Only whole numbers. */
  integer?: boolean;
  /** Zero is accepted (default: only values above it). */
  zero?: boolean;
  /** The largest finite value accepted. */
  max?: number;
  /** `Infinity` is accepted, where it means "no limit". */
  infinity?: boolean;
  /** The unit, in the words of an error (`ms`, `credits`). */
  unit?: string;
}

/** The words of what a rule accepts: 'a positive number of ms, at most 2147483647'. */
function acceptedOf(rule: NumberRule): string {
  const kind = rule.integer ? 'integer' : 'number';
  let words = `${rule.zero ? 'a non-negative' : 'a positive'} ${kind}`;
  if (rule.unit !== undefined) words += ` of ${rule.unit}`;
  if (rule.max !== undefined) words += `, at most ${rule.max}${rule.max === MAX_TIMER_MS ? " (the timers' limit)" : ''}`;
  if (rule.infinity) words += ', or Infinity';
  return words;
}

/**
 * `value` when it is a number `rule` accepts; else throws with the option's name, the value and
 * what is accepted. NaN is never accepted, nor a number given as a string.
 *
 * @example
 * checkNumber('budget.maxCredits', 500, { integer: true, zero: true, unit: 'credits' }); // 500
 */
export function checkNumber(name: string, value: unknown, rule: NumberRule): number {
  const ok =
    typeof value === 'number' &&
    (value === Number.POSITIVE_INFINITY
      ? rule.infinity === true
      : Number.isFinite(value) &&
        (rule.zero ? value >= 0 : value > 0) &&
        (!rule.integer || Number.isInteger(value)) &&
        (rule.max === undefined || value <= rule.max));
  return ok ? (value as number) : refuse(name, value, acceptedOf(rule));
}

/**
 * A duration in ms that a timer waits: positive (or zero with `zero`), finite, at most the
 * timers' limit (a longer one would fire at once).
 *
 * @example
 * checkDuration('timeout', 30_000); // 30000
 */
export function checkDuration(name: string, value: unknown, zero = false): number {
  return checkNumber(name, value, { zero, max: MAX_TIMER_MS, unit: 'ms' });
}

/**
 * A count: a non-negative integer, or `Infinity` with `infinity` (e.g. retries until the deadline).
 *
 * @example
 * checkCount('maxRetries', 3, { infinity: true }); // 3
 */
export function checkCount(name: string, value: unknown, options: { infinity?: boolean; unit?: string } = {}): number {
  return checkNumber(name, value, { integer: true, zero: true, ...options });
}

/**
 * `value` when it is `true` or `false`.
 *
 * @example
 * checkBoolean('validate', false); // false
 */
export function checkBoolean(name: string, value: unknown): boolean {
  return typeof value === 'boolean' ? value : refuse(name, value, 'true or false');
}

/**
 * `value` when it is a function.
 *
 * @example
 * checkFunction('fetch', globalThis.fetch);
 */
export function checkFunction<F extends (...args: never[]) => unknown>(name: string, value: unknown): F {
  return typeof value === 'function' ? (value as F) : refuse(name, value, 'a function');
}

/**
 * `value` when it is one of `choices`.
 *
 * @example
 * checkOneOf('logLevel', 'info', ['debug', 'info', 'warn', 'error', 'off']); // 'info'
 */
export function checkOneOf<T extends string>(name: string, value: unknown, choices: readonly T[]): T {
  return choices.includes(value as T) ? (value as T) : refuse(name, value, `one of ${choices.map((c) => JSON.stringify(c)).join(', ')}`);
}

/**
 * `value` when it is an object whose own names are all in `known` (a misspelt option would
 * otherwise be ignored in silence: `{ maxcredits: 100 }` would set no budget).
 *
 * @example
 * checkOptions('budget', { maxCredits: 100 }, ['maxCredits', 'dailyFloor', 'periodFloor']);
 */
export function checkOptions<T extends object>(name: string, value: unknown, known: readonly string[]): T {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return refuse(name, value, `an object with ${known.join(', ')}`);
  }
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) {
      throw new SportsOddsError(`${name} has no option ${JSON.stringify(key)}; its options are ${known.join(', ')}`);
    }
  }
  return value as T;
}

/**
 * `check(value)` when `value` is given, else `fallback`: an option left out (or `undefined`) takes its default.
 *
 * @example
 * const timeout = given(options.timeout, 30_000, (v) => checkDuration('timeout', v));
 */
export function given<T, F = T>(value: unknown, fallback: F, check: (value: unknown) => T): T | F {
  return value === undefined ? fallback : check(value);
}
