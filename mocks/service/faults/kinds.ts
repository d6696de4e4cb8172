import type { KnownErrorCode } from '../../../src/schemas';

/**
 * What an injected fault is (docs/testing.md, "Faults"), in process: camelCase, tagged by `kind`. A
 * fault may first keep its request in flight (latency, then a test's gate), then acts by its kind:
 * it answers a status, drops the connection, or lets the route answer (a latency or a hold alone).
 */

/** Where a fault drops the connection: before any work, or once the service committed (and charged) its answer. */
export type DropPoint = 'connection' | 'after_commit';

/** The places a fault can drop the connection. */
export const DROP_POINTS: readonly DropPoint[] = ['connection', 'after_commit'];

/** The longest latency a fault adds, in ms. */
export const MAX_FAULT_LATENCY_MS = 60_000;

/** How long a fault keeps its request in flight before it acts, with the request's envelope reserved. */
export interface FaultWait {
  /** Added latency, in whole ms of real time, at most 60,000. */
  latencyMs?: number | undefined;
  /** Holds the request until this settles (resolved or rejected): a test's gate, no timing guesses. In process only. */
  hold?: PromiseLike<unknown> | undefined;
}

/** Answers an error status in the envelope: a 502 or 503 after the data work (one credit), any other before it (free). */
export interface StatusFault extends FaultWait {
  kind: 'status';
  /** A status the route answers. */
  status: number;
  /** The error code of that answer: one the route answers with that status. */
  code: KnownErrorCode;
  /** `Retry-After` of the answer, in whole seconds (a 429 answers 1 unless given). */
  retryAfter?: number | undefined;
}

/** Drops the connection: before any work (free, never reaches the service), or after the service committed the answer. */
export interface DropFault extends FaultWait {
  kind: 'drop';
  drop: DropPoint;
}

/** Adds latency to the route's own answer (and holds it at a test's gate first, if one is given). */
export interface LatencyFault extends FaultWait {
  kind: 'latency';
  latencyMs: number;
}

/** Holds the route's own answer until a test's gate settles. In process only. */
export interface HoldFault extends FaultWait {
  kind: 'hold';
  hold: PromiseLike<unknown>;
  /** A hold with latency is a latency fault. */
  latencyMs?: undefined;
}

/** One armed fault, as the pipeline runs it: each kind with exactly the fields it needs. */
export type Fault = StatusFault | DropFault | LatencyFault | HoldFault;

/** The kinds of fault. */
export type FaultKind = Fault['kind'];

/** The kinds the control plane arms: every kind but a test's gate alone (a promise is not JSON). */
export type WireKind = Exclude<FaultKind, 'hold'>;

/** Which requests a fault applies to: the next `count` of its route that reach the work. */
export interface FaultTarget {
  /** Route id (`events.odds`) or path template (`/v1/events/{event_id}/odds`). */
  route: string;
  /** How many requests it applies to. Default 1. */
  count?: number | undefined;
}

/** A status fault's fields other than what it answers. */
export interface StatusFaultOptions extends FaultTarget, FaultWait {
  /** May be left out: a fault given `status` or `code` is a status fault. */
  kind?: 'status' | undefined;
  /** `Retry-After` of the answer, in whole seconds (a 429 answers 1 unless given). */
  retryAfter?: number | undefined;
  drop?: undefined;
}

/**
 * A status fault as `mock.faults.inject()` takes it: its `status` (one the route answers), its `code`
 * (one the route answers with that status; default the status's usual one), or a code alone, which
 * answers its own status.
 */
export type StatusFaultSpec = StatusFaultOptions &
  ({ status: number; code?: KnownErrorCode | undefined } | { status?: undefined; code: KnownErrorCode });

/** A dropped connection as `mock.faults.inject()` takes it. */
export interface DropFaultSpec extends FaultTarget, FaultWait {
  /** May be left out: a fault given `drop` is a drop fault. */
  kind?: 'drop' | undefined;
  drop: DropPoint;
  status?: undefined;
  code?: undefined;
  retryAfter?: undefined;
}

/** Latency alone (the route answers, late) as `mock.faults.inject()` takes it. */
export interface LatencyFaultSpec extends FaultTarget, FaultWait {
  /** May be left out: a fault given only `latencyMs` (and `hold`) is a latency fault. */
  kind?: 'latency' | undefined;
  latencyMs: number;
  status?: undefined;
  code?: undefined;
  retryAfter?: undefined;
  drop?: undefined;
}

/** A test's gate alone (the route answers once it settles) as `mock.faults.inject()` takes it. */
export interface HoldFaultSpec extends FaultTarget {
  /** May be left out: a fault given only `hold` is a hold fault. */
  kind?: 'hold' | undefined;
  hold: PromiseLike<unknown>;
  latencyMs?: undefined;
  status?: undefined;
  code?: undefined;
  retryAfter?: undefined;
  drop?: undefined;
}

/**
 * A fault as `mock.faults.inject()` takes it: one kind, named by `kind` or by what it gives
 * (`{ route, status: 503 }` is a status fault); fields of two kinds at once are refused.
 */
export type FaultSpec = StatusFaultSpec | DropFaultSpec | LatencyFaultSpec | HoldFaultSpec;

/** A fault as it is listed: a test's gate shows as `held`, never itself. */
export type FaultListing<F extends Fault = Fault> = F extends HoldFault
  ? Omit<F, 'hold'> & { held: true }
  : F extends Fault
    ? Omit<F, 'hold'> & { held?: true }
    : never;

/** An armed fault as `mock.faults.list()` lists it: what it does, and how many requests it still applies to. */
export type ArmedFault = FaultListing & {
  /** `flt_` + a sequence number, to disarm it. */
  id: string;
  /** Route id of the route table. */
  route: string;
  /** Requests it still applies to. */
  remaining: number;
};

/** The armed fault that applied to one request, with its id (the request detail of the control plane). */
export type AppliedFault = Fault & { readonly id: string };

/**
 * A fault's listing: its gate replaced by `held`, fields not given left out.
 *
 * @example
 * listingOf({ kind: 'hold', hold: gate }); // { kind: 'hold', held: true }
 */
/** The gate of a fault restored from its listing: long opened (a restored request detail only shows that it was held). */
const OPENED: PromiseLike<unknown> = Promise.resolve();

/**
 * A fault from its listing (a state document's): the inverse of `listingOf`, a held one's gate as one long opened, so that
 * it lists as held again. Only a record of a fault is made so (a request's detail): an armed fault held by a gate is never
 * restored (`FaultQueue.restore` refuses it).
 *
 * @example
 * faultOf({ kind: 'status', status: 503, code: 'temporarily_unavailable' }); // the same fault
 */
export function faultOf(listing: FaultListing): Fault {
  const { held, ...rest } = listing;
  return (held === true ? { ...rest, hold: OPENED } : rest) as Fault;
}

export function listingOf(fault: Fault): FaultListing {
  const { hold, ...rest } = fault;
  const defined = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  // The same fields less the gate: the kind decides which, as it did in `fault`.
  return (hold === undefined ? defined : { ...defined, held: true }) as FaultListing;
}
