/**
 * A fleet of worker processes on one account (test/fleet/worker.ts), for the fleet tests and
 * bench/fleet.ts: the worker is bundled once with esbuild (its dependencies stay in node_modules),
 * then forked as many times as asked; each is a real process with its own Redis connection.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { FromWorker, ToWorker, WorkerConfig, WorkerStats } from './worker';

/** The repository's root: the folder above this file (or above the bundle it was built into) that holds the package. */
function repositoryRoot(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'sports-odds-data') return dir;
  }
  throw new Error('the fleet harness runs inside the sports-odds-data repository');
}

const root = repositoryRoot();

/** Bundles the worker (or another child, `entry` from the repository's root); resolves to the bundle's path (removed by `removeWorkerBundle`). */
export async function buildWorker(entry = 'test/fleet/worker.ts'): Promise<string> {
  const dir = resolve(root, 'node_modules/.cache/fleet');
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, `worker-${process.pid}-${Date.now()}.mjs`);
  await build({
    entryPoints: [join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}

/** Removes a bundle made by `buildWorker`. */
export function removeWorkerBundle(path: string): void {
  rmSync(path, { force: true });
}

/** One worker process. */
export interface Worker {
  readonly proc: ChildProcess;
  readonly pid: number;
  /** Runs calls for `seconds` from `concurrency` loops (or until `calls` are made); resolves to what it saw. */
  run(seconds: number, concurrency: number, calls?: number): Promise<WorkerStats>;
  /** Resolves once the run's loops have started (after `run` was sent). */
  started(): Promise<void>;
  /** Resolves once a call of the current run has failed with this error name (at once if one already has). */
  failedWith(name: string): Promise<void>;
  /** Asks the worker to rotate its key. */
  rotate(): Promise<{ ok: boolean; error?: string; prefix?: string }>;
  /** Ends a run early. */
  stop(): void;
  /** SIGKILL, as a crash would. */
  kill(): void;
  /** Ends the process (disconnects it). */
  close(): Promise<void>;
}

/** The next message of a kind from a worker. */
function next<K extends FromWorker['kind']>(proc: ChildProcess, kind: K): Promise<Extract<FromWorker, { kind: K }>> {
  return new Promise((done, fail) => {
    const onMessage = (message: FromWorker) => {
      if (message.kind !== kind) return;
      proc.off('message', onMessage);
      proc.off('exit', onExit);
      done(message as Extract<FromWorker, { kind: K }>);
    };
    const onExit = (code: number | null, signal: string | null) => {
      proc.off('message', onMessage);
      fail(new Error(`the worker exited (${code ?? signal}) before '${kind}'`));
    };
    proc.on('message', onMessage);
    proc.once('exit', onExit);
  });
}

/** Forks one worker with `config`; resolves once it is ready. */
export async function forkWorker(bundle: string, config: WorkerConfig): Promise<Worker> {
  const proc = fork(bundle, [], {
    env: { ...process.env, FLEET_WORKER: JSON.stringify(config) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { pid } = await next(proc, 'ready');
  const tell = (message: ToWorker) => proc.send(message);
  // The failures of the current run by name, and who waits for one: a failure told before anyone asked is kept.
  const failures = new Set<string>();
  const waiting = new Map<string, Array<() => void>>();
  proc.on('message', (message: FromWorker) => {
    if (message.kind !== 'failed') return;
    failures.add(message.name);
    for (const done of waiting.get(message.name) ?? []) done();
    waiting.delete(message.name);
  });
  return {
    proc,
    pid,
    run(seconds, concurrency, calls) {
      failures.clear();
      const done = next(proc, 'done');
      tell(calls === undefined ? { kind: 'run', seconds, concurrency } : { kind: 'run', seconds, concurrency, calls });
      return done.then((m) => m.stats);
    },
    started: () => next(proc, 'started').then(() => undefined),
    failedWith: (name) =>
      failures.has(name) ? Promise.resolve() : new Promise<void>((done) => waiting.set(name, [...(waiting.get(name) ?? []), done])),
    rotate() {
      const rotated = next(proc, 'rotated');
      tell({ kind: 'rotate' });
      return rotated;
    },
    stop: () => tell({ kind: 'stop' }),
    kill: () => proc.kill('SIGKILL'),
    close: () =>
      new Promise<void>((done) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return done();
        proc.once('exit', () => done());
        proc.disconnect();
      }),
  };
}

/** Forks `n` workers with the same config (a function of the worker's index may vary it). */
export function forkFleet(bundle: string, n: number, config: WorkerConfig | ((i: number) => WorkerConfig)): Promise<Worker[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => forkWorker(bundle, typeof config === 'function' ? config(i) : config)));
}

/** The stats of several workers together: what each counted, summed (keys and spend stay per worker). */
export type FleetStats = Omit<WorkerStats, 'keyPrefixes' | 'spent' | 'rotationsTold'>;

/** Sums the stats of several workers. */
export function total(stats: WorkerStats[]): FleetStats {
  const out: FleetStats = { ok: 0, failed: {}, messages: {}, statuses: {}, waits: [], sentAt: [] };
  for (const s of stats) {
    out.ok += s.ok;
    for (const [k, v] of Object.entries(s.failed)) out.failed[k] = (out.failed[k] ?? 0) + v;
    for (const [k, v] of Object.entries(s.statuses)) out.statuses[k] = (out.statuses[k] ?? 0) + v;
    Object.assign(out.messages, s.messages);
    out.waits.push(...s.waits);
    out.sentAt.push(...s.sentAt);
  }
  return out;
}

/** Requests sent per second, over the whole seconds from the first send (a run's tail, which waits out its last slots, is left out). */
export function sendRate(sentAt: number[], seconds: number): number {
  if (sentAt.length === 0) return 0;
  const start = Math.min(...sentAt);
  return sentAt.filter((t) => t < start + seconds * 1000).length / seconds;
}

/** The most requests sent in any one-second span (a sliding window over the send times). */
export function busiestSecond(sentAt: number[]): number {
  const sorted = [...sentAt].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; j < sorted.length; j++) {
    while ((sorted[j] as number) - (sorted[i] as number) >= 1000) i++;
    most = Math.max(most, j - i + 1);
  }
  return most;
}

/** The `p`-th percentile (0 to 100) of some numbers. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}
