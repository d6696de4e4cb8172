import type { ParamsOf, QueryOf, ResponseOf } from '../../../src/core/types';
import type { DataRouteId } from '../../../src/schemas';
import type { Clock } from '../clock';
import type { Dataset } from '../data';

/**
 * The contract between the pipeline and a data-route handler. A handler runs after the request is
 * authenticated, rate-checked, validated and its envelope reserved; it does data work only and
 * returns rows. It throws `ServiceError` (404 `not_found`, 400 `invalid_parameters` found during
 * data work, ...) for a failure after data work, which the pipeline charges one credit.
 */
export interface DataContext<P = Record<string, unknown>, Q = Record<string, unknown>> {
  /** Decoded path parameters (e.g. `{ event_id: 42 }`). */
  params: P;
  /** Decoded query (booleans as booleans, numbers as numbers); absent parameters are absent. */
  query: Q;
  /** The mock's clock: read it again at final validation (docs/service.md, "Data routes"). */
  clock: Clock;
  /** Row cap of this response (route table), past which the handler truncates and says so. */
  rowCap: number;
  /** Secret for signing live cursors (HMAC-SHA-256 through Web Crypto). */
  cursorSecret: CryptoKey;
  /** The deterministic virtual dataset. */
  data: Dataset;
  /** Most candidates one live scan covers before it ends truncated without a cursor. */
  liveScanLimit: number;
}

/** What a data handler returns. */
export interface DataResult<T = unknown> {
  /** The body: an array of rows (or one object for the CLV route). */
  body: T;
  /** Rows in the body (`X-Result-Rows`). */
  rows: number;
  /** More matching rows may exist (`X-Result-Truncated`). */
  truncated: boolean;
  /** Live continuation (`X-Next-Cursor`). */
  nextCursor?: string;
  /** Live candidates verified on this page (charged as `ceil(verified / 20)`). */
  verified?: number;
  /**
   * This exact answer (for these parameters and query) no longer changes as the clock moves forward:
   * the pipeline may serve it again from its serialized form (a settled event's history).
   */
  stable?: boolean;
}

/** What a data route's handler receives: its path parameters and query as the route table decodes them. */
export type DataContextOf<Id extends DataRouteId> = DataContext<ParamsOf<Id>, QueryOf<Id>>;

/**
 * The handler of a data route, typed by the route table: it takes the route's decoded path
 * parameters and query, and answers the route's rows (a handler whose parameters, query or rows do
 * not match its route's schemas is a compile error). May be async (cursor signing uses Web Crypto).
 */
export type DataHandler<Id extends DataRouteId> = (
  ctx: DataContextOf<Id>,
) => DataResult<ResponseOf<Id>> | Promise<DataResult<ResponseOf<Id>>>;

/** A data handler's context without the request's own input: what the pipeline adds to the decoded params and query. */
export type DataEnvironment = Omit<DataContext, 'params' | 'query'>;
