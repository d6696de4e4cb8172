import type { ServiceRequest } from './exchange';
import type { RouteDef } from '../src/schemas';
import type { Clock } from './clock';
import type { Dataset } from './data';
import type { DataHandler } from './routes/types';
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

/** What an operation handler returns. */
export interface OperationResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A non-metered route's handler. */
export type OperationHandler = (ctx: OperationContext<never, never, never>) => OperationResult | Promise<OperationResult>;

/** A route's handler: metered data work, or an operation. */
export type RouteHandler =
  | {
      kind: 'data';
      handle: DataHandler<never, never>;
      /** Input checks that need async work (a live cursor's signature): before reservation, so free. */
      prevalidate?: (input: { params: Record<string, unknown>; query: Record<string, unknown> }, service: ServiceContext) => Promise<void>;
    }
  | {
      kind: 'operation';
      handle: OperationHandler;
      /**
       * On a route that replays with a revoked key: whether this request is such an exact replay.
       * Decided right after authentication, before any window of the account is touched.
       */
      isReplay?: (key: KeyRecord, request: ServiceRequest, service: ServiceContext) => Promise<boolean>;
      /** Sees the parsed JSON body before its schema, for a refusal that must come first. */
      screenBody?: (json: unknown) => void;
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
