/**
 * Cache hits resolve through microtasks only: a loop of them (`for (;;) await odds.x()`) would never
 * let the event loop turn, and no timer, I/O or other task would run. So every `HITS_PER_TURN`-th
 * hit served since the loop last turned waits for one macrotask (docs/caching.md, "The cost of a hit").
 */

/** Hits served in a row before one waits for the event loop to turn. */
export const HITS_PER_TURN = 32;

/** Runs `task` as a macrotask: `setImmediate` where there is one (Node, Bun, Deno), else a `MessageChannel` message. */
const immediate = (globalThis as { setImmediate?: (task: () => void) => unknown }).setImmediate;
const macrotask: (task: () => void) => void =
  typeof immediate === 'function'
    ? (task) => void immediate(task)
    : (task) => {
        const { port1, port2 } = new MessageChannel();
        port1.onmessage = () => {
          port1.close();
          task();
        };
        port2.postMessage(undefined);
      };

let hits = 0;
let watching = false;

/**
 * Counts a hit; undefined while the event loop turned lately, else a promise of its next turn (at
 * most once per `HITS_PER_TURN` hits).
 *
 * @example
 * await turnAfterHits();
 */
export function turnAfterHits(): Promise<void> | undefined {
  // Any turn of the loop restarts the count: hits spread over time never wait.
  if (!watching) {
    watching = true;
    macrotask(() => {
      hits = 0;
      watching = false;
    });
  }
  hits += 1;
  if (hits < HITS_PER_TURN) return undefined;
  return new Promise((resolve) => macrotask(resolve));
}
