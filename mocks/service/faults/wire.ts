import * as z from 'zod/mini';
import { ERROR_CODES, type KnownErrorCode, routeList } from '../../../src/schemas';
import { FAULT_OPTIONS, type FaultFields, type FaultWords, faultKindOf, kindsIn } from './check';
import {
  type AppliedFault,
  type ArmedFault,
  DROP_POINTS,
  type FaultListing,
  type FaultSpec,
  faultOf,
  listingOf,
  MAX_FAULT_LATENCY_MS,
  type WireKind,
} from './kinds';

/**
 * The one codec of faults between the control plane's wire (`/__admin/faults`, docs/mock-server.md:
 * snake_case, tagged by `kind`) and the process (camelCase, `kinds.ts`): the body `POST /__admin/faults`
 * takes, an armed fault as `GET /__admin/faults` lists it, the fault a request's detail shows. The
 * control plane's operations, its views and the console's typed client all read these schemas.
 */

const isErrorCode = (code: string): code is KnownErrorCode => Object.hasOwn(ERROR_CODES, code);
const routeNames = routeList.flatMap((r) => [r.id, r.path]);

/** A route id or path template of the route table, as the control plane takes one. */
export const RouteName = z
  .string()
  .check(z.refine((r) => routeNames.includes(r), 'must be a route id or path template of the route table'));
/** An error code of the service, as the control plane takes one. */
export const ErrorCode = z.string().check(z.refine(isErrorCode, 'must be an error code of the service'));

const count = z.int().check(z.nonnegative());
const seconds = z.int().check(z.positive());
const latency = z.int().check(z.nonnegative(), z.lte(MAX_FAULT_LATENCY_MS));
const drop = z.enum(DROP_POINTS as readonly ['connection', 'after_commit']);
const code = z.enum(Object.keys(ERROR_CODES) as [KnownErrorCode, ...KnownErrorCode[]]);
const held = z.optional(z.literal(true));

/**
 * The control plane's word for each field of `mock.faults.inject()`: a field of the body, or none for
 * the gate. A new field is a compile error here until it has its word (or none), and in `fieldsOf`
 * until the body has a field of that word.
 */
const WIRE_WORDS = {
  route: 'route',
  count: 'count',
  kind: 'kind',
  status: 'status',
  code: 'code',
  retryAfter: 'retry_after',
  drop: 'drop',
  latencyMs: 'latency_ms',
  hold: undefined,
} as const satisfies FaultWords;

/** The fields of `POST /__admin/faults`: what `mock.faults.inject()` takes, in snake_case, with no gate (a promise is not JSON). */
const FaultBodyFields = z.strictObject({
  route: RouteName,
  count: z.optional(z.int().check(z.positive())),
  status: z.optional(z.int().check(z.gte(400), z.lte(599))),
  code: z.optional(ErrorCode),
  retry_after: z.optional(seconds),
  drop: z.optional(drop),
  latency_ms: z.optional(latency),
  /** One of the kinds the control plane arms (not a gate): left out, it is read from the fields given. */
  kind: z.optional(z.enum(kindsIn(WIRE_WORDS) as [WireKind, ...WireKind[]])),
});
type BodyFields = z.output<typeof FaultBodyFields>;

/** The fields of a body in process words, by `WIRE_WORDS`. */
function fieldsOf(body: BodyFields): FaultFields {
  const fields: FaultFields = {};
  for (const option of FAULT_OPTIONS) {
    const word = WIRE_WORDS[option];
    if (word !== undefined && body[word] !== undefined) fields[option] = body[word];
  }
  return fields;
}

/** A spec in the body's words, by `WIRE_WORDS`: a gate has none (a fault held by one is in process only). */
function bodyOf(spec: FaultSpec): BodyFields {
  if (spec.hold !== undefined) throw new TypeError("a fault held by a test's gate is in process only: it has no wire form");
  const body: Record<string, unknown> = {};
  for (const option of FAULT_OPTIONS) {
    const word = WIRE_WORDS[option];
    if (word !== undefined && spec[option] !== undefined) body[word] = spec[option];
  }
  // Each field under its body word, by the table above: the body's own shape.
  return body as BodyFields;
}

/**
 * `POST /__admin/faults`'s body, decoded into what `mock.faults.inject()` takes: the same fields in
 * camelCase, with the kind read from them (a conflict is the body's refusal, in its words).
 */
export const FaultBody = z.codec(FaultBodyFields, z.custom<FaultSpec>(), {
  decode: (body, payload) => {
    const fields = fieldsOf(body);
    try {
      // The kind is read from these very fields: they are that kind's (a conflict is refused above).
      return { ...fields, kind: faultKindOf(fields, WIRE_WORDS) } as FaultSpec;
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      payload.issues.push({ code: 'custom', message: error.message, input: payload.value });
      return z.NEVER;
    }
  },
  encode: bodyOf,
});

