/**
 * How the benchmarks start the mock's server process: with the memory settings `sports-odds-mock`
 * restarts itself with (mocks/server/memory-settings.ts), unless asked for Node's defaults, plus
 * any flags of the run's own.
 */
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../mocks/server/memory-settings';

/** The `execArgv` and `env` of a forked server process (`gc` exposed by default, for heap after a full GC). */
export function serverProcess(nodeDefaults: boolean, moreFlags = '', gc = true): { execArgv: string[]; env: NodeJS.ProcessEnv } {
  const flags = [...(gc ? ['--expose-gc'] : []), ...(nodeDefaults ? [] : SERVER_NODE_FLAGS), ...moreFlags.split(' ').filter(Boolean)];
  return { execArgv: flags, env: nodeDefaults ? process.env : { ...process.env, ...SERVER_ENV } };
}
