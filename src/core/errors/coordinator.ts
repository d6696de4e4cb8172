import { SportsOddsError } from './base';

/**
 * The coordinator that holds the account's shared state (a Redis of the fleet) could not be read or
 * written in time: the call was not sent, so nothing went out unpaced or over the budget. `cause` is
 * the store's own error. Retry when the store is back; the SDK does not retry it by itself.
 *
 * @example
 * try {
 *   await odds.events.odds(42);
 * } catch (error) {
 *   if (error instanceof CoordinatorError) console.warn('Redis is down:', error.message);
 * }
 */
export class CoordinatorError extends SportsOddsError {
  override name = 'CoordinatorError';
  /** The coordinator, e.g. `redis:acct-1`. */
  readonly coordinator: string;

  constructor(coordinator: string, message: string, options?: { cause?: unknown }) {
    super(`coordinator ${coordinator}: ${message}`, options);
    this.coordinator = coordinator;
  }
}
