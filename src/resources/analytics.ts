import type { APIPromise } from '../core/answer';
import { checkRequestOptions } from '../core/options';
import type { QueryOf, RequestOptions } from '../core/types';
import type { ClosingLineValue } from '../schemas/analytics';
import { ClvBatch, type ClvBatchBet, type ClvBatchOptions } from './clv-batch';
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

  /**
   * Closing-line value of a book of bets, sent when awaited: one closing-lines request per distinct event, each bet
   * computed from its event's rows exactly as `clv()` answers it. Results in the bets' order, each with its value or
   * why it has none (`no_closing_line`, `no_event`, or `failed` with its event's error); it throws only for a bad bet
   * or option, a budget refusal, or an abort. `estimate()` prices it before anything is sent.
   *
   * @example
   * const book = odds.analytics.clvMany(bets, { maxAge: 3_600_000 });
   * console.log(book.estimate()); // { bets: 140, requests: 35, perRequest: 25, reserved: 875, expected: 35 }
   * const { results, meta } = await book;
   */
  clvMany(bets: readonly ClvBatchBet[], options: ClvBatchOptions = {}): ClvBatch {
    const checked = checkRequestOptions(options, 'analytics.clvMany()');
    return new ClvBatch(bets, async () => {
      const { runClvBatch } = await import('./clv-batch-run');
      return runClvBatch(
        bets,
        (eventId, o) => this.client.request('events.closingLines', { params: { event_id: eventId } }, o).withMeta(),
        checked,
      );
    });
  }
}
