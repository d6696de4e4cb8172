import { RETRYABLE_STATUSES } from '../../schemas/errors';
import { APIError, ConnectionError, TimeoutError, type SportsOddsError } from '../errors';
import { throwIfAborted } from '../runtime';
import type { Now, Random, Sleep } from '../types';

/** First backoff step and cap, in ms: full jitter over `min(cap, base * 2^(retry - 1))`. */
export const BACKOFF_BASE_MS = 500;
export const BACKOFF_CAP_MS = 8_000;

/** How a call retries. */
export interface RetryPolicy {
  maxRetries: number;
  /** Longest `Retry-After` slept through, in ms. */
  maxRetryAfter: number;
  /** The call's deadline, in ms since the epoch on `now`'s clock. */
  deadlineAt: number;
  sleep: Sleep;
  now: Now;
  random: Random;
  signal: AbortSignal | undefined;
  /** Called before each wait, e.g. to run hooks and log. */
  onRetry?: (error: SportsOddsError, attempt: number, delayMs: number) => void | Promise<void>;
}

/**
 * The wait before retrying after `error`, or undefined when it must not be retried (docs/service.md, "Errors"
 * rules 1 and 2): 429/500/502/503, dropped connections and attempt timeouts; `Retry-After` first (unless over
 * `maxRetryAfter`), else exponential backoff with full jitter.
 *
 * @example
 * retryDelay(new RateLimitError({ status: 429, code: 'rate_limited', message: '', retryAfter: 1 }), 1, policy); // 1000
 */
export function retryDelay(error: unknown, attempt: number, policy: Pick<RetryPolicy, 'maxRetryAfter' | 'random'>): number | undefined {
  if (!retryable(error, policy)) return undefined;
  if (error instanceof APIError && error.retryAfter !== undefined) return error.retryAfter * 1000;
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1));
  return Math.floor(policy.random() * ceiling);
}

/** Whether `error` may be retried at all (`retryDelay` without drawing the jitter). */
function retryable(error: unknown, policy: Pick<RetryPolicy, 'maxRetryAfter'>): boolean {
  if (error instanceof APIError) {
    if (!RETRYABLE_STATUSES.has(error.status)) return false;
    return error.retryAfter === undefined || error.retryAfter * 1000 <= policy.maxRetryAfter;
  }
  if (error instanceof TimeoutError) return !error.deadline;
  return error instanceof ConnectionError;
}

/**
 * Runs `attempt` with the retry policy. p-retry loads only after the first attempt fails (its own chunk, so an
 * answered call costs nothing), and never sleeps itself: the wait is the injectable `sleep`. Check `maxRetries` first.
 *
 * @example
 * const raw = await withRetry((n) => sendAttempt(n), () => policy);
 */
export async function withRetry<T>(attempt: (attemptNumber: number) => Promise<T>, policyOf: () => RetryPolicy): Promise<T> {
  let first: unknown;
  try {
    return await attempt(1);
  } catch (error) {
    first = error;
  }
  const policy = policyOf();
  // What p-retry would throw at once, thrown without loading it (a non-Error it would wrap first).
  if (first instanceof Error && (policy.maxRetries === 0 || !retryable(first, policy))) throw first;
  const { default: pRetry } = await import('p-retry');
  return pRetry((attemptNumber) => (attemptNumber === 1 ? Promise.reject(first) : attempt(attemptNumber)), {
    retries: policy.maxRetries,
    minTimeout: 0,
    shouldRetry: async ({ error, attemptNumber }) => {
      const delay = retryDelay(error, attemptNumber, policy);
      if (delay === undefined) return false;
      // Not worth a retry that could not start before the deadline: the last error says more.
      if (policy.now() + delay >= policy.deadlineAt) return false;
      await policy.onRetry?.(error as SportsOddsError, attemptNumber, delay);
      await policy.sleep(delay, policy.signal);
      throwIfAborted(policy.signal);
      return true;
    },
  });
}
