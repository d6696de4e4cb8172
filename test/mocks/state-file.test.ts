import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { NOW } from '../helpers/mock-server';

/**
 * The standalone server's state file (docs/mock-server.md, "Keeping the state"), as a user runs it: a real
 * `sports-odds-mock` process, killed with SIGKILL under a mixed load, restarted with the same flags.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const KEY = `svc_live_${'k'.repeat(32)}`;
const dir = mkdtempSync(join(tmpdir(), 'mock-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Running {
  child: ChildProcess;
  url: string;
  stdout: string;
  stderr: string;
}

/** Starts the CLI; resolves once its banner is out, or with its exit status and output when it refuses to start. */
function start(args: string[]): Promise<Running | { code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['scripts/run-ts.mjs', 'mocks/server/cli.ts', '--port', '0', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { stdout: '', stderr: '' };
  child.stderr?.on('data', (chunk) => (out.stderr += chunk));
  return new Promise((resolve) => {
    child.stdout?.on('data', (chunk) => {
      out.stdout += chunk;
      const url = /listening on (http:\/\/\S+)/.exec(out.stdout)?.[1];
      if (url !== undefined && out.stdout.includes('Try: curl'))
        resolve({
          child,
          url,
          ...out,
          get stderr() {
            return out.stderr;
          },
        });
    });
    child.on('close', (code) => resolve({ code, ...out }));
  });
}

async function running(args: string[]): Promise<Running> {
  const started = await start(args);
  if (!('url' in started)) throw new Error(`the mock did not start (${started.code}): ${started.stderr}`);
  return started;
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('close', () => resolve());
    child.kill('SIGKILL');
  });

const json = { 'Content-Type': 'application/json' };
const admin = async (url: string, path: string, body?: unknown) => {
  const response = await fetch(
    `${url}/__admin${path}`,
    body === undefined ? {} : { method: 'POST', headers: json, body: JSON.stringify(body) },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & unknown[] };
};

