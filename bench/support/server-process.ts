/**
 * How the benchmarks start the mock's server process: with the memory settings `sports-odds-mock`
 * restarts itself with (mocks/server/memory-settings.ts), unless asked for Node's defaults, plus
 * any flags of the run's own.
 */
import { fork } from 'node:child_process';
import { resolve } from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../mocks/server/memory-settings';

/** The `execArgv` and `env` of a forked server process (`gc` exposed by default, for heap after a full GC). */
export function serverProcess(nodeDefaults: boolean, moreFlags = '', gc = true): { execArgv: string[]; env: NodeJS.ProcessEnv } {
  const flags = [
    ...new Set([...(gc ? ['--expose-gc'] : []), ...(nodeDefaults ? [] : SERVER_NODE_FLAGS), ...moreFlags.split(' ').filter(Boolean)]),
  ];
  return { execArgv: flags, env: nodeDefaults ? process.env : { ...process.env, ...SERVER_ENV } };
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
  /** Memory-reducing collections of the memory watch so far (0 without it). */
  collections: number;
  /** Generated fixtures, timelines and line marks kept. */
  generated: { fixtures: number; timelines: number; marks: number };
  /** RSS by kind of mapping, and V8's spaces as committed. */
  maps: Record<string, number>;
  spaces: Record<string, number>;
}

/**
 * Forks bench/support/soak-server.ts, a process of its own so that its RSS is the mock's alone, as
 * `sports-odds-mock` runs it (SOAK_NODE_DEFAULTS=1: Node's defaults; SOAK_NODE_FLAGS: more flags),
 * with `ask(kind)` for its answer of that kind over IPC (`ready` comes unasked).
 */
export function soakServer() {
  const child = fork(resolve('scripts/run-ts.mjs'), [resolve('bench/support/soak-server.ts')], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    ...serverProcess(process.env['SOAK_NODE_DEFAULTS'] === '1', process.env['SOAK_NODE_FLAGS']),
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
