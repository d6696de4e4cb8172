import { HEADER, type Metering, type RouteDef } from '../../../src/schemas';
import type { Caller, DataCall, OperationCall, ServiceContext } from '../contract';
import type { AppliedFault } from '../faults';
import type { AnswerHeaders, ServiceRequest } from '../http-messages';
import type { Override } from '../state/overrides';
import type { Reservation } from '../state/meter';
import type { RouteMatch } from './lookup';
import { readBearer } from '../bearer';
import { baseHeaders } from './respond';

/**
 * The one context of a request through the request path (docs/service.md, "Order of checks"): made once when it
 * arrives, then carried from step to step. Its stages say who set which field: each step takes the stage before
 * it and returns the next (`Received` -> `Routed` -> `Admitted` -> `Accepted` -> `Armed`), and any stage can be
 * `Answered` (a refusal comes at any step). It is one object all the way: a stage is the same object with the
 * fields of its step written, never a copy (the request path is the mock's hot path). Only this module writes
 * them; every other step reads them, readonly.
 */

/** What every answer is recorded with, whatever step the request reached: the fields of later steps are undefined before them. */
export interface Received {
  readonly stage: 'received' | 'routed' | 'admitted' | 'accepted' | 'armed' | 'answered';
  readonly request: ServiceRequest;
  /** The service pinned to the state of the request's arrival. */
  readonly service: ServiceContext;
  readonly requestId: string;
  /** The mock clock's now when the request arrived. */
  readonly startedAt: number;
  /** The answer's headers: the base headers at arrival, then whatever each step adds. */
  readonly headers: AnswerHeaders;
  /** Set by routing. */
  readonly route: RouteDef | undefined;
  readonly match: RouteMatch | undefined;
  readonly url: URL | undefined;
  /** The key as sent (`Authorization: Bearer`), read by routing for a bearer route; never recorded. */
  readonly bearer: string | undefined;
  /** Set by authentication: the key's account and the key. */
  readonly caller: Caller | undefined;
  /** Set once the route decoded the request's path, query, headers and body: which kind of call, and the call. */
  readonly kind: 'data' | 'operation' | undefined;
  readonly call: DataCall | OperationCall | undefined;
  /** A data route's metering: its envelope, row cap and cache. */
  readonly metering: Metering | undefined;
  readonly decoded: boolean;
  /** A data request's envelope reserved in both windows. */
  readonly reservation: Reservation | undefined;
  /** The armed fault that applied to the request. */
  readonly fault: AppliedFault | undefined;
  /** The override that answered in the handler's place. */
  readonly override: Override | undefined;
  /** Credits charged: 0 until the reservation settles. */
  readonly charged: number;
  /** Status the service committed before an injected fault dropped the connection. */
  readonly committedStatus: number | undefined;
}

/** Routed: the route and its handler found, the URL parsed (and for a bearer route, the key as sent read). */
export interface Routed extends Received {
  readonly stage: 'routed';
  readonly route: RouteDef;
  readonly match: RouteMatch;
  readonly url: URL;
}

/** Admitted: authenticated (a bearer route's caller), inside the rate window, authorized, its content type checked. */
export interface Admitted extends Omit<Routed, 'stage'> {
  readonly stage: 'admitted';
}

/** Accepted: path, query, headers and body decoded into the call of a data route (always a caller's) or an operation. */
export type Accepted = DataAccepted | OperationAccepted;

export interface DataAccepted extends Omit<Admitted, 'stage'> {
  readonly stage: 'accepted';
  readonly kind: 'data';
  readonly call: DataCall;
  readonly metering: Metering;
  /** A data route is a bearer route: its caller was authenticated. */
  readonly caller: Caller;
  readonly decoded: true;
}

export interface OperationAccepted extends Omit<Admitted, 'stage'> {
  readonly stage: 'accepted';
  readonly kind: 'operation';
  readonly call: OperationCall;
  readonly decoded: true;
}

/** Armed: a data request's envelope reserved, then the route's armed fault taken (if any): what the work runs with. */
export type Armed = DataArmed | OperationArmed;

export interface DataArmed extends Omit<DataAccepted, 'stage'> {
  readonly stage: 'armed';
  readonly reservation: Reservation;
}

export interface OperationArmed extends Omit<OperationAccepted, 'stage'> {
  readonly stage: 'armed';
}

