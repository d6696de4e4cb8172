import { SportsOddsError } from './base';

/**
 * The coordinator's shared store could not be read or written in time: the call was not sent (`cause`: the store's error); not retried by the SDK.
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

/** What a shared store lost: its whole record, or the reservations of calls in flight. */
export type LostState = 'record' | 'epoch' | 'reservations';

const LOST: Readonly<Record<LostState, string>> = {
  record: "the namespace's record (spend, reservations, windows) is gone",
  epoch: "the namespace's record was replaced by another one begun after a loss",
  reservations: 'the reservations of calls in flight are gone while the record counts them',
};

/**
 * The coordinator's shared state was lost (FLUSHALL, restart, eviction, failover): calls fail closed, nothing sent, until
 * `coordinator.recover()` (or `recover({ from: 'fresh' })`) (docs/scaling.md, "Lost state").
 *
 * @example
 * try {
 *   await odds.events.odds(42);
 * } catch (error) {
 *   if (error instanceof CoordinatorStateLostError) await coordinator.recover();
 * }
 */
export class CoordinatorStateLostError extends CoordinatorError {
  override name = 'CoordinatorStateLostError';
  readonly lost: LostState;

  constructor(coordinator: string, what: string, lost: LostState) {
    super(
      coordinator,
      `${what}: the fleet's shared state was lost (${LOST[lost]}: a FLUSHALL, a restart without persistence, an eviction or a failover?); ` +
        'nothing was sent, and calls fail until the application calls coordinator.recover() (docs/scaling.md, "Lost state")',
    );
    this.lost = lost;
  }
}
