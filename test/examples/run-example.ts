import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository's root, where `npm run example` runs. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** How an example run ended. */
export interface ExampleRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * The environment of an example run: the machine's, without a configured real service (so the
 * example uses its embedded mock) and without colors, plus `env`.
 */
function environment(env: Record<string, string>): NodeJS.ProcessEnv {
  const { SPORTS_ODDS_BASE_URL: _url, SPORTS_ODDS_API_KEY: _key, ...rest } = process.env;
  return { ...rest, NO_COLOR: '1', ...env };
}

/** Starts `npm run example -- <name> ...args` as its own process group (as a terminal would). */
export function startExample(name: string, args: string[] = [], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['scripts/example.mjs', name, ...args], {
    cwd: ROOT,
    env: environment(env),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
}

/** Runs an example to its end. */
export function runExample(name: string, args: string[] = [], env: Record<string, string> = {}): Promise<ExampleRun> {
  const child = startExample(name, args, env);
  return finished(child);
}

/** Collects a started example's output until it exits. */
export function finished(child: ChildProcess): Promise<ExampleRun> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}
