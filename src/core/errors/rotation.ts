import { SportsOddsError } from './base';

/**
 * The rotation could not be confirmed within its 15-minute replay window: every attempt failed
 * ambiguously. It stays in the store, so calling `rotate()` again replays it with the same key
 * and nonce (never a new nonce: docs/service.md, "Errors"). `cause` is the last failure.
 *
 * @example
 * try {
 *   await odds.keys.rotate();
 * } catch (error) {
 *   if (error instanceof RotationPendingError) scheduleRetry(); // later: odds.keys.rotate() resumes it
 * }
 */
export class RotationPendingError extends SportsOddsError {
  override name = 'RotationPendingError';
  /** When the pending rotation started. */
  readonly startedAt: Date;

  constructor(startedAt: string, cause: unknown) {
    super(`the key rotation of ${startedAt} is unconfirmed and stays pending: rotate() replays it`, { cause });
    this.startedAt = new Date(startedAt);
  }
}
