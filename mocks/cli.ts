#!/usr/bin/env node
/**
 * `sports-odds-mock`: the mock service as a standalone HTTP server.
 */
import { parseArgs } from 'node:util';
import { API_KEY_PATTERN } from '../src/schemas';
import type { MockServerOptions } from './node';
import { unsupportedRuntime } from './runtime-check';

const USAGE = `Usage: sports-odds-mock [options]

Runs the Sports Odds Data Service mock on an HTTP port.

Options:
  --port <n>             port to listen on (default 4010; 0 picks a free one)
  --host <addr>          address to bind (default 127.0.0.1)
  --seed <s>             seed of the virtual dataset (default sports-odds)
  --now <rfc3339>        the mock's "now"; its clock runs at real speed from there
  --api-key <key>        a fixed demo key (svc_live_ + 32 letters and digits)
  --plan <slug>          plan of the demo account: trial, starter or pro (default pro)
  --latency <ms>         added latency of every /v1 response
  --public-origin <url>  public origin of the first-party pages (cookie checks)
  --cors-origin <url>    allow this browser origin on /v1 (repeatable; * for any)
  --admin-remote         serve /__admin to non-loopback clients too
  --no-admin             do not serve /__admin at all
  --help                 show this help
`;

function fail(message: string): never {
  process.stderr.write(`sports-odds-mock: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function integer(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) fail(`--${name} must be an integer from ${min} to ${max}`);
  return n;
}

function parse(argv: string[]): MockServerOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        seed: { type: 'string' },
        now: { type: 'string' },
        'api-key': { type: 'string' },
        plan: { type: 'string' },
        latency: { type: 'string' },
        'public-origin': { type: 'string' },
        'cors-origin': { type: 'string', multiple: true },
        'admin-remote': { type: 'boolean' },
        'no-admin': { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  if (values.now !== undefined && Number.isNaN(Date.parse(values.now))) fail('--now must be an RFC 3339 date-time');
  if (values['api-key'] !== undefined && !API_KEY_PATTERN.test(values['api-key'])) fail('--api-key must be svc_live_ followed by 32 letters and digits');
  if (values.plan !== undefined && !['trial', 'starter', 'pro'].includes(values.plan)) fail('--plan must be trial, starter or pro');
  const publicOrigin = values['public-origin'];
  if (publicOrigin !== undefined && !URL.canParse(publicOrigin)) fail('--public-origin must be a URL');
  if (values['admin-remote'] && values['no-admin']) fail('--admin-remote and --no-admin exclude each other');
  const cors = values['cors-origin'];
  return {
    port: integer('port', values.port, 0, 65535) ?? 4010,
    host: values.host ?? '127.0.0.1',
    ...(values.seed === undefined ? {} : { seed: values.seed }),
    ...(values.now === undefined ? {} : { now: values.now }),
    demoAccount: { plan: values.plan ?? 'pro', ...(values['api-key'] === undefined ? {} : { apiKey: values['api-key'] }) },
    latencyMs: integer('latency', values.latency, 0, 60_000) ?? 0,
    ...(publicOrigin === undefined ? {} : { publicOrigin: new URL(publicOrigin).origin }),
    ...(cors === undefined ? {} : { corsOrigins: cors.includes('*') ? '*' : cors }),
    admin: values['no-admin'] ? false : values['admin-remote'] ? true : 'loopback',
  };
}

/** The server module, loaded only once the runtime is known to fit and msw to be installed. */
async function loadServer(): Promise<typeof import('./node')> {
  const problem = unsupportedRuntime();
  if (problem !== undefined) {
    process.stderr.write(`sports-odds-mock ${problem}\n`);
    process.exit(1);
  }
  try {
    return await import('./node');
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    if (code === 'ERR_MODULE_NOT_FOUND' && /['"]msw['"/]/.test(message ?? '')) {
      process.stderr.write('sports-odds-mock needs msw 3, an optional peer dependency: npm install --save-dev msw@^3\n');
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const options = parse(process.argv.slice(2));
  const { startMockServer } = await loadServer();
  let server;
  try {
    server = await startMockServer(options);
  } catch (error) {
    process.stderr.write(`sports-odds-mock: cannot listen: ${(error as Error).message}\n`);
    process.exit(1);
  }
  process.stdout.write(
    `Sports Odds Data mock service listening on ${server.url}\n` +
      `  demo key (data:read + account:manage): ${server.mock.apiKey}\n` +
      `  demo account: ${server.mock.demoEmail} (recovery mailbox verified)\n` +
      `  mock time: ${server.mock.clock.date().toISOString()}\n` +
      (options.admin === false ? '' : `  control plane: ${server.url}/__admin\n`) +
      `Try: curl -H "Authorization: Bearer ${server.mock.apiKey}" ${server.url}/v1/catalog/sports\n`,
  );
  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    process.stdout.write(`\n${signal}: closing\n`);
    void server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

void main();
