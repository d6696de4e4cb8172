import { LIVE_CURSOR_TTL_MS } from '../schemas/limits';
import { BadRequestError } from './errors/api';
import { CursorExpiredError, IncompleteScanError } from './errors/local';
import type { ResponseMeta, WithMeta } from './meta';
import type { Now } from './runtime';

/** A live cursor is valid for five minutes (spec 8.4). */
export const CURSOR_TTL_MS = LIVE_CURSOR_TTL_MS;

/**
 * Where a live scan stands, as plain JSON: save it (`JSON.stringify(scan.state)`) and resume it
 * later with `odds.events.resumeLive(state)` while the cursor is fresh.
 */
export interface LiveScanState<F> {
  /** The original filters, repeated on every page. */
  filters: F;
  /** The cursor of the next page; absent before the first page and after the last. */
  cursor?: string;
  /** When the SDK received `cursor` (ISO 8601): the five minutes run from here. */
  cursorReceivedAt?: string;
  /** Pages received so far. */
  pages: number;
  /** True once the last page arrived. */
  done: boolean;
  /** True when the scan ended truncated without a cursor: the listing is incomplete. */
  incomplete: boolean;
}

/** One page of a live scan. */
export interface LivePage<T, F> {
  /** The page's rows; an intermediate page may be empty. */
  data: T[];
  meta: ResponseMeta;
  /** True for the last page. */
  done: boolean;
  /** True when the scan ended truncated without a cursor: narrow the filters and restart. */
  incomplete: boolean;
  /** The scan's state after this page (a checkpoint to resume from). */
  state: LiveScanState<F>;
}

/** Fetches one page with the original filters and, after the first, the cursor. */
export type PageFetcher<T, F> = (filters: F, cursor: string | undefined) => Promise<WithMeta<T[]>>;

/**
 * A cursor scan (spec 4.1 rule 8): follows `X-Next-Cursor` with the original filters, continues
 * past empty pages, ends when the header is absent. Iterate it for rows, or `pages()` for pages.
 *
 * @example
 * const scan = odds.events.live({ sport_id: 29 });
 * for await (const event of scan) console.log(event.event_id);
 * for await (const page of odds.events.live({ sport_id: 29 }).pages()) console.log(page.data.length, page.done);
 */
export class LiveScan<T, F extends object> implements AsyncIterable<T> {
  #state: LiveScanState<F>;

  constructor(
    state: LiveScanState<F>,
    private readonly fetchPage: PageFetcher<T, F>,
    private readonly now: Now,
  ) {
    this.#state = structuredClone(state);
  }

  /** A new scan from its first page. */
  static start<T, F extends object>(filters: F, fetchPage: PageFetcher<T, F>, now: Now): LiveScan<T, F> {
    return new LiveScan({ filters, pages: 0, done: false, incomplete: false }, fetchPage, now);
  }

  /** The current checkpoint (a copy; JSON-serializable). */
  get state(): LiveScanState<F> {
    return structuredClone(this.#state);
  }

  /** The checkpoint as JSON, so `JSON.stringify(scan)` saves it. */
  toJSON(): LiveScanState<F> {
    return this.state;
  }

  /** Pages from the current position; an incomplete end is the last page with `incomplete: true`. */
  async *pages(): AsyncGenerator<LivePage<T, F>, void, undefined> {
    while (!this.#state.done) {
      const page = await this.#next();
      this.#state = page.state;
      yield page;
    }
  }

  /** Rows from the current position; an incomplete end throws `IncompleteScanError`. */
  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    while (!this.#state.done) {
      const page = await this.#next();
      yield* page.data;
      // Committed only once the page's rows are consumed: breaking mid-page resumes at that page.
      this.#state = page.state;
      if (page.incomplete) throw new IncompleteScanError(page.state.filters as Record<string, unknown>, page.meta);
    }
  }

  async #next(): Promise<LivePage<T, F>> {
    const { filters, cursor, cursorReceivedAt } = this.#state;
    if (cursor !== undefined) {
      const age = this.now() - Date.parse(cursorReceivedAt ?? '');
      if (!(age <= CURSOR_TTL_MS)) {
        throw new CursorExpiredError(
          `the live cursor is ${Number.isNaN(age) ? 'of unknown age' : `${Math.round(age / 1000)} s old`} (valid for 5 minutes): restart the scan from its filters`,
          filters as Record<string, unknown>,
        );
      }
    }
    let result: WithMeta<T[]>;
    try {
      result = await this.fetchPage(filters, cursor);
    } catch (error) {
      if (cursor !== undefined && error instanceof BadRequestError) {
        throw new CursorExpiredError(`the service refused the live cursor: ${error.message}`, filters as Record<string, unknown>, error);
      }
      throw error;
    }
    const next = result.meta.nextCursor;
    const done = next === undefined;
    const incomplete = done && result.meta.truncated === true;
    const state: LiveScanState<F> = { filters, pages: this.#state.pages + 1, done, incomplete };
    if (next !== undefined) {
      state.cursor = next;
      state.cursorReceivedAt = new Date(this.now()).toISOString();
    }
    return { data: result.data, meta: result.meta, done, incomplete, state };
  }
}
