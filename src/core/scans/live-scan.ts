import type { LiveScanState, LivePage, PageFetcher } from './types';
import { LIVE_CURSOR_TTL_MS } from '../../schemas/limits';
import { BadRequestError, CursorExpiredError, IncompleteScanError } from '../errors';
import { Scan, type RequestCost } from './scan';

/** A live cursor is valid for five minutes (docs/service.md, "Constants"). */
export const CURSOR_TTL_MS = LIVE_CURSOR_TTL_MS;

export type { LiveScanState, LivePage, PageFetcher };

/**
 * A cursor scan (docs/service.md, "Events"): follows `X-Next-Cursor` with the original filters past empty pages until it is absent.
 *
 * @example
 * const scan = odds.events.live({ sport_id: 29 });
 * for await (const event of scan) console.log(event.event_id);
 * for await (const page of odds.events.live({ sport_id: 29 }).pages()) console.log(page.data.length, page.done);
 */
export class LiveScan<T, F extends object> extends Scan<T, LiveScanState<F>, LivePage<T, F>> {
  constructor(
    state: LiveScanState<F>,
    private readonly fetchLivePage: PageFetcher<T, F>,
    private readonly clock: { readonly known: boolean; now(): number },
    cost: RequestCost,
  ) {
    // A state saved without rows and credits resumes them from zero.
    super({ ...state, rows: state.rows ?? 0, credits: state.credits ?? 0 }, cost);
  }

  static start<T, F extends object>(
    filters: F,
    fetchPage: PageFetcher<T, F>,
    clock: { readonly known: boolean; now(): number },
    cost: RequestCost,
  ): LiveScan<T, F> {
    return new LiveScan({ filters, pages: 0, rows: 0, credits: 0, done: false, incomplete: false }, fetchPage, clock, cost);
  }

  protected async fetchPage(state: LiveScanState<F>): Promise<LivePage<T, F>> {
    const { livePage } = await import('./pages');
    return livePage(state, this.fetchLivePage, this.clock, { CursorExpiredError, BadRequestError, ttlMs: CURSOR_TTL_MS });
  }

  protected incompleteError(page: LivePage<T, F>): IncompleteScanError {
    return new IncompleteScanError(page.state.filters as Record<string, unknown>, page.meta);
  }
}
