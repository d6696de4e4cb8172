/**
 * A Redis script declared once: its keys and arguments by name, the replies it gives with their
 * fields by name. From the declaration come the Lua preamble that reads `KEYS` and `ARGV` (a script's
 * own text never does), the `ARGV` of a call, and the decoder of its reply; the compiler holds every
 * call to them.
 *
 * A family of scripts (the coordinator's, the fleet answers') shares its keys, its leading
 * arguments, the statuses its prelude may reply with, and the end of every reply. Each reply is
 * `{status, now, <the status's fields, in declared order>, <padding to the family's field count>, <the family's end>}`.
 */
import type { ArgCodec, FieldCodec, LuaForm, ReplyValue } from './codecs';

/** Arguments by name, in `ARGV` order. */
type ArgCodecs = Readonly<Record<string, ArgCodec<never>>>;
/** A reply's fields by name, in reply order. */
type FieldCodecs = Readonly<Record<string, FieldCodec<unknown>>>;
/** The replies of a script: status -> its fields. */
type Replies = Readonly<Record<string, FieldCodecs>>;

/** One script: its own arguments (after the family's) and its replies. */
export interface ScriptDeclaration {
  readonly args: ArgCodecs;
  readonly replies: Replies;
}

/** What a family's scripts share. */
export interface Family<Tail extends object = object> {
  /** `KEYS`, in order: each is `K_<NAME>` in the Lua (`lapsed-envelopes` and `lapsedEnvelopes` are `K_LAPSED_ENVELOPES`). */
  readonly keys: readonly string[];
  /** The leading `ARGV` of every script: each a Lua local of its own name. */
  readonly common: ArgCodecs;
  /** Statuses any script of the family may reply with (its prelude's), beside a script's own. */
  readonly statuses: Replies;
  /** The positions of a reply's fields, after its status and `now` (a reply with fewer fills them with `''`). */
  readonly fields: number;
  /** Reads what every reply ends with, after the fields; undefined when it is not one. */
  readonly tail: (values: readonly ReplyValue[]) => Tail | undefined;
}

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The arguments of a call, by name. */
export type ArgsOf<A extends ArgCodecs> = { readonly [N in keyof A]: A[N] extends ArgCodec<infer T> ? T : never };

type FieldsOf<F extends FieldCodecs> = { readonly [N in keyof F]: ReturnType<F[N]> };

type TailOf<F extends Family> = F extends Family<infer T> ? T : never;

/** The replies of `R` as a tagged union on `status`. */
type StatusUnion<R extends Replies> = { [S in keyof R & string]: Simplify<{ readonly status: S } & FieldsOf<R[S]>> }[keyof R & string];

/** A script's reply, decoded: its status and fields, Redis's clock (`now`, ms) and the family's end. */
export type ReplyOf<F extends Family, D extends ScriptDeclaration> = StatusUnion<D['replies'] & F['statuses']> & {
  readonly now: number;
} & TailOf<F>;

/** A script's reply past the family's statuses (what a runner hands back once it has turned those into errors). */
export type OwnReplyOf<F extends Family, D extends ScriptDeclaration> = StatusUnion<D['replies']> & { readonly now: number } & TailOf<F>;

/** A script ready to run: its whole Lua text, the `ARGV` of a call, the decoder of its reply. */
export interface Script<F extends Family, D extends ScriptDeclaration> {
  readonly name: string;
  readonly declaration: D;
  readonly family: F;
  /** The preamble, the family's prelude and the script's body. */
  readonly source: string;
  /** The `ARGV` of a call: the family's arguments, then the script's, each as its codec writes it. */
  argv(common: ArgsOf<F['common']>, args: ArgsOf<D['args']>): string[];
  /** The reply, decoded; undefined when it is not one of this script (another program's keys?). */
  decode(raw: unknown): ReplyOf<F, D> | undefined;
}

/** The keys of a call, by name. */
export type KeysOf<F extends Family> = Readonly<Record<F['keys'][number], string>>;

/** Names the family keeps for itself in a decoded reply (no script's field may take one). */
type Reserved<F extends Family> = 'status' | 'now' | keyof TailOf<F>;

/**
 * Declarations whose fields take no reserved name: a field called `now`, `status` or one of the
 * family's end (`credits`...) is a type error on that field.
 */
export type Declarations<F extends Family> = Readonly<
  Record<string, ScriptDeclaration & { readonly replies: Readonly<Record<string, { readonly [K in Reserved<F>]?: never }>> }>
>;

/** The Lua of each declared script: a missing one is a type error naming it. */
export type LuaOf<D extends Readonly<Record<string, ScriptDeclaration>>> = { readonly [N in keyof D]: string };

/** The scripts of a family, by name. */
export type Scripts<F extends Family, D extends Readonly<Record<string, ScriptDeclaration>>> = { readonly [N in keyof D]: Script<F, D[N]> };

/**
 * The keys of a call, in the family's `KEYS` order.
 *
 * @example
 * keyList(ANSWERS_FAMILY, { index, totals, clears, clearIndex, answer, claim }); // [index, totals, ...]
 */
