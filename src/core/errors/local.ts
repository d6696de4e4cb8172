import type { ResponseMeta } from '../types';
import { SportsOddsError } from './base';

/** Which limit of the budget guard refused the call (`scanMaxCredits`: the `maxCredits` option of a scan). */
export type BudgetLimit = 'maxCredits' | 'dailyFloor' | 'periodFloor' | 'scanMaxCredits';

/**
 * The budget guard refused a call locally: its envelope could pass `maxCredits` or a floor. Nothing was sent.
 *
 * @example
 * const odds = new SportsOdds({ budget: { maxCredits: 100 } });
 * await odds.events.odds(42, { full_history: true }); // BudgetExceededError: envelope 250 > 100
 */
export class BudgetExceededError extends SportsOddsError {
  override name = 'BudgetExceededError';
  readonly limit: BudgetLimit;
  /** Credits the call could cost at most (its reservation envelope). */
  readonly envelope: number;
  /** Credits still available under that limit before this call. */
  readonly available: number;

  constructor(limit: BudgetLimit, envelope: number, available: number) {
    super(
      `budget guard (${limit}): the call may cost up to ${envelope} credits but only ${Math.max(0, available)} are available; nothing was sent`,
    );
    this.limit = limit;
    this.envelope = envelope;
    this.available = available;
  }
}

/**
 * A live cursor is past its five minutes, or the service refused it (`cause`). Restart the scan from `filters`.
 *
 * @example
 * try {
 *   for await (const event of odds.events.resumeLive(saved)) handle(event);
 * } catch (error) {
 *   if (error instanceof CursorExpiredError) for await (const event of odds.events.live(error.filters)) handle(event);
 * }
 */
export class CursorExpiredError extends SportsOddsError {
  override name = 'CursorExpiredError';
  /** The original filters, to restart with `odds.events.live(filters)`. */
  readonly filters: Readonly<Record<string, unknown>>;

  constructor(message: string, filters: Readonly<Record<string, unknown>>, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.filters = filters;
  }
}

/**
 * A scan ended without covering everything (docs/service.md, "Events" rule 8; or one kickoff or snapshot instant
 * overfilled a page). Narrow the sport, league or kickoff window and restart.
 *
 * @example
 * try {
 *   for await (const event of odds.events.live()) handle(event);
 * } catch (error) {
 *   if (error instanceof IncompleteScanError) console.warn(error.message, error.filters);
 * }
 */
export class IncompleteScanError extends SportsOddsError {
  override name = 'IncompleteScanError';
  readonly filters: Readonly<Record<string, unknown>>;
  /** The last page's headers. */
  readonly meta: ResponseMeta;

  constructor(
    filters: Readonly<Record<string, unknown>>,
    meta: ResponseMeta,
    message = 'the live scan ended truncated without a cursor: narrow the sport, league or kickoff window and restart',
  ) {
    super(message);
    this.filters = filters;
    this.meta = meta;
  }
}
