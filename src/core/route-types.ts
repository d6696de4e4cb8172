/**
 * What a route is called with and what it answers, typed from the route table (decoded forms:
 * numbers and booleans, not wire strings), and the options of one call.
 */
import type * as z from 'zod/mini';
import type { RouteDef } from '../schemas/route';
import type { RouteId, Routes } from '../schemas/routes';

/**
 * Typed path parameters of a route (decoded form: numbers, not strings). Read from the schema's own
 * output type (`z.output` of it), so that code generic over a route id (the mock's handler registry)
 * still sees the type its schema decodes to.
 */
export type ParamsOf<Id extends RouteId> = Routes[Id]['params']['_zod']['output'];

/** Typed query parameters of a route (decoded form: numbers and booleans). */
export type QueryOf<Id extends RouteId> = Routes[Id]['query']['_zod']['output'];

/** The body a route takes (never, for a route without one). */
export type BodyOf<Id extends RouteId> = Routes[Id]['body'] extends z.ZodMiniType ? z.input<Routes[Id]['body']> : never;

/** The response schemas of a route's success statuses. */
export type SuccessSchemas<R extends RouteDef> = R['responses'][keyof R['responses']];

/** What a route answers on success (a union when it has several success statuses). */
export type ResponseOf<Id extends RouteId> = z.output<Extract<SuccessSchemas<Routes[Id]>, z.ZodMiniType>>;

/**
 * Request headers as options take them: a `null` value removes a header set at a lower level
 * (`defaultHeaders`, or the SDK's own version header).
 */
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
  /**
   * Serve this call from the SDK's cache when it holds an answer younger than this many ms (a
   * finite, non-negative number; 0: never from the cache), over the client's `cache.maxAge` and the
   * route's default (docs/caching.md). A GET data route only; never a live page.
   */
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