/** A fault's fields on the wire by kind, with `extra` (its id, route...) beside them; `held` says a test's gate holds it. */
function wireFault<const Extra extends z.core.$ZodLooseShape>(extra: Extra) {
  return z.discriminatedUnion('kind', [
    z.strictObject({
      ...extra,
      kind: z.literal('status'),
      status: z.int(),
      code,
      retry_after: z.optional(seconds),
      latency_ms: z.optional(latency),
      held,
    }),
    z.strictObject({ ...extra, kind: z.literal('drop'), drop, latency_ms: z.optional(latency), held }),
    z.strictObject({ ...extra, kind: z.literal('latency'), latency_ms: latency, held }),
    z.strictObject({ ...extra, kind: z.literal('hold'), held: z.literal(true) }),
  ]);
}

/** What a fault does on the wire, by kind. */
const WireListing = wireFault({});
/** What a fault does in the control plane's words, by kind (an armed fault and an applied one both carry it). */
export type WireListing = z.output<typeof WireListing>;

/** An armed fault as `GET /__admin/faults` lists it: its path template beside its route id, and the requests it still applies to. */
export const FaultView = wireFault({ id: z.string(), route: z.string(), endpoint: z.nullable(z.string()), remaining: count });

/** The fault that applied to one request, as its detail shows it (`GET /__admin/requests/{id}`). */
export const AppliedFaultView = wireFault({ id: z.string() });

/**
 * A fault's listing in wire words: an exhaustive switch, so a new kind is a compile error here.
 *
 * @example
 * listingToWire({ kind: 'status', status: 503, code: 'temporarily_unavailable', retryAfter: 1 }); // { kind: 'status', status: 503, code: 'temporarily_unavailable', retry_after: 1 }
 */
function listingToWire(listing: FaultListing): WireListing {
  switch (listing.kind) {
    case 'status': {
      const { status, code: answered, retryAfter, latencyMs, held: gated } = listing;
      return defined({ kind: 'status', status, code: answered, retry_after: retryAfter, latency_ms: latencyMs, held: gated });
    }
    case 'drop':
      return defined({ kind: 'drop', drop: listing.drop, latency_ms: listing.latencyMs, held: listing.held });
    case 'latency':
      return defined({ kind: 'latency', latency_ms: listing.latencyMs, held: listing.held });
    case 'hold':
      return { kind: 'hold', held: true };
    default:
      return listing satisfies never;
  }
}

/** A fault's listing from wire words: the inverse of `listingToWire`. */
function listingFromWire(wire: WireListing): FaultListing {
  switch (wire.kind) {
    case 'status': {
      const { status, code: answered, retry_after, latency_ms, held: gated } = wire;
      return defined({ kind: 'status', status, code: answered, retryAfter: retry_after, latencyMs: latency_ms, held: gated });
    }
    case 'drop':
      return defined({ kind: 'drop', drop: wire.drop, latencyMs: wire.latency_ms, held: wire.held });
    case 'latency':
      return defined({ kind: 'latency', latencyMs: wire.latency_ms, held: wire.held });
    case 'hold':
      return { kind: 'hold', held: true };
    default:
      return wire satisfies never;
  }
}

/** The fault that applied to one request in wire words (`GET /__admin/requests/{id}`, a state document's activity). */
export const appliedFaultToWire = (fault: AppliedFault): z.output<typeof AppliedFaultView> => ({
  id: fault.id,
  ...listingToWire(listingOf(fault)),
});

/** The fault that applied to one request from wire words: the inverse of `appliedFaultToWire` (a held one lists as held again). */
export const appliedFaultFromWire = ({ id, ...wire }: z.output<typeof AppliedFaultView>): AppliedFault => ({
  ...faultOf(listingFromWire(wire)),
  id,
});

const endpointOf = (route: string): string | null => routeList.find((r) => r.id === route)?.path ?? null;

/** An armed fault between `mock.faults.list()` and `GET /__admin/faults`: `z.encode` for the wire, `z.decode` back. */
export const ArmedFaultWire = z.codec(FaultView, z.custom<ArmedFault>(), {
  decode: ({ id, route, endpoint: _endpoint, remaining, ...listing }) => ({ id, route, remaining, ...listingFromWire(listing) }),
  encode: ({ id, route, remaining, ...listing }) => ({ id, route, endpoint: endpointOf(route), remaining, ...listingToWire(listing) }),
});

/** `T` with its fields that may be undefined made optional instead. */
type Defined<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
};

/** Keeps the fields that are set: the wire leaves out what a fault was not given. */
function defined<const T extends object>(fields: T): Defined<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Defined<T>;
}
