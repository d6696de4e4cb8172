/**
 * The service's contract: shared context, decoded input, handler types. A leaf of types importing only
 * from the floors below it, so every folder of the service may import it without a circle.
 */
import type * as z from 'zod/mini';
import type { DataRouteId, RouteDef, RouteId, Routes, Schema } from '../../src/schemas';
import type { DecodedQueryOf, ParamsOf, ResponseOf } from '../../src/schemas/route-types';
import type { Clock } from './clock';
import type { Dataset } from './data';
import type { HeaderReader, ServiceRequest } from './http-messages';
import type { AccountRecord, KeyRecord, ServiceState, StoreBounds } from './state';
import type { PlanConfig } from './state/plans';

/** A request's decoded input, as the steps that serve every route read it (reservation, cache key, overrides). */
export interface DecodedInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

/** The decoded body of a route: what its body schema decodes to, or undefined for a route that takes none. */
export type DecodedBody<B extends Schema | null> = B extends Schema ? B['_zod']['output'] : undefined;

/** A request's decoded input typed by its route: what the route's schemas decode to. */
export interface DecodedInputOf<R extends RouteDef> {
  params: R['params']['_zod']['output'];
  query: R['query']['_zod']['output'];
  body: DecodedBody<R['body']>;
}

/**
 * What a data-route handler receives: it runs after auth, rate check, validation and reservation, and
 * does data work only. A `ServiceRefusal` it throws is charged one credit.
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
  /** This exact answer no longer changes as the clock moves (a settled event's history): the pipeline may reuse it. */
  stable?: boolean;
  /**
   * The clock reading this exact answer is the answer of (a listing that read the clock once in effect): the same query
   * at the same reading, with the same added events, answers the same, so the pipeline may reuse it there.
   */
  holdsAt?: number;
}

/** What a data route's handler receives: its path parameters and query as the route table decodes them. */
export type DataContextOf<Id extends DataRouteId> = DataContext<ParamsOf<Id>, DecodedQueryOf<Id>>;

/** The handler of a data route, typed by the route table; may be async (cursor signing uses Web Crypto). */
export type DataHandler<Id extends DataRouteId> = (
  ctx: DataContextOf<Id>,
) => DataResult<ResponseOf<Id>> | Promise<DataResult<ResponseOf<Id>>>;

/** A data handler's context without the request's own input: what the pipeline adds to the decoded params and query. */
type DataEnvironment = Omit<DataContext, 'params' | 'query'>;

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
export type OperationContextOf<Id extends OperationRouteId> = OperationContext<
  ParamsOf<Id>,
  DecodedQueryOf<Id>,
  DecodedBody<Routes[Id]['body']>
>;

/** What an operation route answers: one of its success statuses, with that status's body. */
export type OperationResultOf<Id extends OperationRouteId> = {
  [S in keyof Routes[Id]['responses']]: {
    status: S & number;
    body: z.output<Routes[Id]['responses'][S]>;
    headers?: Record<string, string>;
  };
}[keyof Routes[Id]['responses']];

/** The handler of an operation route, typed by the route table: one of its success statuses with its body. */
export type OperationHandler<Id extends OperationRouteId> = (
  ctx: OperationContextOf<Id>,
) => OperationResultOf<Id> | Promise<OperationResultOf<Id>>;

/** What the pipeline hands a route's entry to decode: the request's raw parts. */
export interface RawInput {
  /** The route table, whose parameter and field names a refusal may name. */
  routes: readonly RouteDef[];
  /** Path parameters as raw (decoded URI component) strings. */
  rawParams: Record<string, string>;
  /** Shared by the requests of the same URL: read only. */
  url: URL;
  headers: HeaderReader;
  /** The body as read (at most 64 KiB), or undefined for a route that takes none. */
  bodyText: string | undefined;
}

/** A data request decoded by its route, with its handler bound to the decoded input. */
export interface DataCall {
  kind: 'data';
  input: DecodedInput;
  /** Async input checks (a live cursor's signature): before reservation, so free; absent on most routes. */
  prevalidate?: (service: ServiceContext) => Promise<void>;
  handle(env: DataEnvironment): DataResult | Promise<DataResult>;
}

/** What an operation handler receives beyond its decoded input. */
type OperationEnvironment = Omit<OperationContext, 'params' | 'query' | 'body'>;

/** An operation request decoded by its route, with its handler bound to the decoded input. */
export interface OperationCall {
  kind: 'operation';
  input: DecodedInput;
  handle(env: OperationEnvironment): OperationResult | Promise<OperationResult>;
}

/** A route's handler as the pipeline holds it: decodes input (`400`, free) and binds the typed handler (route-entry.ts). */
export type RouteHandler =
  | {
      kind: 'data';
      accept(raw: RawInput): DataCall;
    }
  | {
      kind: 'operation';
      accept(raw: RawInput): OperationCall;
      /** Whether this is an exact replay with a revoked key: decided before any window of the account is touched. */
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
  /** The stores' bounds, the defaults for those not given. */
  bounds: StoreBounds;
  /** Whether ids, keys, tokens and secrets are drawn from the seed and a counter (`deterministic`), not from Web Crypto. */
  deterministic: boolean;
}

/** The mock service's shared context: one per `createMockService()`. */
export interface ServiceContext {
  options: ResolvedOptions;
  clock: Clock;
  /** The instant the per-second rate windows read: the clock's, or real seconds while it is frozen (`ServiceClock.rateNow`). */
  rateNow: () => number;
  state: ServiceState;
  data: Dataset;
  handlers: Partial<Record<string, RouteHandler>>;
  routes: readonly RouteDef[];
  /** Resolves once async set-up (key hashes, the cursor secret) is done. */
  ready: Promise<void>;
  /** Set when `ready` resolves. */
  cursorSecret: CryptoKey | undefined;
}