describe('--state FILE', () => {
  it('keeps every answered change through a SIGKILL under load; the ledger loses at most its last second', async () => {
    const file = join(dir, 'crash.json');
    const args = ['--now', NOW, '--api-key', KEY, '--state', file];
    const first = await running(args);
    expect(first.stdout).toContain(`state file: ${file} (new)`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Metering: data calls, each remembered with the real time it was answered.
    const charged: number[] = [];
    let loading = true;
    const load = (async () => {
      while (loading) {
        try {
          const response = await fetch(`${first.url}/v1/catalog/periods?sport_id=29`, { headers: { Authorization: `Bearer ${KEY}` } });
          await response.arrayBuffer();
          if (response.status === 200) charged.push(Date.now());
        } catch {
          return; // killed
        }
      }
    })();
    // Changes, each remembered once answered.
    const accounts: string[] = [];
    const events: number[] = [];
    const faults: string[] = [];
    let clock = '';
    for (let i = 0; i < 12; i++) {
      const account = await admin(first.url, '/accounts', { email: `crash-${i}@example.com`, plan: 'starter' });
      expect(account.status).toBe(201);
      accounts.push(`crash-${i}@example.com`);
      const event = await admin(first.url, '/events', {
        sport_id: 29,
        runner_home: `Home ${i}`,
        runner_away: `Away ${i}`,
        minute: -60 - i,
      });
      events.push(event.body.event_id as number);
      const fault = await admin(first.url, '/faults', { route: 'events.results', status: 503, count: 1 + i });
      faults.push((fault.body.armed as { id: string }).id);
      clock = (await admin(first.url, '/clock', { advance_ms: 60_000 })).body.now as string;
    }
    loading = false;
    const killedAt = Date.now();
    await killed(first.child);
    await load;

    const second = await running(args);
    try {
      expect(second.stdout).toContain(`state file: ${file} (loaded)`);
      const listed = (await admin(second.url, '/accounts')).body as unknown as { email: string }[];
      expect(listed.map((a) => a.email)).toEqual(expect.arrayContaining(accounts));
      const added = (await admin(second.url, '/events')).body as unknown as { event_id: number }[];
      expect(added.map((e) => e.event_id).sort()).toEqual([...events].sort());
      const armed = (await admin(second.url, '/faults')).body as unknown as { id: string }[];
      expect(armed.map((f) => f.id)).toEqual(faults);
      // The clock resumes where it stood when saved: at the last move, or later.
      const now = (await admin(second.url, '/clock')).body.now as string;
      expect(Date.parse(now)).toBeGreaterThanOrEqual(Date.parse(clock));
      // The demo key still answers; the ledger kept every charge but those of the last second.
      const ledger = (await admin(second.url, '/ledger')).body as unknown as { email: string; charges: { route: string }[] }[];
      const demo = ledger.find((l) => l.email === 'demo@sports-odds.test');
      const kept = demo?.charges.filter((c) => c.route === 'catalog.periods').length ?? 0;
      expect(kept).toBeGreaterThanOrEqual(charged.filter((at) => at < killedAt - 1_000).length);
      expect(kept).toBeLessThanOrEqual(charged.length);
      expect((await fetch(`${second.url}/v1/catalog/sports`, { headers: { Authorization: `Bearer ${KEY}` } })).status).toBe(200);
    } finally {
      await killed(second.child);
    }
  }, 120_000);

  it('refuses a truncated, corrupt, other-version or other-seed file, or a --plan that disagrees: exit 2, the file unchanged', async () => {
    const file = join(dir, 'good.json');
    const good = await running(['--now', NOW, '--api-key', KEY, '--plan', 'starter', '--state', file]);
    await killed(good.child);
    const text = readFileSync(file, 'utf8');
    const doc = JSON.parse(text) as Record<string, unknown>;
    const cases: [string, string, string[], string][] = [
      ['truncated', text.slice(0, text.length / 2), [], 'is not a whole JSON document (truncated or corrupt)'],
      ['corrupt', `x${text}`, [], 'is not a whole JSON document (truncated or corrupt)'],
      ['empty', '', [], 'is empty'],
      ['other version', JSON.stringify({ ...doc, version: 99 }), [], 'a state document of version 99, and this mock reads version 1'],
      ['other seed', text, ['--seed', 'other'], '--seed "other" disagrees with the state file'],
      ['other plan', text, ['--plan', 'pro'], '--plan pro disagrees with the state file'],
      ['other key', text, ['--api-key', `svc_live_${'z'.repeat(32)}`], '--api-key is not an active key of the state file'],
    ];
    for (const [name, content, flags, message] of cases) {
      const path = join(dir, `${name.replace(' ', '-')}.json`);
      writeFileSync(path, content, { mode: 0o600 });
      const outcome = await start(['--now', NOW, '--state', path, ...flags]);
      if ('url' in outcome) {
        await killed(outcome.child);
        throw new Error(`${name}: the mock started`);
      }
      expect(outcome.code, name).toBe(2);
      expect(outcome.stderr, name).toContain(`sports-odds-mock: `);
      expect(outcome.stderr, name).toContain(message);
      expect(readFileSync(path, 'utf8'), name).toBe(content);
    }
  }, 120_000);

  it('says that --now is not used when a file is loaded, and starts frozen with --freeze', async () => {
    const file = join(dir, 'now.json');
    const first = await running(['--now', NOW, '--api-key', KEY, '--state', file, '--freeze']);
    expect(first.stdout).toContain(`mock time: 2026-11-21T15:00:00.000Z (frozen)`);
    await admin(first.url, '/clock', { advance_ms: 3_600_000 });
    await killed(first.child);
    const second = await running(['--now', '2030-01-01T00:00:00Z', '--api-key', KEY, '--state', file]);
    try {
      expect(second.stderr).toContain('--now is not used: the clock resumes where the state file');
      expect((await admin(second.url, '/clock')).body).toEqual({ now: '2026-11-21T16:00:00.000Z', frozen: true });
    } finally {
      await killed(second.child);
    }
  }, 120_000);
});
