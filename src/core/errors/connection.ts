import { SportsOddsError } from './base';

/**
 * No answer arrived (connection failed or dropped), once retries are spent; `cause` is what `fetch` threw, never the request (so never the key).
 *
 * @example
 * try {
 *   await odds.catalog.sports();
 * } catch (error) {
 *   if (error instanceof TimeoutError) console.error(error.deadline ? 'out of time' : 'slow attempt');
 *   else if (error instanceof ConnectionError) console.error('network down', error.cause);
 * }
 */
export class ConnectionError extends SportsOddsError {
  override name = 'ConnectionError';

  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, 'cause' in options ? { cause: options.cause } : undefined);
  }
}

/** No answer within the per-attempt `timeout` (retried), or past the call's `totalTimeout` (`deadline` true, not retried). */
export class TimeoutError extends ConnectionError {
  override name = 'TimeoutError';
  /** True when the total deadline of the call, not one attempt, ran out. */
  readonly deadline: boolean;

  constructor(message: string, options: { deadline?: boolean; cause?: unknown } = {}) {
    super(message, options);
    this.deadline = options.deadline ?? false;
  }
}

/** The caller aborted the call through its `signal`. Never retried. */
export class AbortError extends SportsOddsError {
  override name = 'AbortError';
}
