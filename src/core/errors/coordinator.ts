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

/** What a shared store lost: its whole record, or the reservations of calls in flight. */
export type LostState = 'record' | 'epoch' | 'reservations';

const LOST: Readonly<Record<LostState, string>> = {
  record: "the namespace's record (spend, reservations, windows) is gone",
  epoch: "the namespace's record was replaced by another one begun after a loss",
  reservations: 'the reservations of calls in flight are gone while the record counts them',
};

/**
 * The coordinator's shared state was lost (a `FLUSHALL`, a restart without persistence, an
 * eviction, a failover to a replica that lacked it): the fleet's spend is no longer known, so
 * every call fails closed with this error, nothing sent, until the application decides:
 * `coordinator.recover()` rebuilds the ledger from what this process last knew, anchored to the
 * service's own credit windows, or `recover({ from: 'fresh' })` starts a fresh budget
 * (docs/scaling.md, "Lost state").
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
  /** What was lost. */
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
