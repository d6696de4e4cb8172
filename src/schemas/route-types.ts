/** What a route is called with and answers, typed from the route table in decoded form, for the SDK and the mock. */
import type * as z from 'zod/mini';
import type { RouteDef } from './route';
import type { RouteId, Routes } from './routes';

/** Typed path parameters of a route, from the schema's `z.output` so code generic over a route id sees it too. */
export type ParamsOf<Id extends RouteId> = Routes[Id]['params']['_zod']['output'];

/** Query parameters of a route as the mock decodes them: numbers, booleans, and instants as RFC 3339 text. */
export type DecodedQueryOf<Id extends RouteId> = Routes[Id]['query']['_zod']['output'];

/**
 * Typed query parameters of a route, as the SDK takes them: numbers, booleans, and each instant as RFC 3339 text in UTC
 * (`Z` or `+00:00`) or a `Date`, sent with `Z` (docs/service.md, "Parameter formats"). An instant is a parameter whose
 * schema (optional or not) is RFC 3339 text, or a union holding it (`starts_to`, which also takes a day).
 */
export type QueryOf<Id extends RouteId> = {
  [K in keyof DecodedQueryOf<Id>]: K extends keyof Routes[Id]['query']['_zod']['def']['shape']
    ? (
        Routes[Id]['query']['_zod']['def']['shape'][K] extends z.ZodMiniOptional<infer Inner>
          ? Inner
          : Routes[Id]['query']['_zod']['def']['shape'][K]
      ) extends z.ZodMiniISODateTime | z.ZodMiniUnion<readonly [z.ZodMiniISODateTime, ...z.core.SomeType[]]>
      ? DecodedQueryOf<Id>[K] | Date
      : DecodedQueryOf<Id>[K]
    : DecodedQueryOf<Id>[K];
};

/** The body a route takes (never, for a route without one). */
export type BodyOf<Id extends RouteId> = Routes[Id]['body'] extends z.ZodMiniType ? z.input<Routes[Id]['body']> : never;

/** The response schemas of a route's success statuses. */
export type SuccessSchemas<R extends RouteDef> = R['responses'][keyof R['responses']];

/** What a route answers on success (a union when it has several success statuses). */
export type ResponseOf<Id extends RouteId> = z.output<Extract<SuccessSchemas<Routes[Id]>, z.ZodMiniType>>;