export function keyList<F extends Family>(family: F, keys: KeysOf<F>): string[] {
  return family.keys.map((name: F['keys'][number]) => keys[name]);
}

const LUA_KEYWORDS = new Set(
  'and break do else elseif end false for function if in local nil not or repeat return then true until while'.split(' '),
);

function luaName(name: string, where: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || LUA_KEYWORDS.has(name))
    throw new TypeError(`${where}: ${JSON.stringify(name)} is not a Lua name`);
  return name;
}

/**
 * The Lua local of a key: `K_` and its name in capitals, words split at `-` and at capitals.
 *
 * @example
 * keyLocal('lapsed-envelopes'); // 'K_LAPSED_ENVELOPES'
 * keyLocal('clearIndex'); // 'K_CLEAR_INDEX'
 */
export function keyLocal(name: string): string {
  return luaName(
    `K_${name
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/-/g, '_')
      .toUpperCase()}`,
    `key ${name}`,
  );
}

const read = (form: LuaForm, index: number): string => {
  if (form === 'number') return `tonumber(ARGV[${index}])`;
  if (form === 'flag') return `ARGV[${index}] == '1'`;
  return `ARGV[${index}]`;
};

/**
 * The Lua that names a script's `KEYS` and `ARGV`: a local per key and per family argument, and the
 * script's own arguments as fields of `args`.
 */
function preamble(family: Family, declaration: ScriptDeclaration, name: string): string {
  const lines = family.keys.map((key, i) => `local ${keyLocal(key)} = KEYS[${i + 1}]`);
  let index = 0;
  for (const [arg, codec] of Object.entries(family.common)) {
    if (codec.lua === 'list') throw new TypeError(`the family's argument ${arg}: a list is a script's last argument only`);
    index += 1;
    lines.push(`local ${luaName(arg, `the family's argument`)} = ${read(codec.lua, index)}`);
  }
  const own = Object.entries(declaration.args);
  lines.push('local args = {}');
  own.forEach(([arg, codec], i) => {
    index += 1;
    const field = luaName(arg, `${name}'s argument`);
    if (codec.lua === 'list') {
      if (i !== own.length - 1) throw new TypeError(`${name}'s argument ${arg}: a list is the script's last argument`);
      lines.push(`args.${field} = {}`, `for i = ${index}, #ARGV do args.${field}[#args.${field} + 1] = ARGV[i] end`);
    } else lines.push(`args.${field} = ${read(codec.lua, index)}`);
  });
  return `${lines.join('\n')}\n`;
}

const isValue = (v: unknown): v is ReplyValue => v === null || typeof v === 'string' || typeof v === 'number';

const encodeAll = (codecs: ArgCodecs, values: Readonly<Record<string, unknown>>, out: string[]): void => {
  for (const [name, codec] of Object.entries(codecs)) {
    const written = (codec as ArgCodec<unknown>).encode(values[name]);
    if (typeof written === 'string') out.push(written);
    else out.push(...written);
  }
};

/**
 * The scripts of a family, each its declaration with its Lua: the preamble, the family's prelude,
 * then its body.
 *
 * @example
 * const SCRIPTS = scriptsOf(FAMILY, DECLARATIONS, PRELUDE, LUA);
 * const raw = await redis.evalsha(sha, keys.length, ...keys, ...SCRIPTS.read.argv(common, {}));
 * SCRIPTS.read.decode(raw)?.status; // 'ok'
 */
export function scriptsOf<F extends Family, D extends Declarations<F>>(
  family: F,
  declarations: D,
  prelude: string,
  lua: LuaOf<D>,
): Scripts<F, D> {
  const out: Record<string, Script<F, D[keyof D]>> = {};
  for (const [name, declaration] of Object.entries(declarations) as [string, D[keyof D]][]) {
    const replies: Replies = { ...family.statuses, ...declaration.replies };
    for (const [status, fields] of Object.entries(replies)) {
      if (Object.keys(fields).length > family.fields)
        throw new TypeError(`${name}'s reply ${status}: more fields than the family's ${family.fields}`);
    }
    const body = lua[name as keyof D];
    out[name] = {
      name,
      declaration,
      family,
      source: `${preamble(family, declaration, name)}${prelude}\n${body.trim()}\n`,
      argv(common, args) {
        const argv: string[] = [];
        encodeAll(family.common, common, argv);
        encodeAll(declaration.args, args, argv);
        return argv;
      },
      decode(raw) {
        if (!Array.isArray(raw) || !raw.every(isValue)) return undefined;
        const [status, now] = raw as ReplyValue[];
        const fields = typeof status === 'string' ? replies[status] : undefined;
        if (fields === undefined || typeof now !== 'number' || raw.length < 2 + family.fields) return undefined;
        const tail = family.tail(raw.slice(2 + family.fields));
        if (tail === undefined) return undefined;
        const reply: Record<string, unknown> = { status, now };
        Object.entries(fields).forEach(([field, read], i) => {
          reply[field] = read(raw[2 + i] as ReplyValue);
        });
        return { ...reply, ...tail } as ReplyOf<F, D[keyof D]>;
      },
    };
  }
  return out as Scripts<F, D>;
}
