import type { EventScanFilters, EventScanSegment, EventScanState, EventScanPage, EventScanFetchers } from './types';
import type { Event } from '../../schemas/events';
import { lastInstantOf } from '../../schemas/query';
import { BudgetExceededError, IncompleteScanError } from '../errors';
import { Scan } from './scan';

export type { EventScanFilters, EventScanSegment, EventScanState, EventScanPage, EventScanFetchers };

/**
 * Every event of a kickoff window: each truncated page moves the lower bound to its last kickoff instant (skipping events
 * already yielded); an instant with more events than a page is listed again per sport, then per league.
 *
 * @example
 * for await (const event of odds.events.scan({ sport_id: 29, starts_from: '2026-10-01T00:00:00Z', starts_to: '2026-10-31' })) save(event);
 */
export class EventScan extends Scan<Event, EventScanState, EventScanPage> {
  constructor(
    state: EventScanState,
    private readonly fetchers: EventScanFetchers,
  ) {
    super(state, { perRequest: fetchers.envelope(state.pageSize), rowsPerRequest: state.pageSize });
  }

  static start(filters: EventScanFilters, pageSize: number, fetchers: EventScanFetchers, maxCredits?: number): EventScan {
    // The first segment is the whole window, made by the first page (with its instants as sent).
    const state: EventScanState = { filters, pageSize, segments: [], pages: 0, rows: 0, credits: 0, done: false, incomplete: false };
    if (maxCredits !== undefined) state.maxCredits = maxCredits;
    return new EventScan(state, fetchers);
  }

  protected async fetchPage(state: EventScanState): Promise<EventScanPage> {
    const { eventScanPage } = await import('./pages');
    return eventScanPage(state, this.fetchers, { BudgetExceededError, lastInstantOf });
  }

  protected incompleteError(page: EventScanPage): IncompleteScanError {
    return new IncompleteScanError(
      page.state.filters as unknown as Record<string, unknown>,
      page.meta,
      'the events scan could not list every event: more events of one league start at one instant than a page holds',
    );
  }
}
