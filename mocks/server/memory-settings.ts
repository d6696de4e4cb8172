/**
 * The memory settings `sports-odds-mock` runs its server with (docs/performance.md, "Memory under
 * steady load"): Node's defaults let a server that keeps answers and timelines grow V8's young
 * generation to 64 MiB a semi-space and its old space to several times what is live, and glibc
 * keep an arena per thread.
 */

/** V8 flags: a young generation of 2 MiB a semi-space, and the next full GC at 1.5 times what is live. */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=2', '--heap-growing-percent=50'];

/**
 * Environment of the server's process, for glibc's malloc (other C libraries ignore it): two arenas,
 * and blocks of 128 KiB or more always mapped on their own, so that a freed request body or socket
 * buffer goes back to the system (glibc raises that threshold after each such free by default).
 */
export const SERVER_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

/** What names a setting of the young generation or heap growth: the user's own choice stands. */
const CHOSEN =
  /--(max-semi-space-size|min-semi-space-size|semi-space-growth-factor|heap-growing-percent|max-heap-size|optimize-for-size)\b/;

/**
 * Restarts this process in place with the server's memory settings: same pid, standard streams and
 * arguments (`process.execve`, before anything is written). Nothing happens when the process runs
 * with them already, when the user set any of these flags (on the command line or in NODE_OPTIONS),
 * or where the runtime cannot (Windows; Node before 22.15): the server then runs with Node's defaults.
 *
 * @example
 * restartWithServerSettings(); // first thing in the CLI, before the server starts
 */
export function restartWithServerSettings(): void {
  const { execArgv, env, platform } = process;
  if (typeof process.execve !== 'function' || platform === 'win32') return;
  // V8 takes its flags' words joined by '-' or '_'.
  const chosen = (text: string) => CHOSEN.test(text.replaceAll('_', '-'));
  if (execArgv.some(chosen) || chosen(env['NODE_OPTIONS'] ?? '')) return;
  const extra = Object.fromEntries(Object.entries(SERVER_ENV).filter(([name]) => env[name] === undefined));
  const argv = process.argv.slice(1);
  try {
    process.execve(process.execPath, [process.execPath, ...SERVER_NODE_FLAGS, ...execArgv, ...argv], { ...env, ...extra });
  } catch {
    // The runtime refused (a platform without it): the server runs with Node's defaults.
  }
}
