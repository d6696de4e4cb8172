import type * as z from 'zod/mini';
import { redact } from './redact';
import type { CheckDef, SchemaDef } from './schema-def';

type Schema = z.core.$ZodType;
type Issue = z.core.$ZodIssue;

/** zod/mini carries no locale: every issue without a message of our own reads "Invalid input". */
const GENERIC = /^Invalid input\b/;

/**
 * A value as error messages show it: JSON, shortened, anything like a key or token masked (no key in logs).
 *
 * @example
 * shown('x'); // '"x"'
 */
export function shown(value: unknown): string {
  let text: string;
  if (value === undefined) text = 'nothing';
  else if (typeof value === 'number' || typeof value === 'bigint') text = String(value);
  // JSON would write a Date as its ISO text, which reads as a valid instant (or null for an invalid one).
  else if (value instanceof Date) text = Number.isNaN(value.getTime()) ? 'an invalid Date' : `a Date (${value.toISOString()})`;
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = Object.prototype.toString.call(value);
    }
  }
  text = redact(text);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

const kindOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : value === undefined ? 'nothing' : typeof value;

const list = (values: readonly unknown[]): string => values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');

// schema-def.ts's narrowing, restated: this on-demand module must reach no module that runs as the SDK loads.
const defOf = (schema: Schema): SchemaDef => (schema as z.core.$ZodTypes)._zod.def;
const checkDefOf = (check: z.core.$ZodCheck<never>): CheckDef => (check as z.core.$ZodChecks)._zod.def;

/** The definitions of a schema's checks in zod's order, as the validator's `checksIn` lists them. */
const checksOf = (schema: Schema): CheckDef[] => {
  const checks = (schema._zod.def.checks ?? []).map(checkDefOf);
  return schema._zod.traits.has('$ZodCheck') ? [checkDefOf(schema as Schema & z.core.$ZodCheck<never>), ...checks] : checks;
};

/** The message a schema was given for its failures, if any (`z.iso.datetime('must be ...')`). */
function ownMessage(schema: Schema): string | undefined {
  const error = (schema._zod.def as { error?: (issue: never) => unknown }).error;
  let message: unknown;
  try {
    message = typeof error === 'function' ? error(undefined as never) : undefined;
  } catch {
    // An error function that needs a real issue has no words of its own to quote: message stays undefined.
  }
  return typeof message === 'string' ? message.replace(/^must be /, '') : undefined;
}

/**
 * What a schema takes, in words: `a positive integer`, `one of moneyline, spread, ...`.
 *
 * @example
 * expectedForm(routes['events.list'].query._zod.def.shape.limit); // 'an integer from 1 to 500'
 */
export function expectedForm(schema: Schema): string {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
      return expectedForm(def.innerType);
    case 'pipe':
      // A codec: what the caller passes is its decoded side.
      return expectedForm(def.out);
    case 'boolean':
      return 'true or false';
    case 'enum':
    case 'literal':
      return `one of ${list([...(schema._zod.values as ReadonlySet<unknown>)])}`;
    case 'union':
      return ownMessage(schema) ?? def.options.map(expectedForm).join(', or ');
    case 'number':
      return numberForm(schema);
    case 'string':
      return stringForm(schema);
    case 'array':
      return `an array of ${expectedForm(def.element)}`;
    case 'object':
      return 'an object';
    default:
      return String(def.type);
  }
}

