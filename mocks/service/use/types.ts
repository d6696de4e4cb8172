import type * as z from 'zod/mini';
import type { DecodedQueryOf, ParamsOf, ResponseOf } from '../../../src/schemas/route-types';
import type { RouteId, Routes, Scope } from '../../../src/schemas';
import type { Clock } from '../clock';

/** The decoded body a route's resolver receives (undefined for a route that takes none). */
export type DecodedBodyOf<Id extends RouteId> = Routes[Id]['body'] extends z.ZodMiniType ? z.output<Routes[Id]['body']> : undefined;

/** Who made the request, as an override sees it: null on the routes without a bearer key. */
export interface CallerView {
  readonly email: string;
  /** The account's plan slug. */
  readonly plan: string;
  readonly keyId: string;
  readonly keyName: string;
  readonly scopes: readonly Scope[];
}

/** What a resolver of `mock.use(routeId, resolver)` receives: the request as the route decoded it. */
export interface ResolverContext<Id extends RouteId> {
  readonly routeId: Id;
  /** Path parameters, decoded (`{ event_id: 42 }`). */
  readonly params: ParamsOf<Id>;
  /** Query parameters, decoded (numbers and booleans); absent ones are absent. */
  readonly query: DecodedQueryOf<Id>;
  readonly body: DecodedBodyOf<Id>;
  readonly caller: CallerView | null;
  /** The mock's clock. */
  readonly clock: Clock;
}

/** What answers a route in place of its handler: its typed success body, or a thrown `mock.error(code)`. */
export type Resolver<Id extends RouteId> = (ctx: ResolverContext<Id>) => ResponseOf<Id> | Promise<ResponseOf<Id>>;

/** How long an override lasts, and which requests it answers. */
export interface UseOptions<Id extends RouteId> {
  /** Answer the next matching request only. */
  once?: boolean | undefined;
  /** Answer the next `times` matching requests. Default: every one until disposed or reset. */
  times?: number | undefined;
  /** Answer only requests with these path parameters (`{ event_id: 42 }`); others reach the route's own handler. */
  params?: Partial<ParamsOf<Id>> | undefined;
}

/** An override as the control plane lists it (`GET /__admin/overrides`). */
export interface OverrideInfo {
  id: string;
  route: RouteId;
  /** A resolver function (in-process), a static answer or a static error (control plane). */
  kind: 'resolver' | 'answer' | 'error';
  /** Requests it still answers; null for every one. */
  remaining: number | null;
  params: Readonly<Record<string, unknown>> | null;
  /** The static answer or error, for the control plane's. */
  answer?: unknown;
  error?: { code: string; message?: string | undefined; retry_after?: number | undefined };
}
