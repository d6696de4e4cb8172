/**
 * Processes of the documented-commands suite, as a reader's shell would run them: in a folder of
 * their own, with a HOME and an npm cache of their own (nothing of the repository's npm settings,
 * npx cache or `node_modules/.bin` on PATH), on the Node that runs the suite (the package needs
 * Node >= 22.12; the machine's own may be older).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

/** What a reader's environment keeps of this one: how to reach the registry, the locale, the terminal. */
const KEPT = [
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'HTTPS_PROXY',
  'HTTP_PROXY',
  'NO_PROXY',
  'https_proxy',
  'http_proxy',
  'no_proxy',
  'LANG',
  'TMPDIR',
];

/**
 * The environment of a reader's shell under `work`: its own HOME (so its own `~/.npmrc` and npx
 * cache) and npm cache, shared by every command of one run so that the registry's packages are
 * downloaded once; PATH without any `node_modules/.bin`, the suite's Node first.
 *
 * @example
 * const env = readerEnvironment('/tmp/doc-commands-x');
 */
export function readerEnvironment(work: string): Record<string, string> {
  const home = join(work, 'home');
  mkdirSync(home, { recursive: true });
  const path = (process.env['PATH'] ?? '').split(delimiter).filter((entry) => entry !== '' && !entry.includes('node_modules'));
  const env: Record<string, string> = {
    PATH: [dirname(process.execPath), ...path].join(delimiter),
    HOME: home,
    npm_config_cache: join(work, 'npm-cache'),
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    NO_COLOR: '1',
  };
  for (const name of KEPT) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

/** How a process ended, with what it printed. */
export interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** It was still running at the time limit, and was killed. */
  timedOut: boolean;
}

/**
 * Runs a command to its end (killed, with its children, past `timeoutMs`).
 *
 * @example
 * const { code, stdout } = await runToEnd('npm', ['install', tarball], { cwd, env }, 240_000);
 */
export function runToEnd(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: Record<string, string> },
  timeoutMs: number,
): Promise<Ended> {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let stdout = '';
  let stderr = '';
  let timedOut = false;
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(child, 'SIGKILL');
  }, timeoutMs);
  return new Promise((resolve, reject) => {
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, timedOut });
    });
  });
}

/** A long-running process (a server) with what it has printed so far. */
export interface Running {
  child: ChildProcess;
  output(): string;
  /** Resolves with how it ended. */
  ended: Promise<Ended>;
}

/**
 * Starts a server and waits until its output matches `ready` (or it exits, or `timeoutMs` passes).
 *
 * @example
 * const { match, running } = await startServer('npx', ['sports-odds-mock', '--port', '0'], { cwd, env }, /listening on (\S+)/, 60_000);
 */
export async function startServer(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: Record<string, string> },
  ready: RegExp,
  timeoutMs: number,
): Promise<{ running: Running; match: RegExpExecArray }> {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const ended = new Promise<Ended>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr, timedOut: false })),
  );
  const running: Running = { child, output: () => `${stdout}${stderr}`, ended };
  let expired = false;
  const match = await new Promise<RegExpExecArray | undefined>((resolve) => {
    const timer = setTimeout(() => {
      expired = true;
      resolve(undefined);
    }, timeoutMs);
    const look = () => {
      const found = ready.exec(stdout);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout.on('data', look);
    void ended.then(() => {
      clearTimeout(timer);
      resolve(ready.exec(stdout) ?? undefined);
    });
  });
  if (!match) {
    await stop(running);
    const how = await ended;
    throw new Error(
      `\`${[command, ...args].join(' ')}\` ${expired ? `printed nothing matching ${ready} within ${timeoutMs / 1000} s` : `exited with ${how.code ?? how.signal}`}:\n${running.output().slice(-3000)}`,
    );
  }
  return { running, match };
}

/** Signals a process and its children (it was started as the leader of its own group). */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Stops a server as Ctrl-C in its terminal would (SIGTERM to its group), then for good after 10 s. */
export async function stop(running: Running): Promise<void> {
  killGroup(running.child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(running.child, 'SIGKILL'), 10_000);
  await running.ended;
  clearTimeout(timer);
}

/** The end of a process's output, for a failure's message. */
export const tail = (ended: Pick<Ended, 'stdout' | 'stderr'>, chars = 3000): string =>
  `${ended.stdout}${ended.stderr}`.trim().slice(-chars);
