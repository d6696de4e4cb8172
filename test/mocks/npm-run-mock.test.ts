import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NOW } from '../helpers/mock-server';

/** The repository's root, where a contributor runs the README's commands. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('npm run mock (README.md, docs/mock-server.md), as a contributor runs it in a clone', () => {
  it('starts the mock from the TypeScript sources, prints its URL and demo key, answers, and stops on SIGTERM', async () => {
    // Its own process group, so that the signal reaches npm's shell and the mock under it.
    const child = spawn('npm', ['run', 'mock', '--', '--port', '0', '--now', NOW], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const out = { stdout: '', stderr: '' };
    child.stdout.on('data', (chunk) => (out.stdout += chunk));
    child.stderr.on('data', (chunk) => (out.stderr += chunk));
    // 'close', not 'exit': npm may exit before the mock under it has written its last line to the shared pipe;
    // the pipe closes once every process of the group holding it has ended.
    const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    try {
      // Its first answer is a state: the banner printed, up to its last line.
      const banner = await new Promise<string>((resolve, reject) => {
        const check = () => {
          if (out.stdout.includes('Try: curl')) resolve(out.stdout);
        };
        child.stdout.on('data', check);
        void exit.then((code) => reject(new Error(`npm run mock exited with ${code} before it listened:\n${out.stderr}`)));
      });
      const url = /listening on (http:\/\/\S+)/.exec(banner)?.[1];
      const key = /demo key \(data:read \+ account:manage\): (svc_live_\w+)/.exec(banner)?.[1];
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const answer = await fetch(`${url}/v1/catalog/sports`, { headers: { Authorization: `Bearer ${key}` } });
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as unknown[]).length).toBe(44);
    } finally {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // The group has exited already (the failure above says why).
      }
    }
    await exit;
    expect(out.stdout).toContain('SIGTERM: closing');
    expect(out.stderr).not.toMatch(/ERR_|Error/);
  }, 60_000);
});
