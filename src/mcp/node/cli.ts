#!/usr/bin/env node
/**
 * `sports-odds-mcp`: the MCP server of the Sports Odds Data Service over stdio, or Streamable HTTP
 * on loopback (`--http`), within a credit budget (docs/mcp.md).
 */
import type { ClientOptions, Coordinator, Logger } from '../../core/types';
import { memoryCoordinator } from '../../core/coordination';
import { redact } from '../../schemas/redact';
import { checkCount, type McpServerOptions } from '../options';
import { type FlagValues, parseFlags, USAGE, type UsageError } from './flags';
import { serviceFromEnvironment, WHERE_ENV_IS_SET } from './service-env';

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

/** The peers the server needs, named as a user adds them: to the npx command, or to the project. */
const PEERS_NEEDED =
  'needs its optional peers @modelcontextprotocol/sdk and gpt-tokenizer: in an npx command add --package=@modelcontextprotocol/sdk --package=gpt-tokenizer (docs/mcp.md, "Where the server runs"); in a project, npm install @modelcontextprotocol/sdk gpt-tokenizer';

let values: FlagValues;
try {
  values = parseFlags(process.argv.slice(2));
} catch (error) {
  fail((error as UsageError).message);
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

/** The service of the environment (unless --mock), checked before anything starts. */
let serviceUrl: string | undefined;
try {
  serviceUrl = values.mock === true ? undefined : serviceFromEnvironment(process.env);
} catch (error) {
  fail((error as UsageError).message);
}

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
  if (serviceUrl !== undefined) return { baseUrl: serviceUrl, coordinator, logger: stderrLogger };
  let mocks: typeof import('../../../mocks/index');
  try {
    mocks = await import('../../../mocks/index');
  } catch (error) {
    fail(
      (error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND'
        ? '--mock needs msw: in an npx command add --package=msw; in a project, npm install msw'
        : `--mock cannot start the embedded mock service: ${(error as Error).message}`,
    );
  }
  const mock = mocks.createMockService();
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
/** Where this server's key comes from, in the words of a refusal of it (a 401). */
const keyWords =
  values.mock === true
    ? "the embedded mock's demo key (--mock), revoked in this session: restart the server for a fresh mock service"
    : `SPORTS_ODDS_API_KEY in ${WHERE_ENV_IS_SET}, then restart the server`;
let createMcpServer: (o: McpServerOptions) => import('@modelcontextprotocol/sdk/server/index.js').Server;
let first: ReturnType<typeof createMcpServer>;
try {
  // The tokenizer is loaded by the first call: found now, so that its absence is said before a client connects.
  import.meta.resolve('gpt-tokenizer/encoding/o200k_base');
  const { createMcpServerWith } = await import('../server');
  createMcpServer = (o) => createMcpServerWith(o, keyWords);
  first = createMcpServer(options);
} catch (error) {
  fail((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' ? PEERS_NEEDED : (error as Error).message);
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
