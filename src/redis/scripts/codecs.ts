/**
 * The codecs of the scripts' arguments and replies: how a named argument is written into `ARGV` and
 * read by the Lua (the generated preamble, declare.ts), and how a named field of a reply is read.
 */

/** A value of a script's reply: Redis gives Lua numbers as integers, strings as strings, nil as null. */
export type ReplyValue = string | number | null;

/**
 * How the generated preamble gives an argument to the Lua: `string` as written (`''` where absent),
 * `number` through `tonumber` (nil where absent), `flag` as a boolean (`'1'` is true), `list` as a
 * table of the strings of the remaining `ARGV` (the script's last argument only).
 */
export type LuaForm = 'string' | 'number' | 'flag' | 'list';

/** One argument: its TypeScript type `T`, how it is written into `ARGV`, and how the Lua receives it. */
export interface ArgCodec<T> {
  readonly lua: LuaForm;
  readonly encode: (value: T) => string | readonly string[];
}

const codec = <T>(lua: LuaForm, encode: (value: T) => string | readonly string[]): ArgCodec<T> => ({ lua, encode });

const optional = (v: number | undefined): string => (v === undefined ? '' : String(v));

/**
 * The kinds of argument.
 *
 * @example
 * const args = { id: arg.text, envelope: arg.numeral, rate: arg.maybeNumber, listening: arg.flag };
 */
export const arg = {
  /** A string, as is. */
  text: codec<string>('string', (v) => v),
  /** A string or none (`''`). */
  maybeText: codec<string | undefined>('string', (v) => v ?? ''),
  /** One of the given strings. */
  oneOf: <T extends string>(..._values: readonly T[]): ArgCodec<T> => codec<T>('string', (v) => v),
  /** A number, read with `tonumber`. */
  number: codec<number>('number', String),
  /** A number or none, read with `tonumber` (nil when none). */
  maybeNumber: codec<number | undefined>('number', optional),
  /** A number or none that the script keeps as written (a string, `''` when none). */
  numeral: codec<number | undefined>('string', optional),
  /** An instant or none, as its ms since the epoch that the script keeps as written (`''` when none). */
  instant: codec<Date | undefined>('string', (d) => optional(d?.getTime())),
  /** A boolean, written `'1'` or `''`. */
  flag: codec<boolean>('flag', (v) => (v ? '1' : '')),
  /** A boolean, written `'1'` or `'0'`. */
  bit: codec<boolean>('flag', (v) => (v ? '1' : '0')),
  /** Strings, each an `ARGV` of its own: the script's last argument. */
  list: codec<readonly string[]>('list', (v) => v),
} as const;

/** One field of a reply, read from its value. */
export type FieldCodec<T> = (value: ReplyValue) => T;

/** A number of the reply; undefined when absent (`''` or nil). */
export function numberOf(v: ReplyValue | undefined): number | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

/** A string of the reply; undefined when absent. */
export const stringOf = (v: ReplyValue | undefined): string | undefined =>
  v === null || v === undefined || v === '' ? undefined : String(v);

/**
 * The kinds of reply field.
 *
 * @example
 * const replies = { ok: { taken: field.flag, waitMs: field.number } };
 */
export const field = {
  /** 1 is true, anything else false. */
  flag: ((v) => v === 1) as FieldCodec<boolean>,
  /** A number, or undefined when absent. */
  number: numberOf as FieldCodec<number | undefined>,
  /** A string, or undefined when absent. */
  text: stringOf as FieldCodec<string | undefined>,
  /** One of `values`, else `otherwise`. */
  oneOf:
    <T extends string>(values: readonly T[], otherwise: NoInfer<T>): FieldCodec<T> =>
    (v) =>
      (values as readonly unknown[]).includes(v) ? (v as T) : otherwise,
} as const;
