import type * as z from 'zod/mini';
import type { ParamsOf, QueryOf } from '../../src/core/types';
import type { DataRouteId, RouteDef, RouteId, Routes } from '../../src/schemas';
import type { Clock } from './clock';
import type { Dataset } from './data';
import type { HeaderReader, ServiceRequest } from './exchange';
import type { DecodedBody, DecodedInput } from './pipeline/input';
import type { DataEnvironment, DataResult } from './routes/types';
import type { AccountRecord, KeyRecord, ServiceState } from './state';
import type { PlanConfig } from './state/plans';

/** The authenticated caller of a bearer route. */
export interface Caller {
  account: AccountRecord;
  key: KeyRecord;
}

/** What an operation (account, key or credential route) handler receives. */
export interface OperationContext<P = Record<string, unknown>, Q = Record<string, unknown>, B = unknown> {
  /** Present on bearer routes. */
  caller: Caller | undefined;
  params: P;
  query: Q;
  body: B;
  request: ServiceRequest;
  requestId: string;
  service: ServiceContext;
}

/** What an operation handler returns, as the pipeline reads it. */
export interface OperationResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** The routes that are not data routes: account, key and credential operations. */
export type OperationRouteId = Exclude<RouteId, DataRouteId>;

/** What an operation route's handler receives: its path parameters, query and body as the route table decodes them. */
export type OperationContextOf<Id extends OperationRouteId> = OperationContext<ParamsOf<Id>, QueryOf<Id>, DecodedBody<Routes[Id]['body']>>;

/** What an operation route answers: one of its success statuses, with that status's body. */
export type OperationResultOf<Id extends OperationRouteId> = {
  [S in keyof Routes[Id]['responses']]: {
    status: S & number;
    body: z.output<Routes[Id]['responses'][S]>;
    headers?: Record<string, string>;
  };
}[keyof Routes[Id]['responses']];

/**
 * The handler of an operation route, typed by the route table: it takes the route's decoded path
 * parameters, query and body, and answers one of the route's success statuses with its body.
 */
export type OperationHandler<Id extends OperationRouteId> = (
  ctx: OperationContextOf<Id>,
) => OperationResultOf<Id> | Promise<OperationResultOf<Id>>;

/** What the pipeline hands a route's entry to decode: the request's raw parts. */
interface RawInput {
  /** The route table, whose parameter and field names a refusal may name. */
  routes: readonly RouteDef[];
  /** Path parameters as raw (decoded URI component) strings. */
  rawParams: Record<string, string>;
  url: URL;
  headers: HeaderReader;
  /** The body as read (at most 64 KiB), or undefined for a route that takes none. */
  bodyText: string | undefined;
}

/** A data request decoded by its route, with its handler bound to the decoded input. */
export interface DataCall {
  kind: 'data';
  /** The decoded input, as the steps that serve every route read it (reservation, cache key, overrides). */
  input: DecodedInput;
  /** Input checks that need async work (a live cursor's signature): before reservation, so free. Absent on most routes, which then await nothing. */
  prevalidate?: (service: ServiceContext) => Promise<void>;
  /** Runs the route's handler on the decoded input. */
  handle(env: DataEnvironment): DataResult | Promise<DataResult>;
}

/** What an operation handler receives beyond its decoded input. */
type OperationEnvironment = Omit<OperationContext, 'params' | 'query' | 'body'>;

/** An operation request decoded by its route, with its handler bound to the decoded input. */
export interface OperationCall {
  kind: 'operation';
  /** The decoded input, as the steps that serve every route read it (overrides). */
  input: DecodedInput;
  /** Runs the route's handler on the decoded input. */
  handle(env: OperationEnvironment): OperationResult | Promise<OperationResult>;
}

/**
 * A route's handler as the pipeline holds it, whatever its route: it decodes a request's input
 * with its route's schemas (`400`, free) and binds its handler, typed by that route, to the result
 * (`mocks/service/route-entry.ts` makes one from a typed handler, so that no cast stands between them).
 */
export type RouteHandler =
  | {
      kind: 'data';
      /** Decodes the input against the route table and binds the handler to it. */
      accept(raw: RawInput): DataCall;
    }
  | {
      kind: 'operation';
      /** Decodes the input against the route table and binds the handler to it. */
      accept(raw: RawInput): OperationCall;
      /**
       * On a route that replays with a revoked key: whether this request is such an exact replay.
       * Decided right after authentication, before any window of the account is touched.
       */
      isReplay?: (key: KeyRecord, request: ServiceRequest, service: ServiceContext) => Promise<boolean>;
    };

/** Options after defaults. */
export interface ResolvedOptions {
  baseUrl: string;
  /** Origin of `baseUrl`, sent as `X-Service-Origin`. */
  serviceOrigin: string;
  /** Path of `baseUrl` ('' at the root), stripped before route lookup. */
  basePath: string;
  /** The public origin of the first-party pages (cookie checks). */
  publicOrigin: string;
  seed: string | number;
  plans: Readonly<Record<string, PlanConfig>>;
  liveScanLimit: number;
  billingPortal: boolean;
}

/** The mock service's shared context: one per `createMockService()`. */
export interface ServiceContext {
  options: ResolvedOptions;
  clock: Clock;
  state: ServiceState;
  data: Dataset;
  handlers: Partial<Record<string, RouteHandler>>;
  routes: readonly RouteDef[];
  /** Resolves once async set-up (key hashes, the cursor secret) is done. */
  ready: Promise<void>;
  /** Set when `ready` resolves. */
  cursorSecret: CryptoKey | undefined;
}
