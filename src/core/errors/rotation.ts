import { SportsOddsError } from './base';

/**
 * The rotation was not confirmed within its 15-minute window; it stays pending, and `rotate()` replays it with the same nonce
 * (docs/service.md, "Errors"). `cause` is the last failure.
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