/** Answered: what the records keep of the answer, at whatever step it came. */
export interface Answered extends Omit<Received, 'stage'> {
  readonly stage: 'answered';
  readonly status: number;
  readonly errorCode: string | undefined;
  /** Whether this answer carried the metering headers (docs/service.md, "Request health"), not whether the route is metered. */
  readonly metered: boolean;
  /** The answer's headers as sent, or undefined for a dropped connection. */
  readonly sent: AnswerHeaders | undefined;
}

/** Every field of the one object, as this module writes them (each once, by the step its stage names). */
type Slots = { -readonly [K in keyof Received]: Received[K] } & { -readonly [K in Exclude<keyof Answered, keyof Received>]?: Answered[K] };

/** A request's context on arrival: every field present from the start, so the object keeps one shape through the path. */
export function receive(request: ServiceRequest, service: ServiceContext, requestId: string): Received {
  const startedAt = service.clock.now();
  const slots: Slots = {
    stage: 'received',
    request,
    service,
    requestId,
    startedAt,
    headers: baseHeaders(requestId, service.options.serviceOrigin, startedAt),
    route: undefined,
    match: undefined,
    url: undefined,
    bearer: undefined,
    caller: undefined,
    kind: undefined,
    call: undefined,
    metering: undefined,
    decoded: false,
    reservation: undefined,
    fault: undefined,
    override: undefined,
    charged: 0,
    committedStatus: undefined,
    status: 0,
    errorCode: undefined,
    metered: false,
    sent: undefined,
  };
  return slots;
}

/** A stage as this module writes it; each function below writes its step's fields, then names the object by its next stage. */
const slotsOf = (ctx: Received): Slots => ctx;

/** Routed: the match, the parsed URL, and the key as sent (bearer routes). */
export function routed(ctx: Received, match: RouteMatch, url: URL): Routed {
  const slots = slotsOf(ctx);
  slots.match = match;
  slots.route = match.route;
  slots.url = url;
  if (match.route.auth.kind === 'bearer') slots.bearer = readBearer(ctx.request.headers);
  slots.stage = 'routed';
  return slots as Routed;
}

/** The caller a key resolved to: set as soon as it is known (a refusal after it is recorded as theirs). */
export function authenticated(ctx: Routed, caller: Caller): void {
  slotsOf(ctx).caller = caller;
}

/** Admitted: every check before the body passed. */
export function admitted(ctx: Routed): Admitted {
  const slots = slotsOf(ctx);
  slots.stage = 'admitted';
  return slots as Admitted;
}

/**
 * Accepted: the route's decoded call. A data call comes with what the route table promises of a data route: a bearer
 * route (so its caller authenticated), metered (`internal_error` were a table entry to break either).
 */
export function accepted(ctx: Admitted, call: DataCall | OperationCall): Accepted {
  const slots = slotsOf(ctx);
  if (call.kind === 'data') {
    const { route, caller } = ctx;
    if (caller === undefined || route.metering === undefined) throw new TypeError(`data route ${route.id} is not a metered bearer route`);
    slots.metering = route.metering;
  }
  slots.kind = call.kind;
  slots.call = call;
  slots.decoded = true;
  slots.stage = 'accepted';
  return slots as Accepted;
}

/** Armed: the reservation of a data call (made by the caller of this), then the fault taken. */
export function armed(ctx: DataAccepted, reservation: Reservation, fault: AppliedFault | undefined): DataArmed;
export function armed(ctx: OperationAccepted, reservation: undefined, fault: AppliedFault | undefined): OperationArmed;
export function armed(ctx: Accepted, reservation: Reservation | undefined, fault: AppliedFault | undefined): Armed {
  const slots = slotsOf(ctx);
  slots.reservation = reservation;
  slots.fault = fault;
  slots.stage = 'armed';
  return slots as Armed;
}

/** The override that answers in the handler's place, if any. */
export function overridden(ctx: Armed, override: Override | undefined): void {
  slotsOf(ctx).override = override;
}

/** The reservation's settlement: what the request was charged. */
export function charged(ctx: DataArmed, cost: number): void {
  slotsOf(ctx).charged = cost;
}

/** The status committed before an injected fault dropped the connection after the commit. */
export function committed(ctx: Armed, status: number): void {
  slotsOf(ctx).committedStatus = status;
}

/** Answered: the answer's status, error code and headers as sent (undefined for a dropped connection). */
export function answered(ctx: Received, status: number, errorCode: string | undefined, sent: AnswerHeaders | undefined): Answered {
  const slots = slotsOf(ctx);
  slots.status = status;
  slots.errorCode = errorCode;
  slots.metered = ctx.headers.has(HEADER.creditsCost);
  slots.sent = sent;
  slots.stage = 'answered';
  return slots as Answered;
}