function numberForm(schema: Schema): string {
  let integer = false;
  let min: { value: number; inclusive: boolean } | undefined;
  let max: { value: number; inclusive: boolean } | undefined;
  for (const c of checksOf(schema)) {
    // safeint, int32 and uint32 are integers; float32 and float64 are not.
    if (c.check === 'number_format') integer = c.format.includes('int');
    if (c.check === 'greater_than') min = { value: Number(c.value), inclusive: c.inclusive };
    if (c.check === 'less_than') max = { value: Number(c.value), inclusive: c.inclusive };
  }
  const noun = integer ? 'an integer' : 'a number';
  if (integer && min !== undefined && max === undefined && min.value === 0 && !min.inclusive) return 'a positive integer';
  if (min !== undefined && max !== undefined && min.inclusive && max.inclusive) return `${noun} from ${min.value} to ${max.value}`;
  const bounds = [
    min === undefined ? undefined : `${min.inclusive ? 'at least' : 'greater than'} ${min.value}`,
    max === undefined ? undefined : `${max.inclusive ? 'at most' : 'less than'} ${max.value}`,
  ].filter((b) => b !== undefined);
  return `${noun}${bounds.length > 0 ? ` ${bounds.join(' and ')}` : ''}`;
}

function stringForm(schema: Schema): string {
  const own = ownMessage(schema);
  if (own !== undefined) return own;
  let min: number | undefined;
  let max: number | undefined;
  let format: string | undefined;
  for (const c of checksOf(schema)) {
    if (c.check === 'min_length') min = c.minimum;
    if (c.check === 'max_length') max = c.maximum;
    if (c.check === 'string_format') format = c.format === 'regex' ? `text matching ${String(c.pattern)}` : (FORMATS[c.format] ?? c.format);
  }
  if (format !== undefined) return format;
  if (min !== undefined && max !== undefined) return `a string of ${min} to ${max} characters`;
  if (max !== undefined) return `a string of at most ${max} characters`;
  if (min !== undefined) return `a string of at least ${min} characters`;
  return 'a string';
}

const FORMATS: Readonly<Record<string, string>> = {
  datetime: 'an RFC 3339 timestamp',
  date: 'a date YYYY-MM-DD',
  email: 'an e-mail address',
  url: 'a URL',
};

/**
 * What a type, value or format issue expected, in words and without the value met (for messages that
 * must not echo one); undefined for other issues.
 *
 * @example
 * expectedOf({ code: 'invalid_type', expected: 'string', path: ['route'], message: 'Invalid input' }); // 'expected string'
 */
export function expectedOf(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'invalid_value':
      return `expected one of ${list(issue.values)}`;
    case 'invalid_format':
      return `expected ${FORMATS[issue.format] ?? issue.format}${issue.format === 'regex' && issue.pattern ? ` matching ${issue.pattern}` : ''}`;
    default:
      return undefined;
  }
}

/**
 * Whether an issue carries only zod/mini's generic words ("Invalid input"), not a message of our own.
 *
 * @example
 * isGeneric({ code: 'custom', path: [], message: 'Invalid input' }); // true
 */
export const isGeneric = (issue: Issue): boolean => GENERIC.test(issue.message);

/**
 * A readable text for one issue of a failed zod parse: the schema's message, else expected and received.
 *
 * @example
 * issueText({ code: 'invalid_type', expected: 'number', path: ['odds1'], message: 'Invalid input' }, 'x');
 * // 'expected number, received string'
 */
export function issueText(issue: Issue, input: unknown): string {
  if (!isGeneric(issue)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return `${expectedOf(issue)}, received ${kindOf(input)}`;
    case 'invalid_value':
    case 'invalid_format':
      return `${expectedOf(issue)}, received ${shown(input)}`;
    case 'too_small':
      return `must be ${issue.inclusive ? 'at least' : 'more than'} ${String(issue.minimum)}${issue.origin === 'string' || issue.origin === 'array' ? ` ${issue.origin === 'string' ? 'characters' : 'items'}` : ''}`;
    case 'too_big':
      return `must be ${issue.inclusive ? 'at most' : 'less than'} ${String(issue.maximum)}${issue.origin === 'string' || issue.origin === 'array' ? ` ${issue.origin === 'string' ? 'characters' : 'items'}` : ''}`;
    case 'invalid_union':
      return `matches none of the allowed forms, received ${shown(input)}`;
    case 'unrecognized_keys':
      return `unknown field(s): ${issue.keys.map((k) => redact(k)).join(', ')}`;
    default:
      return issue.message;
  }
}

/** The value at a path of an issue. */
export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}
