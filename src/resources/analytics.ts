import type { APIPromise } from '../core/answer';
import type { QueryOf, RequestOptions } from '../core/types';
import type { ClosingLineValue } from '../schemas/analytics';
import { APIResource } from './resource';

/** Analyses of bets against the closing line. */
export class Analytics extends APIResource {
  /**
   * Closing-line value of one bet (1 credit; `NotFoundError` when no closing line matches).
   *
   * @example
   * const { clv } = await odds.analytics.clv({ event_id: 42, market: 'spread', side: 'home', line: -3.5, odds: 1.95 });
   */
  clv(query: QueryOf<'analytics.clv'>, options?: RequestOptions): APIPromise<ClosingLineValue> {
    return this.client.request('analytics.clv', { query }, options);
  }
}
