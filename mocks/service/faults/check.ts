import { ERROR_CODES, type KnownErrorCode, type RouteDef } from '../../../src/schemas';
import { errorStatusesOf } from '../../../src/schemas/route-errors';
import { optionNames } from '../../../src/schemas/refusal-words';
import { checkInteger, checkNames, checkOneOf, refuse } from '../input-checks';
import { DROP_POINTS, type Fault, type FaultKind, type FaultSpec, type FaultWait, MAX_FAULT_LATENCY_MS } from './kinds';

/** The names of `FaultSpec`'s fields. */
export const FAULT_OPTIONS = optionNames<FaultSpec>()([
  'route',
  'count',
  'kind',
  'status',
  'code',
  'retryAfter',
  'drop',
  'latencyMs',
  'hold',
]);

/** The name of one of `FaultSpec`'s fields. */
type FaultOption = (typeof FAULT_OPTIONS)[number];

/** A fault's fields, as given (checked here, whoever gave them). */
export type FaultFields = { [Name in FaultOption]?: unknown };

/**
 * The words of a fault's fields where it was given: in process (camelCase), or on the control plane
 * (snake_case, where a field it cannot carry, the gate, has none).
 */
export type FaultWords = Readonly<Record<Exclude<FaultOption, 'hold'>, string> & { hold: string | undefined }>;

/** The fields in process: `mock.faults.inject()`. */
const IN_PROCESS_WORDS: FaultWords = {
  route: 'route',
  count: 'count',
  kind: 'kind',
  status: 'status',
  code: 'code',
  retryAfter: 'retryAfter',
  drop: 'drop',
  latencyMs: 'latencyMs',
  hold: 'hold',
};

/** How a kind is given: the fields that make a fault that kind, and those fields in the caller's words (none where it cannot be given). */
interface GivenBy {
  fields: readonly (keyof FaultFields)[];
  words: (words: FaultWords) => string | undefined;
}

/**
 * How each kind is given, in the order a fault's kind is read from its fields: the first whose
 * fields it gives. A new kind is a compile error here until it says how it is given.
 */
const GIVEN_BY: Record<FaultKind, GivenBy> = {
  status: { fields: ['status', 'code'], words: (w) => `${w.status} or ${w.code}` },
  drop: { fields: ['drop'], words: (w) => w.drop },
  latency: { fields: ['latencyMs'], words: (w) => w.latencyMs },
  hold: { fields: ['hold'], words: (w) => w.hold },
};

/** The kinds, in the order a fault's kind is read from what it gives. */
const FAULT_KINDS = Object.keys(GIVEN_BY) as FaultKind[];

/** The kinds a fault can be given as where `words` are spoken (the control plane has no gate). */
export const kindsIn = (words: FaultWords): FaultKind[] => FAULT_KINDS.filter((kind) => GIVEN_BY[kind].words(words) !== undefined);

/** What the first kinds of `FAULT_KINDS`, the ones that act (a status, a drop), are given by. */
const ACTING: readonly FaultKind[] = ['status', 'drop'];

/**
 * The kind of a fault, from `kind` or from what it gives (`RangeError` naming the conflict, in the
 * caller's words): the first of a status (or a code), a drop, latency, or a test's gate alone that
 * it gives. A status and a drop together are refused, as is a `retryAfter` without a status.
 *
 * @example
 * faultKindOf({ route: 'events.odds', status: 503, latencyMs: 250 }); // 'status'
 */
export function faultKindOf(given: FaultFields, words: FaultWords = IN_PROCESS_WORDS): FaultKind {
  const gives = (kind: FaultKind) => GIVEN_BY[kind].fields.some((name) => given[name] !== undefined);
  const read = FAULT_KINDS.find(gives);
  const acting = ACTING.filter(gives);
  if (acting.length > 1)
    throw new RangeError(`a fault does one thing: give ${acting.map((kind) => GIVEN_BY[kind].words(words)).join(', or ')}, not both`);
  if (given.retryAfter !== undefined && read !== 'status')
    throw new RangeError(`${words.retryAfter} is the Retry-After of a status fault: give ${GIVEN_BY.status.words(words)} with it`);
  if (given.kind === undefined) {
    if (read !== undefined) return read;
    throw new RangeError(
      `a fault says what it does: give ${kindsIn(words)
        .map((kind) => GIVEN_BY[kind].words(words))
        .join(', ')}`,
    );
  }
  const kind = checkOneOf(words.kind, given.kind, kindsIn(words));
  if (read === kind) return kind;
  if (read === undefined) throw new RangeError(`a ${kind} fault gives ${GIVEN_BY[kind].words(words)}`);
  return refuse(words.kind, kind, `${read}, for a fault that gives ${GIVEN_BY[read].words(words)}`);
}

