import type { OddsHistoryState, OddsHistoryPage, OddsHistoryFetcher } from './types';
import type { OddsSnapshot } from '../../schemas/prices';
import { BudgetExceededError, IncompleteScanError } from '../errors';
import { Scan } from './scan';

export type { OddsHistoryState, OddsHistoryPage, OddsHistoryFetcher };

/**
 * The complete price history of an event past the row cap: each truncated answer continues from its last `timestamp`
 * (the service cuts between snapshot instants, so pages join without gap or duplicate).
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

  static start(
    eventId: number,
    mainLinesOnly: boolean,
    fetcher: OddsHistoryFetcher,
    since?: string | Date,
    maxCredits?: number,
  ): OddsHistory {
    const state: OddsHistoryState = { eventId, mainLinesOnly, pages: 0, rows: 0, credits: 0, done: false, incomplete: false };
    if (since !== undefined) state.since = since;
    if (maxCredits !== undefined) state.maxCredits = maxCredits;
    return new OddsHistory(state, fetcher);
  }

  protected async fetchPage(state: OddsHistoryState): Promise<OddsHistoryPage> {
    const { oddsHistoryPage } = await import('./pages');
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
