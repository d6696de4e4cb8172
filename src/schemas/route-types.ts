/** What a route is called with and answers, typed from the route table in decoded form, for the SDK and the mock. */
import type * as z from 'zod/mini';
import type { RouteDef } from './route';
import type { RouteId, Routes } from './routes';

/** Typed path parameters of a route, from the schema's `z.output` so code generic over a route id sees it too. */
export type ParamsOf<Id extends RouteId> = Routes[Id]['params']['_zod']['output'];

/** Typed query parameters of a route (decoded form: numbers and booleans). */
export type QueryOf<Id extends RouteId> = Routes[Id]['query']['_zod']['output'];

/** The body a route takes (never, for a route without one). */
export type BodyOf<Id extends RouteId> = Routes[Id]['body'] extends z.ZodMiniType ? z.input<Routes[Id]['body']> : never;

/** The response schemas of a route's success statuses. */
export type SuccessSchemas<R extends RouteDef> = R['responses'][keyof R['responses']];

/** What a route answers on success (a union when it has several success statuses). */
export type ResponseOf<Id extends RouteId> = z.output<Extract<SuccessSchemas<Routes[Id]>, z.ZodMiniType>>;
