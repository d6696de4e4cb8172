/** The options of one call and what a route is called with. */
import type { BodyOf, ParamsOf, QueryOf } from '../../schemas/route-types';
import type { RouteId } from '../../schemas/routes';

/** Request headers as options take them: a `null` value removes a header set at a lower level. */
export type HeadersOption = Readonly<Record<string, string | null | undefined>>;

/** Options of one call; they override the client's. */
export interface RequestOptions {
  /** Aborts the call (and its retries and waits) with `AbortError`. */
  signal?: AbortSignal | undefined;
  /** Per-attempt timeout, ms. */
  timeout?: number | undefined;
  /** Deadline of the call across retries, ms. */
  totalTimeout?: number | undefined;
  maxRetries?: number | undefined;
  validate?: boolean | undefined;
  /** Further request headers of this call, over the client's `defaultHeaders` (never the key: use `apiKey`). */
  headers?: HeadersOption | undefined;
  /** Serve from the SDK's cache when it holds an answer younger than this many ms (0: never), over `cache.maxAge` (docs/caching.md). */
  maxAge?: number | undefined;
  /** `false`: never from the cache; the answer sent for refreshes the cached one (docs/caching.md). */
  cache?: false | undefined;
  /** `false`: never share an identical call in flight (the client's `coalesce`, default true). */
  coalesce?: false | undefined;
}

/** What a route is called with. */
export interface RouteInput<Id extends RouteId> {
  params?: ParamsOf<Id> | undefined;
  query?: QueryOf<Id> | undefined;
  body?: BodyOf<Id> | undefined;
  /** Headers the route itself needs (e.g. `Idempotency-Key` of a rotation); they win over every option. */
  headers?: Readonly<Record<string, string>> | undefined;
}
