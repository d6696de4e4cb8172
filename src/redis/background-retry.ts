import { unrefTimer } from './leases';

/** How `retryInBackground` tries again. */
export interface BackgroundRetryOptions {
  /** True for an error after which trying again is useless. */
  giveUp: (error: unknown) => boolean;
  /** Stops trying this long after the first try. */
  forMs: number;
  /** Longest pause between two tries (they start at 100 ms and double). */
  maxDelayMs: number;
}

const FIRST_DELAY_MS = 100;

/**
 * Runs `operation` in the background until it succeeds, `giveUp` says an error is final, or `forMs`
 * passed; its timers never hold the process open.
 *
 * @example
 * retryInBackground(() => runner.run('release', RELEASE, args), { giveUp: () => false, forMs: 60_000, maxDelayMs: 5_000 });
 */
export function retryInBackground(operation: () => Promise<unknown>, options: BackgroundRetryOptions): void {
  const until = Date.now() + options.forMs;
  const attempt = (delayMs: number): void => {
    operation().catch((error: unknown) => {
      if (options.giveUp(error) || Date.now() + delayMs > until) return;
      unrefTimer(setTimeout(() => attempt(Math.min(delayMs * 2, options.maxDelayMs)), delayMs));
    });
  };
  attempt(FIRST_DELAY_MS);
}
