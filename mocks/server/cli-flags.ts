/** The command-line layer of every bin and example: strict flags, checked before anything is sent; a mistake exits 2. Node-only. */
import { parseArgs } from 'node:util';
import { closestName } from '../../src/schemas/refusal-words';

/** A flag as `node:util` `parseArgs` takes it. */
export interface FlagSpec {
  type: 'string' | 'boolean';
  multiple?: boolean;
  default?: string | boolean;
}

/** Exit status of a command-line mistake: nothing was sent. */
const USAGE_EXIT = 2;

/** A `parseArgs` error in words of this command: the flag, and what to type instead. */
function parseError(error: unknown, flags: readonly string[]): string {
  const { code, message } = error as { code?: string; message?: string };
  const text = message ?? String(error);
  const unknown = /^Unknown option '(-{1,2})([^']+)'/.exec(text);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && unknown) {
    const near = closestName(unknown[2] as string, flags);
    return `unknown flag ${unknown[1]}${unknown[2]}${near === undefined ? '' : ` (did you mean --${near}?)`}`;
  }
  const missing = /^Option '(?:-\w, )?(--[\w-]+)[^']*' argument missing/.exec(text);
  if (missing) return `${missing[1]} needs a value`;
  const positional = /^Unexpected argument '([^']*)'/.exec(text);
  if (positional) return `unexpected argument ${JSON.stringify(positional[1])}`;
  return text.split('\n')[0] as string;
}

/**
 * A command: its name (starts each error line) and usage (printed after an error and by `--help`).
 *
 * @example
 * const cli = new CommandLine('backfill-sqlite', 'Usage: npm run example -- backfill-sqlite [--budget <credits>]');
 * const { values } = cli.parse(process.argv.slice(2), { budget: { type: 'string' } });
 * const budget = cli.integer('--budget', values.budget, { min: 0 }) ?? 20_000;
 */
export class CommandLine {
  constructor(
    readonly program: string,
    readonly usage: string,
  ) {}

  /** One line (the mistake) and the usage on stderr; exit 2. */
  fail(message: string): never {
    process.stderr.write(`${this.program}: ${message}\n\n${this.usage.trimEnd()}\n`);
    process.exit(USAGE_EXIT);
  }

  /** The flags, parsed strictly, with `--help` added; `positionals`: how many arguments are taken. */
  parse<const O extends Record<string, FlagSpec>>(argv: readonly string[], options: O, positionals = 0) {
    const all = { ...options, help: { type: 'boolean' } } as const;
    // A value that starts with a dash (`--budget -5`) is the flag's value, checked as such, not a flag.
    const args = [...argv];
    for (let i = 0; i < args.length - 1; i++) {
      const name = /^--([\w-]+)$/.exec(args[i] as string)?.[1];
      if (name !== undefined && options[name]?.type === 'string' && /^-\d/.test(args[i + 1] as string)) {
        args.splice(i, 2, `--${name}=${args[i + 1]}`);
      }
    }
    let parsed: ReturnType<
      typeof parseArgs<{ args: string[]; strict: true; allowPositionals: true; options: O & { help: { type: 'boolean' } } }>
    >;
    try {
      parsed = parseArgs({ args, strict: true, allowPositionals: true, options: all });
    } catch (error) {
      if (argv.includes('--help') || argv.includes('-h')) this.help();
      return this.fail(parseError(error, Object.keys(all)));
    }
    if ((parsed.values as { help?: boolean }).help === true) this.help();
    if (parsed.positionals.length > positionals) this.fail(`unexpected argument ${JSON.stringify(parsed.positionals[positionals])}`);
    return { values: parsed.values, positionals: parsed.positionals };
  }

  /** The usage on stdout; exit 0. */
  help(): never {
    process.stdout.write(`${this.usage.trimEnd()}\n`);
    process.exit(0);
  }

  /** A whole number in digits only (`20k`, `-5`, `1e3`, `2.5` fail) within `min` and `max`; undefined if not given. */
  integer(
    flag: string,
    raw: string | undefined,
    { min = 0, max = Number.MAX_SAFE_INTEGER, what = 'a whole number' } = {},
  ): number | undefined {
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min || n > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`;
      this.fail(`${flag} takes ${what} ${range}, not ${JSON.stringify(raw)}`);
    }
    return n;
  }

  /** A UTC day (`2026-11-20`) or RFC 3339 instant that exists; undefined if not given. */
  instant(flag: string, raw: string | undefined): string | undefined {
    if (raw === undefined) return undefined;
    const day = /^\d{4}-\d{2}-\d{2}$/.test(raw);
    const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(raw);
    const ms = Date.parse(day ? `${raw}T00:00:00Z` : raw);
    // Date.parse rolls 2026-02-30 over into March: a day must read back as given.
    if (!(day || instant) || Number.isNaN(ms) || (day && new Date(ms).toISOString().slice(0, 10) !== raw)) {
      this.fail(`${flag} takes a UTC day (2026-11-20) or an RFC 3339 instant (2026-11-20T18:00:00Z), not ${JSON.stringify(raw)}`);
    }
    return raw;
  }

  /** Fails unless `from` is before `to` (a day as `to` includes its whole day). */
  range(fromFlag: string, from: string, toFlag: string, to: string): void {
    const start = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(from) ? `${from}T00:00:00Z` : from);
    const end = /^\d{4}-\d{2}-\d{2}$/.test(to) ? Date.parse(`${to}T00:00:00Z`) + 86_400_000 : Date.parse(to);
    if (!(start < end)) this.fail(`${fromFlag} ${from} is not before ${toFlag} ${to}: the window is empty`);
  }
}
