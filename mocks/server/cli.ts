#!/usr/bin/env node
/**
 * `sports-odds-mock`: the mock service as a standalone HTTP server, and `sports-odds-mock verify`,
 * its executable spec run against any base URL.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { redact } from '../../src/schemas/redact';
import { API_KEY_PATTERN } from '../../src/schemas';
import { CommandLine } from './cli-flags';
import { cliPlans, PLAN_FLAG_SPECS } from './cli-plans';
import type { MockServerOptions } from './node';
import { isInstantText } from '../service/clock';
import { unsupportedRuntime } from '../service/runtime-check';
import type { VerifyOptions, VerifyReport, VerifyReportFormat } from '../verify';

const USAGE = `Usage: sports-odds-mock [options]
       sports-odds-mock verify --base <url> --max-credits <n> [--run] [options]

Runs the Sports Odds Data Service mock on an HTTP port. The verify command checks a
service against the mock's rules instead (sports-odds-mock verify --help).

Options:
  --port <n>             port to listen on (default 4010; 0 picks a free one)
  --host <addr>          address to bind (default 127.0.0.1)
  --seed <s>             seed of the virtual dataset (default sports-odds)
  --now <rfc3339>        the mock's "now"; its clock runs at real speed from there
  --api-key <key>        a fixed demo key (svc_live_ + 32 letters and digits)
  --plan <slug>          plan of the demo account: trial, starter, pro or one of
                         --plans (default pro)
  --plans <file>         a JSON file of plans by slug, added to the catalog or
                         replacing a plan of it (docs/mock-server.md,
                         "Plans for a load test")
  --rate-limit <n>       the demo account's plan with this many requests a second
  --period-credits <n>   ... with this plan-period allowance in credits
  --daily-credits <n>    ... with this UTC-daily guard in credits
  --period-days <n>      ... with a plan period of this many days
  --latency <ms>         added latency of every /v1 response
  --public-origin <url>  public origin of the first-party pages (cookie checks)
  --cors-origin <url>    allow this browser origin on /v1 (repeatable; * for any)
  --state <file>         keep the state in this file: loaded at start, written as it changes
  --freeze               start with the clock frozen (it moves only when set or advanced)
  --deterministic        draw ids, keys, tokens and secrets from --seed and a counter, so
                         that a replay with --now and --freeze answers byte for byte alike
                         (predictable: for tests only)
  --admin-remote         serve /__admin to non-loopback clients too
  --no-admin             do not serve /__admin at all
  --help                 show this help
`;

const mockCli = new CommandLine('sports-odds-mock', USAGE);
const fail: (message: string) => never = (message) => mockCli.fail(message);

function parse(argv: string[]): MockServerOptions {
  const { values } = mockCli.parse(argv, {
    port: { type: 'string' },
    host: { type: 'string' },
    seed: { type: 'string' },
    now: { type: 'string' },
    'api-key': { type: 'string' },
    ...PLAN_FLAG_SPECS,
    latency: { type: 'string' },
    'public-origin': { type: 'string' },
    'cors-origin': { type: 'string', multiple: true },
    'admin-remote': { type: 'boolean' },
    'no-admin': { type: 'boolean' },
    state: { type: 'string' },
    freeze: { type: 'boolean' },
    deterministic: { type: 'boolean' },
  });
  if (values.state !== undefined && values.state.trim() === '') fail('--state needs a file name');
  if (values.now !== undefined && !isInstantText(values.now))
    fail(
      `--now takes an RFC 3339 date-time with its offset (2026-11-22T00:00:00Z, 2026-11-22T01:00:00+01:00), not ${JSON.stringify(values.now)}`,
    );
  if (values['api-key'] !== undefined && !API_KEY_PATTERN.test(values['api-key']))
    fail('--api-key must be svc_live_ followed by 32 letters and digits');
  const publicOrigin = values['public-origin'];
  if (publicOrigin !== undefined && !URL.canParse(publicOrigin)) fail('--public-origin must be a URL');
  if (values['admin-remote'] && values['no-admin']) fail('--admin-remote and --no-admin exclude each other');
  const cors = values['cors-origin'];
  const { plans, plan } = cliPlans(mockCli, values);
  return {
    port: mockCli.integer('--port', values.port, { min: 0, max: 65535, what: 'a port' }) ?? 4010,
    host: values.host ?? '127.0.0.1',
    ...(values.seed === undefined ? {} : { seed: values.seed }),
    ...(values.now === undefined ? {} : { now: values.now }),
    ...(plans === undefined ? {} : { plans }),
    // The plan only when given: a state file's demo account keeps its own.
    demoAccount: {
      ...(values.plan === undefined ? {} : { plan }),
      ...(values['api-key'] === undefined ? {} : { apiKey: values['api-key'] }),
    },
    latencyMs: mockCli.integer('--latency', values.latency, { min: 0, max: 60_000, what: 'a number of ms' }) ?? 0,
    ...(publicOrigin === undefined ? {} : { publicOrigin: new URL(publicOrigin).origin }),
    ...(cors === undefined ? {} : { corsOrigins: cors.includes('*') ? '*' : cors }),
    admin: values['no-admin'] ? false : values['admin-remote'] ? true : 'loopback',
    ...(values.state === undefined ? {} : { stateFile: values.state }),
    freeze: values.freeze ?? false,
    deterministic: values.deterministic ?? false,
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

const VERIFY_USAGE = `Usage: sports-odds-mock verify --base <url> --max-credits <n> [--run] [options]

Checks a Sports Odds Data Service against the rules of docs/service.md, as the mock
implements them. Plans first: without --run it prints the plan (each check, its
requests and their worst-case credits) and sends nothing.

Options:
  --base <url>            the service's base URL (default SPORTS_ODDS_BASE_URL)
  --api-key <key>         the key under test (default SPORTS_ODDS_API_KEY); needed with --run
  --data-key <key>        a key of the account with only data:read, for the scope check
                          (default SPORTS_ODDS_DATA_KEY)
  --max-credits <n>       the most the run may spend: a plan whose worst case is over it
                          is refused, and the run stops at it (required)
  --run                   run the plan
  --report <format>       text (default), json, junit or md
  --record <dir>          keep the exchanges as fixture files that mock.use and
                          POST /__admin/overrides replay (with --run)
  --allow-mutations       create, rotate and revoke temporary keys on the account (the
                          keys you give are never rotated or revoked)
  --wait-cursor-expiry    wait five minutes to check that a live cursor expires
  --rate <n>              requests per second (default: the plan's, from GET /v1/account)
  --only <check>          only these checks or groups (repeatable)
  --skip <check>          leave these checks or groups out (repeatable)
  --timeout <ms>          per-request timeout (default 30000)
  --allow-insecure-http   send the key over plain http to a host that is not loopback
  --help                  show this help

Exit status: 0 every check passed (a dry run: the plan fits), 1 drift found,
2 usage error, 3 could not check everything, or the plan is over --max-credits.
`;

const verifyCli = new CommandLine('sports-odds-mock verify', VERIFY_USAGE);
const verifyFail: (message: string) => never = (message) => verifyCli.fail(message);

/** The options of `verify` from its arguments and the environment. */
function parseVerify(argv: string[]): { options: VerifyOptions; format: VerifyReportFormat; record: string | undefined } {
  const { values } = verifyCli.parse(argv, {
    base: { type: 'string' },
    'api-key': { type: 'string' },
    'data-key': { type: 'string' },
    'max-credits': { type: 'string' },
    run: { type: 'boolean' },
    report: { type: 'string' },
    record: { type: 'string' },
    'allow-mutations': { type: 'boolean' },
    'wait-cursor-expiry': { type: 'boolean' },
    rate: { type: 'string' },
    only: { type: 'string', multiple: true },
    skip: { type: 'string', multiple: true },
    timeout: { type: 'string' },
    'allow-insecure-http': { type: 'boolean' },
  });
  const env = (name: string) => process.env[name]?.trim() || undefined;
  const baseUrl = values.base ?? env('SPORTS_ODDS_BASE_URL');
  if (baseUrl === undefined) verifyFail('--base is required (or SPORTS_ODDS_BASE_URL)');
  if (values['max-credits'] === undefined) verifyFail('--max-credits is required: the most the run may spend');
  const format = values.report ?? 'text';
  if (!['text', 'json', 'junit', 'md'].includes(format)) verifyFail('--report must be text, json, junit or md');
  if (values.record !== undefined && !values.run) verifyFail('--record keeps what a run saw: give --run');
  const apiKey = values['api-key'] ?? env('SPORTS_ODDS_API_KEY');
  if (values.run && apiKey === undefined) verifyFail('--run needs the key under test: --api-key or SPORTS_ODDS_API_KEY');
  const number = (name: string, value: string | undefined, min = 0) => verifyCli.integer(`--${name}`, value, { min });
  return {
    options: {
      baseUrl,
      apiKey,
      dataKey: values['data-key'] ?? env('SPORTS_ODDS_DATA_KEY'),
      maxCredits: number('max-credits', values['max-credits']) as number,
      run: values.run ?? false,
      allowMutations: values['allow-mutations'] ?? false,
      waitForCursorExpiry: values['wait-cursor-expiry'] ?? false,
      requestsPerSecond: number('rate', values.rate, 1),
      only: values.only,
      skip: values.skip,
      timeout: number('timeout', values.timeout, 1),
      allowInsecureHttp: values['allow-insecure-http'] ?? false,
      record: values.record !== undefined,
      onProgress: (message) => process.stderr.write(`sports-odds-mock verify: ${message}\n`),
    },
    format: format as VerifyReportFormat,
    record: values.record,
  };
}