const DEFAULT_CODE: Partial<Record<number, KnownErrorCode>> = {
  429: 'rate_limited',
  500: 'internal_error',
  502: 'service_error',
  503: 'temporarily_unavailable',
};

/**
 * A fault of one of `routes`, checked (`RangeError` naming what is wrong): known names, one kind, a
 * route of the table, a status the route answers (with the route's code for it: the usual one, or the
 * one given), a code alone meaning its status, whole seconds and milliseconds, a promise for a gate.
 * Returns the route, the requests it applies to, and the fault with its kind, status, code and
 * `Retry-After` decided.
 *
 * @example
 * checkFault({ route: 'events.odds', status: 503 }, routeList); // { route: <events.odds>, count: 1, fault: { kind: 'status', status: 503, code: 'temporarily_unavailable' } }
 */
export function checkFault(spec: FaultSpec, routes: readonly RouteDef[]): { route: RouteDef; count: number; fault: Fault } {
  const given = checkNames<FaultFields>('mock.faults.inject()', spec, FAULT_OPTIONS);
  const kind = faultKindOf(given);
  const route = routes.find((r) => r.id === given.route || r.path === given.route);
  if (route === undefined)
    refuse('route', given.route, 'a route id (events.odds) or path template (/v1/events/{event_id}/odds) of the route table');
  const count = given.count === undefined ? 1 : checkInteger('count', given.count, { min: 1 });
  const wait = waitOf(given);
  switch (kind) {
    case 'status':
      return { route, count, fault: { kind, ...statusOf(given, route), ...wait } };
    case 'drop':
      return { route, count, fault: { kind, drop: checkOneOf('drop', given.drop, DROP_POINTS), ...wait } };
    case 'latency':
      return { route, count, fault: { kind, ...wait, latencyMs: checkLatency(given.latencyMs) } };
    case 'hold':
      return { route, count, fault: { kind, hold: checkGate(given.hold) } };
    default:
      return kind satisfies never;
  }
}

/** The status, code and `Retry-After` of a status fault on `route`. */
function statusOf(given: FaultFields, route: RouteDef): { status: number; code: KnownErrorCode; retryAfter?: number } {
  const statuses = errorStatusesOf(route);
  let status = given.status as number | undefined;
  const code = given.code === undefined ? undefined : checkOneOf(`code (of ${route.id})`, given.code, [...statuses.values()].flat());
  if (code !== undefined) {
    status ??= ERROR_CODES[code];
    if (ERROR_CODES[code] !== status)
      refuse('code', code, `a code ${route.id} answers with ${status} (${statuses.get(status)?.join(', ')})`);
  }
  const answered = checkOneOf(`status (of ${route.id})`, status, [...statuses.keys()]);
  const routeCodes = statuses.get(answered) ?? [];
  const usual = DEFAULT_CODE[answered];
  const retryAfter =
    given.retryAfter === undefined
      ? answered === 429
        ? 1
        : undefined
      : checkInteger('retryAfter', given.retryAfter, { min: 1, unit: 'seconds' });
  return {
    status: answered,
    code: code ?? (usual !== undefined && routeCodes.includes(usual) ? usual : (routeCodes[0] as KnownErrorCode)),
    ...(retryAfter === undefined ? {} : { retryAfter }),
  };
}

/** The wait a status, drop or latency fault was given, checked; what was not given is left out. */
function waitOf(given: FaultFields): FaultWait {
  return {
    ...(given.latencyMs === undefined ? {} : { latencyMs: checkLatency(given.latencyMs) }),
    ...(given.hold === undefined ? {} : { hold: checkGate(given.hold) }),
  };
}

const checkLatency = (latencyMs: unknown): number =>
  checkInteger('latencyMs', latencyMs, { min: 0, max: MAX_FAULT_LATENCY_MS, unit: 'ms' });

const checkGate = (hold: unknown): PromiseLike<unknown> =>
  typeof (hold as { then?: unknown } | null)?.then === 'function' ? (hold as PromiseLike<unknown>) : refuse('hold', hold, 'a promise');
