import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMockService, type RecordedOverride, type VerifyReport } from '../../mocks';
import { buildCli } from '../helpers/cli';
import { creditsCost, startDriftProxy } from '../helpers/drift-proxy';
import { NOW } from '../helpers/mock-server';
import { useStandaloneMocks } from '../helpers/standalone';

/** The `sports-odds-mock verify` bin, spawned: its options, output, exit codes and recorded fixtures. */

let cli = '';
beforeAll(async () => {
  cli = await buildCli();
});

const { start, onClose } = useStandaloneMocks();

/** Runs the bin to its end: exit code and output. */
function verify(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [cli, 'verify', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SPORTS_ODDS_API_KEY: '', SPORTS_ODDS_BASE_URL: '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('sports-odds-mock verify (the bin)', () => {
  it('prints its usage with --help (exit 0), and exits 2 on a usage error', async () => {
    const help = await verify(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--max-credits <n>');
    for (const args of [
      ['--base', 'http://127.0.0.1:1'],
      ['--max-credits', '10'],
      ['--base', 'http://127.0.0.1:1', '--max-credits', 'ten'],
      ['--base', 'x', '--max-credits', '1', '--bogus'],
      ['--base', 'https://api.example.com', '--max-credits', '1', '--only', 'nothing'],
    ]) {
      const { code, stderr } = await verify(args);
      expect(code, args.join(' ')).toBe(2);
      expect(stderr).toContain('Usage: sports-odds-mock verify');
    }
  }, 30_000);

  it('prints the plan on a dry run (exit 0, nothing sent), and refuses a run over --max-credits (exit 3)', async () => {
    const server = await start();
    const dry = await verify(['--base', server.url, '--max-credits', '1000']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('Plan of sports-odds-mock verify against');
    expect(dry.stdout).toMatch(/Worst case: \d+ credits in at most \d+ requests; within --max-credits 1000\./);
    const over = await verify(['--base', server.url, '--max-credits', '100', '--run'], { SPORTS_ODDS_API_KEY: server.mock.apiKey });
    expect(over.code).toBe(3);
    expect(over.stdout).toContain('--run refuses this plan');
    expect(server.requests).toEqual([]);
  }, 30_000);

  it('runs against the mock (exit 0) with a JUnit report, and records fixtures that mock.use and the control plane replay', async () => {
    const server = await start();
    const dir = await mkdtemp(join('node_modules/.cache', 'verify-record-'));
    const run = await verify([
      '--base',
      server.url,
      '--api-key',
      server.mock.apiKey,
      '--max-credits',
      '1000',
      '--run',
      '--allow-mutations',
      '--report',
      'junit',
      '--record',
      dir,
    ]);
    expect(run.stderr).toMatch(/\d+ fixtures in/);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/<testsuites name="sports-odds-mock verify [^"]+" tests="27" failures="0" errors="0" skipped="1">/);
    const files = await readdir(dir);
    const text = (await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')))).join('\n');
    expect(text).not.toContain(server.mock.apiKey);
    const index = JSON.parse(await readFile(join(dir, 'index.json'), 'utf8')) as {
      file: string;
      check: string;
      request: string;
      status: number;
      request_id: string | null;
    }[];
    expect(index.filter((f) => f.check === 'rate.limit').map((f) => f.status)).toEqual([429, 200]);
    expect(files.length).toBe(index.length + 1);
    const read = async <T>(check: string, route: string) => {
      const entry = index.find((f) => f.check === check && f.file.endsWith(`${route}.json`))!;
      return JSON.parse(await readFile(join(dir, entry.file), 'utf8')) as T;
    };

    // An answer, in process: mock.use answers it exactly.
    const latest = await read<RecordedOverride<'events.odds'>>('prices.latest', 'events.odds');
    if (!('answer' in latest)) throw new Error('the latest prices were recorded as an error');
    const mock = createMockService({ now: NOW });
    mock.use(latest.route, () => latest.answer, { params: latest.params, once: true });
    const replayed = await mock.fetch(`${mock.baseUrl}/v1/events/${String(latest.params?.event_id)}/odds`, {
      headers: { Authorization: `Bearer ${mock.apiKey}` },
    });
    expect(await replayed.json()).toEqual(latest.answer);

    // A refusal, through the control plane of a standalone mock.
    const refusal = await read<RecordedOverride<'analytics.clv'>>('clv.no-closing-row', 'analytics.clv');
    expect(refusal).toMatchObject({ route: 'analytics.clv', error: { code: 'not_found' }, once: true });
    const other = await start();
    const armed = await fetch(`${other.url}/__admin/overrides`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(refusal),
    });
    expect(armed.status).toBe(201);
    const answer = await fetch(`${other.url}/v1/analytics/clv?event_id=1&market=moneyline&side=home&odds=2`, {
      headers: { Authorization: `Bearer ${other.mock.apiKey}` },
    });
    expect(answer.status).toBe(404);
  }, 60_000);

  it('exits 1 on drift, with the finding in the JSON report', async () => {
    const server = await start();
    const proxy = await startDriftProxy(
      server.url,
      creditsCost((cost) => cost + 1),
    );
    onClose(() => proxy.close());
    const run = await verify(['--base', proxy.url, '--max-credits', '1000', '--run', '--allow-mutations', '--report', 'json'], {
      SPORTS_ODDS_API_KEY: server.mock.apiKey,
    });
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as VerifyReport;
    expect(report.findings.map((f) => [f.check, f.class])).toEqual([['metering.cost', 'breaking']]);
    expect(report.findings[0]!.curl).toContain('$SPORTS_ODDS_API_KEY');
    expect(run.stdout).not.toContain(server.mock.apiKey);
  }, 60_000);
});
