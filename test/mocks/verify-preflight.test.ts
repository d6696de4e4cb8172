import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCli } from '../helpers/cli';
import { useStandaloneMocks } from '../helpers/standalone';
import { freePort } from '../../examples/lib/port';
import { startDriftProxy } from '../helpers/drift-proxy';

/**
 * `verify` tells the user's mistakes from drift (issue 31): before any check, the base must answer,
 * answer as the service (its envelope and X-Request-Id), accept the key, and not end in /v1. Each
 * failure is one line on stderr and exit 3 (could not check), never a finding; nothing is charged.
 * A run that passes its preflight says so, and reports progress while it runs.
 */

let cli = '';
beforeAll(async () => {
  cli = await buildCli();
});
const { start, onClose } = useStandaloneMocks();
const KEY = `svc_live_${'a'.repeat(32)}`;

/** Runs `sports-odds-mock verify --run` against `base`: exit code and output. */
function verify(base: string, key = KEY, extra: string[] = []): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const args = ['verify', '--base', base, '--max-credits', '2000', '--run', ...extra];
  const child = spawn(process.execPath, [cli, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SPORTS_ODDS_API_KEY: key, SPORTS_ODDS_BASE_URL: '' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** A plain HTTP server that is not the service (as `python3 -m http.server` is): HTML for every path. */
async function plainServer(): Promise<string> {
  const server: Server = createServer((_, res) => {
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<h1>Not Found</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onClose(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** One line on stderr (could not check), exit 3, no report, no finding. */
function expectCouldNotCheck(run: { code: number | null; stdout: string; stderr: string }, line: RegExp): void {
  expect(run.code, run.stderr).toBe(3);
  expect(run.stdout).toBe('');
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^sports-odds-mock verify: could not check: /);
  expect(lines[0]).toMatch(line);
  expect(run.stderr).not.toMatch(/BREAKING|TypeError: fetch failed$/m);
}

describe('verify: the preflight', () => {
  it('names the network error of a port with nothing listening (ECONNREFUSED)', async () => {
    const port = await freePort();
    const run = await verify(`http://127.0.0.1:${port}`);
    expectCouldNotCheck(
      run,
      new RegExp(
        `http://127\\.0\\.0\\.1:${port} did not answer: TypeError: fetch failed \\(connect ECONNREFUSED 127\\.0\\.0\\.1:${port}\\); check --base`,
      ),
    );
  });

  it('names a TLS failure by its reason (https to a plain HTTP port)', async () => {
    const base = (await plainServer()).replace('http:', 'https:');
    const run = await verify(base);
    expectCouldNotCheck(run, /did not answer: TypeError: fetch failed \(\w+: wrong version number\); check --base/);
  });

  it('refuses a server that is not the service: no envelope (nor X-Request-Id)', async () => {
    const base = await plainServer();
    const run = await verify(base);
    expectCouldNotCheck(
      run,
      /is not the Sports Odds Data Service: GET \/v1\/account answered 404 \(text\/html, no X-Request-Id\) without the service's error envelope; check --base$/,
    );
  });

  it('says the key was refused, with what to check, and charges nothing', async () => {
    const server = await start();
    const run = await verify(server.url, `svc_live_${'z'.repeat(32)}`);
    expectCouldNotCheck(run, /the service refused the key under test \(401 invalid_api_key\): check --api-key or SPORTS_ODDS_API_KEY/);
    expect(server.mock.ledger().reduce((sum, a) => sum + a.charged, 0)).toBe(0);
  });

  it('refuses a base ending in /v1 before sending anything', async () => {
    const server = await start();
    const run = await verify(`${server.url}/v1`, server.mock.apiKey);
    expectCouldNotCheck(run, new RegExp(`the base URL ${server.url}/v1 ends in /v1: give the service's root \\(${server.url}\\)`));
    expect(server.requests).toEqual([]);
  });

  it('never passes a check on no answer of its kind (a base whose routes answer HTML past the account)', async () => {
    const server = await start();
    const html = () => ({ status: 200, headers: new Headers({ 'content-type': 'text/html' }), body: '<h1>Welcome</h1>' });
    const proxy = await startDriftProxy(server.url, { intercept: (r) => (r.url.startsWith('/v1/account') ? undefined : html()) });
    onClose(() => proxy.close());
    const run = await verify(proxy.url, server.mock.apiKey, ['--report', 'json', '--skip', 'rate', '--skip', 'auth']);
    const report = JSON.parse(run.stdout) as { checks: { id: string; outcome: string }[] };
    const outcome = (id: string) => report.checks.find((c) => c.id === id)?.outcome;
    // What judges data answers had none of the service's: could-not-check, never a pass.
    for (const id of ['metering.cost', 'events.order']) expect(outcome(id), id).toBe('could-not-check');
    expect(report.checks.filter((c) => c.outcome === 'pass').map((c) => c.id)).not.toContain('schema.data');
    expect(run.code).not.toBe(0);
  });

  it('passes on the service, and reports progress while the checks run', async () => {
    const server = await start();
    const run = await verify(server.url, server.mock.apiKey, [
      '--only',
      'auth.refused-keys',
      '--only',
      'errors',
      '--only',
      'events.upcoming',
      '--only',
      'metering.cost',
    ]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const progress = run.stderr.trimEnd().split('\n');
    expect(progress[0]).toBe(`sports-odds-mock verify: preflight: ${server.url} is the service and accepts the key`);
    expect(
      progress.slice(1).every((line) => /^sports-odds-mock verify: check \d+ of \d+: \S+ \(\d+ requests, \d+ credits so far\)$/.test(line)),
    ).toBe(true);
    expect(progress.length).toBeGreaterThan(1);
  });
});
