#!/usr/bin/env node
/**
 * `sports-odds-mcp`: the MCP server of the Sports Odds Data Service over stdio, or Streamable HTTP
 * on loopback (`--http`), within a credit budget (docs/mcp.md).
 */
import { parseArgs } from 'node:util';
import type { ClientOptions, Coordinator, Logger } from '../../core/types';
import { memoryCoordinator } from '../../core/memory-coordinator';
import { redact } from '../../schemas/redact';
import { checkCount, type McpServerOptions } from '../options';

const USAGE = `Usage: sports-odds-mcp --max-credits <n> [options]
       sports-odds-mcp --mock [options]

The Sports Odds Data Service as MCP tools, over stdio (default) or Streamable HTTP on 127.0.0.1.
The key and the service come from SPORTS_ODDS_API_KEY and SPORTS_ODDS_BASE_URL.

Options:
  --max-credits <n>        most credits this server may spend (required unless --mock; --mock: 1000)
  --max-call-credits <n>   most credits one tool call may cost at worst (default 250)
  --confirm-above <n>      ask the person before a call above this many credits (default 100)
  --max-result-tokens <n>  token cap of one result (default 20000)
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

function fail(message: string): never {
  process.stderr.write(`sports-odds-mcp: ${redact(message)}\n\n${USAGE}`);
  process.exit(2);
}

/** Logs to stderr: stdout carries the protocol. */
const stderrLogger: Logger = {
  debug: (m) => process.stderr.write(`${m}\n`),
  info: (m) => process.stderr.write(`${m}\n`),
  warn: (m) => process.stderr.write(`${m}\n`),
  error: (m) => process.stderr.write(`${m}\n`),
};

const count = (name: string, text: string | undefined, min: number): number | undefined => {
  if (text === undefined) return undefined;
  if (!/^\d{1,15}$/.test(text)) fail(`--${name} must be an integer of at least ${min}, got ${JSON.stringify(text)}`);
  try {
    return checkCount(`--${name}`, Number(text), min);
  } catch (error) {
    fail((error as Error).message);
  }
};

const OPTIONS = {
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

/** `--port -1`: a value after a valued flag is its value, even with a dash, unless it is one of our flags. */
function joinValues(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const next = args[i + 1];
    const name = arg.startsWith('--') ? arg.slice(2) : '';
    const valued = name in OPTIONS && OPTIONS[name as keyof typeof OPTIONS].type === 'string';
    if (valued && next?.startsWith('-') && !(next.replace(/^--?|=.*$/g, '') in OPTIONS)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

let values: ReturnType<typeof parse>;
function parse() {
  return parseArgs({ args: joinValues(process.argv.slice(2)), strict: true, allowPositionals: false, options: OPTIONS }).values;
}
try {
  values = parse();
} catch (error) {
  const missing = /Option '(--[\w-]+)[^']*' argument missing|Option '(--[\w-]+)' argument is ambiguous/.exec((error as Error).message);
  fail(missing === null ? (error as Error).message : `${missing[1] ?? missing[2]} needs a value`);
}
if (values.help === true) {
  process.stdout.write(USAGE);
  process.exit(0);
}
if ((values.redis === undefined) !== (values.namespace === undefined)) fail('--redis and --namespace go together');
if (values.mutations === true && values.account !== true) fail('--mutations needs --account');
if (values.port !== undefined && values.http !== true) fail('--port needs --http (stdio has no port)');
const port = count('port', values.port, 0);
if (port !== undefined && port > 65_535) fail(`--port must be a TCP port from 0 to 65535, got ${port}`);
const maxCredits = count('max-credits', values['max-credits'], 1) ?? (values.mock === true ? 1000 : undefined);
if (maxCredits === undefined) fail('--max-credits is required: the most credits this server may spend (or --mock to try it)');

/** The client options: the embedded mock's, or the environment's service. */
async function clientOptions(): Promise<ClientOptions> {
  let coordinator: Coordinator = memoryCoordinator();
  if (values.redis !== undefined && values.namespace !== undefined) {
    try {
      const [{ Redis }, { redisCoordinator }] = await Promise.all([import('ioredis'), import('../../redis')]);
      const redis = new Redis(values.redis, { lazyConnect: true, maxRetriesPerRequest: 1 });
      // A failed connect is reported once, below, in the user's words; later errors surface at the calls.
      redis.on('error', () => undefined);
      await redis.connect();
      coordinator = redisCoordinator({ redis, namespace: values.namespace, secret: process.env['SPORTS_ODDS_FLEET_SECRET'] });
    } catch (error) {
      fail(
        `cannot reach Redis at the --redis URL (${(error as Error).message}): check the URL, that Redis runs, and that ioredis is installed`,
      );
    }
  }
  if (values.mock !== true) return { coordinator, logger: stderrLogger };
  const { createMockService } = await import('../../../mocks/index');
  const mock = createMockService();
  return { apiKey: mock.apiKey, baseUrl: mock.baseUrl, fetch: mock.fetch, coordinator, logger: stderrLogger };
}

const client = await clientOptions();
const options: McpServerOptions = {
  client,
  maxCredits,
  maxCallCredits: count('max-call-credits', values['max-call-credits'], 1),
  confirmAboveCredits: count('confirm-above', values['confirm-above'], 0),
  maxResultTokens: count('max-result-tokens', values['max-result-tokens'], 1000),
  toolsets: { account: values.account === true, mutations: values.mutations === true },
  readOnly: values['read-only'] === true,
};
let createMcpServer: typeof import('../server').createMcpServer;
let first: ReturnType<typeof createMcpServer>;
try {
  ({ createMcpServer } = await import('../server'));
  first = createMcpServer(options);
} catch (error) {
  fail(
    (error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND'
      ? 'needs @modelcontextprotocol/sdk and gpt-tokenizer: npm install @modelcontextprotocol/sdk gpt-tokenizer'
      : (error as Error).message,
  );
}
if (values.http === true) {
  const { serveHttp } = await import('./http');
  let next: ReturnType<typeof createMcpServer> | undefined = first;
  const session = () => {
    const server = next ?? createMcpServer(options);
    next = undefined;
    return server;
  };
  const http = await serveHttp(session, port ?? 3333);
  // Before the line that says it listens: a supervisor may stop it as soon as it reads it.
  const stop = () => void http.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.stderr.write(`sports-odds-mcp: Streamable HTTP at ${http.url}${values.mock === true ? ' (mock service)' : ''}\n`);
} else {
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  await first.connect(new StdioServerTransport());
}
