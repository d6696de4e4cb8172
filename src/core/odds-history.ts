import type { OddsHistoryState, OddsHistoryPage, OddsHistoryFetcher } from './scan-types';
import type { OddsSnapshot } from '../schemas/prices';
import { BudgetExceededError, IncompleteScanError } from './errors/local';
import { Scan } from './scan';

export type { OddsHistoryState, OddsHistoryPage, OddsHistoryFetcher };

/**
 * The complete price history of an event, past the history row cap (5,000 rows an answer): each
 * truncated answer is continued with `since` set to its last snapshot's `timestamp`. The service
 * cuts a history between two snapshot instants, so the pages join without a gap or a duplicate.
 *
 * @example
 * for await (const row of odds.events.oddsHistory(event)) store(row);
 */
export class OddsHistory extends Scan<OddsSnapshot, OddsHistoryState, OddsHistoryPage> {
  constructor(
    state: OddsHistoryState,
    private readonly fetcher: OddsHistoryFetcher,
  ) {
    super(state, { perRequest: fetcher.envelope, rowsPerRequest: fetcher.rowCap });
  }

  /** A new history scan from the first snapshot (or from `since`). */
  static start(eventId: number, mainLinesOnly: boolean, fetcher: OddsHistoryFetcher, since?: string, maxCredits?: number): OddsHistory {
    const state: OddsHistoryState = { eventId, mainLinesOnly, pages: 0, rows: 0, credits: 0, done: false, incomplete: false };
    if (since !== undefined) state.since = since;
    if (maxCredits !== undefined) state.maxCredits = maxCredits;
    return new OddsHistory(state, fetcher);
  }

  // The paging itself is loaded with the first page, given what it uses of the rest of the SDK (a leaf).
  protected async fetchPage(state: OddsHistoryState): Promise<OddsHistoryPage> {
    const { oddsHistoryPage } = await import('./scan-pages');
    return oddsHistoryPage(state, this.fetcher, BudgetExceededError);
  }

  protected incompleteError(page: OddsHistoryPage): IncompleteScanError {
    return new IncompleteScanError(
      { event_id: page.state.eventId, since: page.state.since },
      page.meta,
      'the odds history is incomplete: one snapshot instant holds more rows than an answer, or a row has no timestamp to continue from',
    );
  }
}
