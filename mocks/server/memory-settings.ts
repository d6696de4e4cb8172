/**
 * The memory settings `sports-odds-mock` runs its server with (docs/performance.md, "Memory under
 * steady load"): Node's defaults let a server that keeps answers and timelines grow V8's young
 * generation to 64 MiB a semi-space and its old space to several times what is live, and glibc
 * keep an arena per thread.
 */

/**
 * V8 flags: a young generation of 2 MiB a semi-space, the next full GC at 1.5 times what is live, and
 * `gc` exposed for the memory watch (`watchMemory`).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=2', '--heap-growing-percent=50', '--expose-gc'];

/**
 * Environment of the server's process, for glibc's malloc (other C libraries ignore it): one arena,
 * and blocks of 64 KiB or more (every socket read buffer Node allocates) always mapped on their own,
 * so that a freed request body or read buffer goes back to the system instead of fragmenting the heap
 * (glibc raises that threshold after each such free by default).
 */
export const SERVER_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '1', MALLOC_MMAP_THRESHOLD_: '65536' };

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

/** RSS past which the memory watch has V8 give back what it keeps for reuse: under the 200 MB goal with room for a second's growth. */
export const RSS_WATCH_BYTES = 170 * 1024 * 1024;
/** RSS past which the watch collects sooner than a second after the last collection: the goal is 12 MiB away. */
export const RSS_URGENT_BYTES = 188 * 1024 * 1024;
/** How often the watch reads RSS (one read of /proc/self/statm on Linux). */
const WATCH_EVERY_MS = 100;
/** The shortest time between two collections while RSS stays under `RSS_URGENT_BYTES`. */
const SHORTEST_WAIT_MS = 1_000;
/** The shortest time between two collections past it: at most four a second, and only while collections give memory back. */
const URGENT_WAIT_MS = 250;
/** The longest the watch waits after collections that gave little back. */
const LONGEST_WAIT_MS = 60_000;
/** A collection that gives back less than this share of the limit was not worth its pause: what is live fills the budget. */
const WORTH_SHARE = 0.05;

/**
 * V8's memory-reducing full GC: compacts, shrinks the young generation and returns the pages V8 keeps for reuse. It also
 * lets die the maps only optimized code points to, so that code is discarded and compiled again: each one costs far more
 * than its pause (docs/performance.md, "Fifth pass"), which is why collections are rationed.
 */
type ReducingGc = () => void;

/**
 * The decision of the memory watch, apart from its timer: past `limitBytes` of RSS, one
 * memory-reducing GC, at most one a second; past `urgentBytes`, as soon as a quarter of a second
 * after the last one, since a server under heavy traffic can grow by tens of MB in a second. A
 * collection that gives back less than 5% of the limit (what is live fills the budget) makes the
 * next wait twice as long, up to a minute, and ends the urgent pace, so a server whose live data
 * outgrows the budget never spends its time collecting; one that gives back more brings the wait
 * back to a second.
 *
 * @example
 * const watch = new MemoryWatch(RSS_WATCH_BYTES, gc, () => process.memoryUsage.rss());
 * watch.check(performance.now()); // true when it collected
 */
export class MemoryWatch {
  #waitMs = SHORTEST_WAIT_MS;
  #nextAt = 0;
  #lastAt = Number.NEGATIVE_INFINITY;
  /** Collections made. */
  collections = 0;

  constructor(
    readonly limitBytes: number,
    private readonly gc: ReducingGc,
    private readonly rss: () => number,
    readonly urgentBytes: number = RSS_URGENT_BYTES,
  ) {}

  /** Collects if RSS is past the limit and no wait is running at `now` (ms); true when it did. */
  check(now: number): boolean {
    const before = this.rss();
    if (before <= this.limitBytes) return false;
    const urgent = before > this.urgentBytes && this.#waitMs === SHORTEST_WAIT_MS && now >= this.#lastAt + URGENT_WAIT_MS;
    if (now < this.#nextAt && !urgent) return false;
    this.gc();
    this.collections += 1;
    this.#lastAt = now;
    const worth = before - this.rss() >= WORTH_SHARE * this.limitBytes;
    this.#waitMs = worth ? SHORTEST_WAIT_MS : Math.min(LONGEST_WAIT_MS, 2 * this.#waitMs);
    this.#nextAt = now + this.#waitMs;
    return true;
  }
}

/**
 * Brings the server's RSS back toward its goal, with no work per request: RSS is read every 100 ms, and a
 * `MemoryWatch` collects past `RSS_WATCH_BYTES`. Under steady load V8 never runs its own memory
 * reducer (it waits for an idle moment), so the pages it keeps for reuse are otherwise never
 * returned. Needs `gc` (`--expose-gc`, which the CLI's restart sets); without it, nothing is watched.
 *
 * @example
 * const watch = watchMemory(); // the CLI, once the server listens; `watch?.collections` counts them
 */
export function watchMemory(): MemoryWatch | undefined {
  const exposed = (globalThis as { gc?: (options: { type: 'major'; flavor: 'last-resort' }) => void }).gc;
  if (typeof exposed !== 'function') return undefined;
  const watch = new MemoryWatch(
    RSS_WATCH_BYTES,
    () => exposed({ type: 'major', flavor: 'last-resort' }),
    () => process.memoryUsage.rss(),
  );
  // The monotonic clock: a wall clock set back would hold the watch's waits for as long.
  setInterval(() => watch.check(performance.now()), WATCH_EVERY_MS).unref();
  return watch;
}
