import { ROWS_PER_CREDIT } from '../../schemas/metering';
import type { IncompleteScanError } from '../errors';
import type { ResponseMeta } from '../types';

/** The progress every scan keeps in its state: what it has read and spent so far. */
export interface ScanProgress {
  /** Requests answered so far. */
  pages: number;
  /** Rows yielded so far. */
  rows: number;
  /** Credits charged so far (`X-Credits-Cost` of every request the scan made). */
  credits: number;
  /** True once the last page arrived. */
  done: boolean;
  /** True when the scan ended without covering everything (narrow the filters and restart). */
  incomplete: boolean;
}

/** One page of a scan. */
export interface ScanPage<T, S extends ScanProgress> {
  /** The page's new rows; an intermediate page may be empty. */
  data: T[];
  /** The headers of the page's request. */
  meta: ResponseMeta;
  /** True for the last page. */
  done: boolean;
  /** True when the scan ended without covering everything. */
  incomplete: boolean;
  /** The scan's state after this page (a checkpoint to resume from; plain JSON). */
  state: S;
}

/** An up-front credit estimate of a scan from the route table's envelopes (a request is never charged more than it reserves). */
export interface CreditEstimate {
  /** Credits each request reserves and can cost at most. */
  perRequest: number;
  /** Rows each request answers at most. */
  rowsPerRequest: number;
  /** Credits this scan has spent so far. */
  spent: number;
  /** For `rows` expected rows: the requests they take at least. */
  requests?: number;
  /** For `rows` expected rows: about what they cost at most (a credit per 20 rows of each page, rounded up per page). */
  credits?: number;
}

/** What one request of a scan costs at most, and how many rows it answers at most. */
export interface RequestCost {
  perRequest: number;
  rowsPerRequest: number;
}

/**
 * A paged, resumable scan: iterate it for rows, or `pages()` for pages with headers and state (plain JSON). The row iterator
 * commits a page once its rows are consumed, so a loop that breaks mid-page resumes there; an incomplete end throws `IncompleteScanError`.
 */
export abstract class Scan<T, S extends ScanProgress, P extends ScanPage<T, S> = ScanPage<T, S>> implements AsyncIterable<T> {
  #state: S;
  readonly #cost: RequestCost;

  constructor(state: S, cost: RequestCost) {
    this.#state = structuredClone(state);
    this.#cost = cost;
  }

  /**
   * The scan's cost before or while it runs; for `rows` expected rows, about how many requests and credits they take.
   *
   * @example
   * scan.estimate(12_000); // { perRequest: 250, rowsPerRequest: 5000, spent: 0, requests: 3, credits: 602 }
   */
  estimate(rows?: number): CreditEstimate {
    const { perRequest, rowsPerRequest } = this.#cost;
    const estimate: CreditEstimate = { perRequest, rowsPerRequest, spent: this.#state.credits };
    if (rows !== undefined && Number.isFinite(rows) && rows >= 0) {
      const requests = Math.max(1, Math.ceil(rows / rowsPerRequest));
      estimate.requests = requests;
      estimate.credits = Math.min(requests * perRequest, Math.max(1, Math.ceil(rows / ROWS_PER_CREDIT) + requests - 1));
    }
    return estimate;
  }

  /** The current checkpoint (a copy; JSON-serializable). */
  get state(): S {
    return structuredClone(this.#state);
  }

  /** The checkpoint as JSON, so `JSON.stringify(scan)` saves it. */
  toJSON(): S {
    return this.state;
  }

  /** Pages from the current position. */
  async *pages(): AsyncGenerator<P, void, undefined> {
    while (!this.#state.done) {
      const page = await this.fetchPage(this.state);
      this.#state = page.state;
      yield page;
    }
  }

  /** Rows from the current position; an incomplete end throws `IncompleteScanError`. */
  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    while (!this.#state.done) {
      const page = await this.fetchPage(this.state);
      yield* page.data;
      this.#state = page.state;
      if (page.incomplete) throw this.incompleteError(page);
    }
  }

  /** The next page from `state` (a copy the scan may change). */
  protected abstract fetchPage(state: S): Promise<P>;

  /** The error the row iterator ends with after an incomplete last page. */
  protected abstract incompleteError(page: P): IncompleteScanError;
}
