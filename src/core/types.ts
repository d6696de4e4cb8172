import type * as z from 'zod/mini';
import type { RouteDef } from '../schemas/route';
import type { RouteId, Routes } from '../schemas/routes';

/** Typed path parameters of a route (decoded form: numbers, not strings). */
export type ParamsOf<Id extends RouteId> = z.output<Routes[Id]['params']>;

/** Typed query parameters of a route (decoded form: numbers and booleans). */
export type QueryOf<Id extends RouteId> = z.output<Routes[Id]['query']>;

/** The body a route takes (never, for a route without one). */
export type BodyOf<Id extends RouteId> = Routes[Id]['body'] extends z.ZodMiniType ? z.input<Routes[Id]['body']> : never;

type SuccessSchemas<R extends RouteDef> = R['responses'][keyof R['responses']];

/** What a route answers on success (a union when it has several success statuses). */
export type ResponseOf<Id extends RouteId> = z.output<Extract<SuccessSchemas<Routes[Id]>, z.ZodMiniType>>;

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
}

/** What a route is called with. */
export interface RouteInput<Id extends RouteId> {
  params?: ParamsOf<Id>;
  query?: QueryOf<Id>;
  body?: BodyOf<Id>;
  /** Further request headers (e.g. `Idempotency-Key` of a rotation). */
  headers?: Readonly<Record<string, string>>;
}