/** Writes a run's fixtures to `dir`: one override per file, and `index.json` saying where each came from. */
async function writeRecording(dir: string, report: VerifyReport): Promise<void> {
  const fixtures = report.fixtures ?? [];
  await mkdir(dir, { recursive: true });
  for (const fixture of fixtures) await writeFile(join(dir, fixture.file), `${JSON.stringify(fixture.override, null, 2)}\n`);
  const index = fixtures.map(({ file, check, request, status, requestId }) => ({
    file,
    check,
    request,
    status,
    request_id: requestId ?? null,
  }));
  await writeFile(join(dir, 'index.json'), `${JSON.stringify(index, null, 2)}\n`);
  process.stderr.write(`sports-odds-mock verify: ${fixtures.length} fixtures in ${dir}\n`);
}

/** `sports-odds-mock verify`: exits 0 pass, 1 drift, 2 usage, 3 could not check or over budget. */
async function verifyMain(argv: string[]): Promise<void> {
  const { options, format, record } = parseVerify(argv);
  const { formatVerifyReport, verifyService } = await import('../verify');
  let report: VerifyReport;
  try {
    report = await verifyService(options);
  } catch (error) {
    const secrets = new Set([options.apiKey, options.dataKey].filter((k): k is string => k !== undefined));
    const message = redact(error instanceof Error ? error.message : String(error), secrets);
    if (error instanceof RangeError) verifyFail(message);
    process.stderr.write(`sports-odds-mock verify: could not check: ${message}\n`);
    process.exitCode = 3;
    return;
  }
  process.stdout.write(formatVerifyReport(report, format));
  if (record !== undefined && report.mode === 'run') await writeRecording(record, report);
  process.exitCode = report.exitCode;
}

