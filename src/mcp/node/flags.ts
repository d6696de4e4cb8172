/** The flags of `sports-odds-mcp`: its usage, strict parsing and the words of a mistake. Node-only. */
import { parseArgs } from 'node:util';
import { closestName } from '../../schemas/refusal-words';
import { MCP_DEFAULTS } from '../options';

export const USAGE = `Usage: sports-odds-mcp --max-credits <n> [options]
       sports-odds-mcp --mock [options]

The Sports Odds Data Service as MCP tools, over stdio (default) or Streamable HTTP on 127.0.0.1.
The key and the service come from SPORTS_ODDS_API_KEY and SPORTS_ODDS_BASE_URL: set them in the
"env" of this server's entry in the MCP client's configuration (docs/mcp.md).

Options:
  --max-credits <n>        most credits this server may spend (required unless --mock; --mock: 1000)
  --max-call-credits <n>   most credits one tool call may cost at worst (default ${MCP_DEFAULTS.maxCallCredits})
  --confirm-above <n>      ask the person before a call above this many credits, or refuse it where
                           the client cannot ask (default ${MCP_DEFAULTS.confirmAboveCredits})
  --max-result-tokens <n>  token cap of one result (default ${MCP_DEFAULTS.maxResultTokens})
  --account                add the account toolset (record, usage, keys, request health)
  --mutations              with --account: revoke a key, resend a verification
  --read-only              read-only tools only (wins over --mutations)
  --redis <url>            share the budget and pacing with a fleet through Redis (needs ioredis)
  --namespace <ns>         the fleet's namespace in Redis (with --redis)
  --mock                   run against the embedded mock service (no key, no network; needs msw)
  --http                   serve Streamable HTTP on 127.0.0.1 instead of stdio
  --port <n>               port of --http (default 3333; 0 picks a free one)
  --help                   show this help
`;

/** A mistake on the command line (a flag, a value, the environment): one line for the user, exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

const FLAGS = {
  'max-credits': { type: 'string' },
  'max-call-credits': { type: 'string' },
  'confirm-above': { type: 'string' },
  'max-result-tokens': { type: 'string' },
  account: { type: 'boolean' },
  mutations: { type: 'boolean' },
  'read-only': { type: 'boolean' },
  redis: { type: 'string' },
  namespace: { type: 'string' },
  mock: { type: 'boolean' },
  http: { type: 'boolean' },
  port: { type: 'string' },
  help: { type: 'boolean' },
} as const;

const NAMES = Object.keys(FLAGS);

/** The flag nearest to a misspelt one, if it is near enough to be a slip (the SDK's own "did you mean"). */
const nearestFlag = (given: string): string | undefined => closestName(given, NAMES);

/** `--port -1`: a value after a valued flag is its value, even with a dash, unless it is one of our flags. */
function joinValues(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const next = args[i + 1];
    const name = arg.startsWith('--') ? arg.slice(2) : '';
    const valued = name in FLAGS && FLAGS[name as keyof typeof FLAGS].type === 'string';
    if (valued && next?.startsWith('-') && !(next.replace(/^--?|=.*$/g, '') in FLAGS)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

/** A `parseArgs` error in this command's words: the flag, and what to type instead. */
function mistakeOf(error: unknown): string {
  const text = (error as Error).message ?? String(error);
  const unknown = /^Unknown option '(-{1,2})([^'=]+)/.exec(text);
  if (unknown) {
    const near = nearestFlag(unknown[2] as string);
    const flags = NAMES.map((n) => `--${n}`).join(', ');
    return `unknown flag ${unknown[1]}${unknown[2]}${near === undefined ? '' : ` (did you mean --${near}?)`}; the flags are ${flags}`;
  }
  const missing = /Option '(--[\w-]+)[^']*' argument missing|Option '(--[\w-]+)' argument is ambiguous/.exec(text);
  if (missing) return `${missing[1] ?? missing[2]} needs a value`;
  const valueless = /^Option '(--[\w-]+)' does not take an argument/.exec(text);
  if (valueless) return `${valueless[1]} takes no value (it is on when given)`;
  const positional = /^Unexpected argument '([^']*)'/.exec(text);
  if (positional) return `unexpected argument ${JSON.stringify(positional[1])}: sports-odds-mcp takes flags only`;
  return text.split('\n')[0] as string;
}

/** The flags given, parsed strictly; a mistake is a `UsageError` in the command's words. */
export function parseFlags(argv: readonly string[]) {
  try {
    return parseArgs({ args: joinValues(argv), strict: true, allowPositionals: false, options: FLAGS }).values;
  } catch (error) {
    throw new UsageError(mistakeOf(error));
  }
}

/** The flags' values as `parseFlags` gives them. */
export type FlagValues = ReturnType<typeof parseFlags>;
