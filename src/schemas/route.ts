import type * as z from 'zod/mini';
import type { Scope } from './keys';

/** HTTP methods the service uses. */
export type Method = 'GET' | 'POST';

/** The service's schemas are zod/mini types. */
export type Schema = z.ZodMiniType;

/** How the caller is authenticated. */
export type RouteAuth =
  /**
   * `Authorization: Bearer` with the route's scope. With `replayWithRevokedKey`, a revoked key may only
   * replay a committed response (rotation, docs/service.md, "Authentication, keys and scopes").
   */
  | { kind: 'bearer'; scope: Scope; replayWithRevokedKey?: boolean }
  /** No bearer key: a token in the JSON body, or (where `cookie` is set) the HttpOnly credential cookie. */
  | { kind: 'none'; cookie: boolean };

/** Metering of a data route (docs/service.md, "Metering: credits, windows and headers"). */
export interface Metering {
  /** Row cap of one response for this (decoded) query; past it `X-Result-Truncated: true`. */
  rowCap: (query: Record<string, unknown>) => number;
  /** Credits reserved in both windows before work starts: the maximum certified charge. */
  envelope: (query: Record<string, unknown>) => number;
  /**
   * Cache-eligible: answers carry `X-Cache` (catalog, props, outrights), and the SDK serves one again for the service's
   * window by default, and any other route's answers not at all (docs/caching.md).
   */
  cacheable: boolean;
}

/** One operation of the service: the single source of truth for the SDK, the mock, the OpenAPI document and docs. */
export interface RouteDef<
  P extends Schema = Schema,
  Q extends Schema = Schema,
  B extends Schema | null = Schema | null,
  R extends Partial<Record<number, Schema>> = Partial<Record<number, Schema>>,
> {
  /** Stable identifier, `group.operation`. */
  id: string;
  method: Method;
  /** Path template with `{name}` placeholders, e.g. `/v1/events/{event_id}/odds`. */
  path: string;
  /** One-line summary for docs. */
  summary: string;
  auth: RouteAuth;
  /** Path parameters, decoded from their wire strings. */
  params: P;
  /** Query parameters, decoded from their wire strings; unknown ones are refused. */
  query: Q;
  /** JSON body, or null for a route that takes none. */
  body: B;
  /** Code answered when the body fails its schema: token routes answer `invalid_token` (docs/service.md, "Errors"). */
  invalidBodyCode?: 'invalid_parameters' | 'invalid_token';
  /** Required request headers beyond authentication, by lower-case name. */
  headers?: Readonly<Record<string, Schema>>;
  /** Success statuses and their response bodies. */
  responses: R;
  /** Present on the data routes, and only on them: they are the metered ones. */
  metering?: Metering;
  /** False for a route that exists in the spec but is not registered by default (billing portal). */
  registered: boolean;
}

/** A data route (docs/service.md, "Data routes"): `GET` under `data:read`, metered, `200` with rows (CLV: one object). */
export interface DataRouteDef<P extends Schema = Schema, Q extends Schema = Schema, R extends Schema = Schema>
  extends RouteDef<P, Q, null, { 200: R }> {
  method: 'GET';
  metering: Metering;
}

/** Declares a route with its schema types kept precise. */
export const defineRoute = <
  const P extends Schema,
  const Q extends Schema,
  const B extends Schema | null,
  const R extends Partial<Record<number, Schema>>,
>(
  route: RouteDef<P, Q, B, R>,
): RouteDef<P, Q, B, R> => route;

/**
 * Fills a path template with encoded path parameters.
 *
 * @example
 * expandPath('/v1/events/{event_id}/odds', { event_id: '42' }) // '/v1/events/42/odds'
 */
export function expandPath(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** The names of a path template's placeholders, in order. */
export function pathParamNames(template: string): string[] {
  return [...template.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1] as string);
}