async function main(): Promise<void> {
  if (process.argv[2] === 'verify') return verifyMain(process.argv.slice(3));
  const options = parse(process.argv.slice(2));
  const { startMockServer, StateFileError } = await loadServer();
  let server: Awaited<ReturnType<typeof startMockServer>>;
  try {
    server = await startMockServer(options);
  } catch (error) {
    // A state file it refuses is the user's to fix: said as such, the file untouched.
    if (error instanceof StateFileError)
      fail(
        error.message
          .replace(/^seed /, '--seed ')
          .replace(/^plan /, '--plan ')
          .replace(/^the demo key given/, '--api-key'),
      );
    process.stderr.write(`sports-odds-mock: cannot listen: ${(error as Error).message}\n`);
    process.exit(1);
  }
  const loaded = server.stateFile?.loaded === true;
  if (loaded && options.now !== undefined)
    process.stderr.write(`sports-odds-mock: --now is not used: the clock resumes where the state file's stood\n`);
  // Before the banner: a supervisor may stop the server as soon as it reads it.
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
  process.stdout.write(
    `Sports Odds Data mock service listening on ${server.url}\n` +
      (loaded && options.demoAccount?.apiKey === undefined
        ? '  demo key: the state file holds keys as hashes only: start with --api-key <the key> to print it here\n'
        : `  demo key (data:read + account:manage): ${server.mock.apiKey}\n`) +
      `  demo account: ${server.mock.demoEmail} (recovery mailbox verified)\n` +
      `  mock time: ${server.mock.clock.date().toISOString()}${server.mock.clock.frozen ? ' (frozen)' : ''}\n` +
      (options.deterministic
        ? '  deterministic: ids, keys, tokens and secrets are predictable (drawn from the seed): for tests only\n'
        : '') +
      (server.stateFile === undefined ? '' : `  state file: ${server.stateFile.path}${loaded ? ' (loaded)' : ' (new)'}\n`) +
      (options.admin === false ? '' : `  control plane: ${server.url}/__admin\n`) +
      `Try: curl -H "Authorization: Bearer ${server.mock.apiKey}" ${server.url}/v1/catalog/sports\n`,
  );
}

void main();
