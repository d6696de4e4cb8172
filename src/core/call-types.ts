/** The options of one call and what a route is called with. */
import type { BodyOf, ParamsOf, QueryOf } from '../schemas/route-types';
import type { RouteId } from '../schemas/routes';

/** Request headers as options take them: a `null` value removes a header set at a lower level. */
export type HeadersOption = Readonly<Record<string, string | null | undefined>>;

/** Options of one call; they override the client's. */
export interface RequestOptions {
  /** Aborts the call (and its retries and waits) with `AbortError`. */
  signal?: AbortSignal;
  /** Per-attempt timeout, ms. */
  timeout?: number;
  /** Deadline of the call across retries, ms. */
  totalTimeout?: number;
  maxRetries?: number;
  validate?: boolean;
  /** Further request headers of this call, over the client's `defaultHeaders` (never the key: use `apiKey`). */
  headers?: HeadersOption;
  /** Serve from the SDK's cache when it holds an answer younger than this many ms (0: never), over `cache.maxAge` (docs/caching.md). */
  maxAge?: number;
  /** `false`: never from the cache; the answer sent for refreshes the cached one (docs/caching.md). */
  cache?: false;
  /** `false`: never share an identical call in flight (the client's `coalesce`, default true). */
  coalesce?: false;
}

/** What a route is called with. */
export interface RouteInput<Id extends RouteId> {
  params?: ParamsOf<Id>;
  query?: QueryOf<Id>;
  body?: BodyOf<Id>;
  /** Headers the route itself needs (e.g. `Idempotency-Key` of a rotation); they win over every option. */
  headers?: Readonly<Record<string, string>>;
}
