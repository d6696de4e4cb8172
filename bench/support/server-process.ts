/**
 * How the benchmarks start the mock's server process: on Node's defaults, as `sports-odds-mock` runs,
 * plus only the flags a run gives itself (as a user would in NODE_OPTIONS).
 */
import { fork } from 'node:child_process';
import { resolve } from 'node:path';

/** The `execArgv` of a forked server process: the run's own flags (space-separated), none by default. */
export function serverProcess(flags = ''): { execArgv: string[] } {
  return { execArgv: flags.split(' ').filter(Boolean) };
}

/** What the soak's server process (bench/support/soak-server.ts) reports of itself. */
export interface ServerSample {
  rss: number;
  heap: number;
  external: number;
  cached: number;
  cachedBytes: number;
  kept: number;
  keptBytes: number;
  /** Generated fixtures, timelines and line marks kept. */
  generated: { fixtures: number; timelines: number; marks: number; outcomes: number };
  /** Entries of the stores that grow with traffic. */
  stores: Record<string, number>;
  /** RSS by kind of mapping, and V8's spaces as committed. */
  maps: Record<string, number>;
  spaces: Record<string, number>;
}

/**
 * Forks bench/support/soak-server.ts, a process of its own so that its RSS is the mock's alone, on
 * Node's defaults as `sports-odds-mock` runs (SOAK_NODE_FLAGS: flags of the run's own), with
 * `ask(kind)` for its answer of that kind over IPC (`ready` comes unasked).
 */
export function soakServer() {
  const child = fork(resolve('scripts/run-ts.mjs'), [resolve('bench/support/soak-server.ts')], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    ...serverProcess(process.env['SOAK_NODE_FLAGS']),
  });
  const ask = <T>(kind: string) =>
    new Promise<T>((done) => {
      const onMessage = (m: { kind: string } & T) => {
        if (m.kind !== kind) return;
        child.off('message', onMessage);
        done(m);
      };
      child.on('message', onMessage);
      if (kind !== 'ready') child.send({ kind });
    });
  return { child, ask };
}
