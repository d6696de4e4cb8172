/** Checks of the public inputs where they enter: a wrong value throws a `SportsOddsError` naming the option, its kind (never a secret) and what is accepted. */
import { kindOf, MAX_TIMER_MS, unknownName, unknownOptionMessage } from '../../schemas/refusal-words';
import { SportsOddsError } from '../errors/base';

export { kindOf, MAX_TIMER_MS };

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

/**
 * `value` when it is a number `rule` accepts, else throws; NaN is never accepted, nor a number given as a string.
 *
 * @example
 * checkNumber('budget.maxCredits', 500, { integer: true, zero: true, unit: 'credits' }); // 500
 */
export function checkNumber(name: string, value: unknown, rule: NumberRule): number {
  const { integer, zero, max, infinity, unit } = rule;
  if (
    typeof value === 'number' &&
    (value === Number.POSITIVE_INFINITY
      ? infinity
      : (zero ? value >= 0 : value > 0) &&
        (integer ? Number.isInteger(value) : value < Number.POSITIVE_INFINITY) &&
        !(value > (max as number)))
  ) {
    return value;
  }
  return refuse(
    name,
    value,
    `a ${zero ? 'non-negative' : 'positive'} ${integer ? 'integer' : 'number'}${unit ? ` of ${unit}` : ''}${max ? `, at most ${max}` : ''}${infinity ? ', or Infinity' : ''}`,
  );
}

/**
 * A duration in ms one timer waits: positive (or zero with `zero`), at most `MAX_TIMER_MS` (a longer one would fire at once).
 *
 * @example
 * checkDuration('intervalMs', 30_000); // 30000
 */
export const checkDuration = (name: string, value: unknown, zero = false): number =>
  checkNumber(name, value, { zero, max: MAX_TIMER_MS, unit: 'ms' });

/**
 * A count: a non-negative integer, or `Infinity` with `infinity` (e.g. retries until the deadline).
 *
 * @example
 * checkCount('maxRetries', 3, { infinity: true }); // 3
 */
export const checkCount = (name: string, value: unknown, rule: NumberRule = {}): number =>
  checkNumber(name, value, { ...rule, integer: true, zero: true });

/**
 * `value` when it is `true` or `false`.
 *
 * @example
 * checkBoolean('validate', false); // false
 */
export const checkBoolean = (name: string, value: unknown): boolean =>
  typeof value === 'boolean' ? value : refuse(name, value, 'true or false');

/**
 * `value` when it is a function.
 *
 * @example
 * checkFunction('fetch', globalThis.fetch);
 */
export const checkFunction = <F>(name: string, value: unknown): F =>
  typeof value === 'function' ? (value as F) : refuse(name, value, 'a function');

/**
 * `value` when it is an object with every method of `methods` (`[]`: any object).
 *
 * @example
 * checkMethods('logger', console, ['debug', 'info', 'warn', 'error']);
 */
export function checkMethods<T>(name: string, value: unknown, methods: readonly string[]): T {
  const o = value as Record<string, unknown> | null;
  if (o === null || typeof o !== 'object' || Array.isArray(o) || methods.some((m) => typeof o[m] !== 'function')) {
    refuse(name, value, methods.length > 0 ? `an object with ${methods.join(', ')} methods` : 'an object');
  }
  return value as T;
}

/**
 * `value` when its own names are all in `known` (a misspelt option would otherwise be ignored in silence): else a
 * refusal naming the options there are, and the nearest one.
 *
 * @example
 * checkOptions('budget', { maxCredits: 100 }, ['maxCredits', 'dailyFloor', 'periodFloor']);
 * checkOptions('budget', { maxCredit: 100 }, ['maxCredits']); // throws: budget has no option "maxCredit" (did you mean maxCredits?); its options are maxCredits
 */
export function checkOptions<T extends object>(name: string, value: unknown, known: readonly string[]): T {
  const unknown = unknownName(checkMethods<object>(name, value, []), known);
  if (unknown !== undefined) throw new SportsOddsError(unknownOptionMessage(name, unknown, known));
  return value as T;
}

/** How one option is checked when given: `check(name, value)`, throwing for a wrong value; `0` when it is checked where it is read. */
export type OptionCheck = ((name: string, value: unknown) => unknown) | 0;

/**
 * `value` when its names are all those of `checks` (else the refusal of `checkOptions`) and each option given passes its check.
 *
 * @example
 * checkTable('poll()', { intervalMs: 15_000 }, { intervalMs: checkDuration, since: 0 });
 */
export function checkTable<T extends object>(owner: string, value: unknown, checks: Readonly<Record<string, OptionCheck>>): T {
  const o = checkOptions<Record<string, unknown>>(owner, value, Object.keys(checks));
  for (const name in o) {
    const check = checks[name];
    if (check && o[name] !== undefined) check(name, o[name]);
  }
  return o as T;
}

/**
 * `check(value)` when `value` is given, else `fallback`.
 *
 * @example
 * const timeout = given(options.timeout, 30_000, (v) => checkDuration('timeout', v));
 */
export const given = <T, F = T>(value: unknown, fallback: F, check: (value: unknown) => T): T | F =>
  value === undefined ? fallback : check(value);
