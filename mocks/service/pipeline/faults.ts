import { ERROR_CODES, type KnownErrorCode, type RouteDef } from '../../../src/schemas';
import { errorStatusesOf } from '../../../src/schemas/route-errors';
import { optionNames } from '../../../src/schemas/refusal-words';
import { checkInteger, checkNames, checkOneOf, refuse } from '../input-checks';
import { ServiceRefusal } from '../service-refusal';
import type { Fault, FaultSpec } from '../state/faults';

const DEFAULT_CODE: Partial<Record<number, KnownErrorCode>> = {
  429: 'rate_limited',
  500: 'internal_error',
  502: 'service_error',
  503: 'temporarily_unavailable',
};

/** Statuses an injected fault answers only after data work (they can cost a credit). */
const AFTER_WORK: ReadonlySet<number> = new Set([502, 503]);

/** The names of `FaultSpec`. */
const FAULT_OPTIONS = optionNames<FaultSpec>()(['route', 'count', 'status', 'code', 'retryAfter', 'drop', 'latencyMs', 'hold']);

/** The longest added latency of a fault, in ms. */
const MAX_FAULT_LATENCY_MS = 60_000;

/**
 * A fault of one of `routes`, checked (`RangeError` naming what is wrong): known names, a route of the table, a status the route
 * answers (with the route's code for it: the usual one, or the one given), a code alone meaning its status, whole seconds and
 * milliseconds. Returns the route and the fault with its status and code.
 *
 * @example
 * checkFault({ route: 'events.odds', status: 503 }, routeList); // { route: <events.odds>, fault: { ..., code: 'temporarily_unavailable' } }
 */
export function checkFault(spec: FaultSpec, routes: readonly RouteDef[]): { route: RouteDef; fault: FaultSpec } {
  const given = checkNames<FaultSpec>('mock.faults.inject()', spec, FAULT_OPTIONS);
  const { count, code, retryAfter, drop, latencyMs, hold } = given;
  const route = routes.find((r) => r.id === given.route || r.path === given.route);
  if (route === undefined)
    refuse('route', given.route, 'a route id (events.odds) or path template (/v1/events/{event_id}/odds) of the route table');
  if (count !== undefined) checkInteger('count', count, { min: 1 });
  const statuses = errorStatusesOf(route);
  let status = given.status;
  if (code !== undefined) {
    const codes = [...statuses.values()].flat();
    checkOneOf(`code (of ${route.id})`, code, codes);
    status ??= ERROR_CODES[code];
    if (ERROR_CODES[code] !== status)
      refuse('code', code, `a code ${route.id} answers with ${status} (${statuses.get(status)?.join(', ')})`);
  }
  if (status !== undefined) checkOneOf(`status (of ${route.id})`, status, [...statuses.keys()]);
  if (retryAfter !== undefined) checkInteger('retryAfter', retryAfter, { min: 1, unit: 'seconds' });
  if (drop !== undefined) checkOneOf('drop', drop, ['connection', 'after_commit']);
  if (latencyMs !== undefined) checkInteger('latencyMs', latencyMs, { min: 0, max: MAX_FAULT_LATENCY_MS, unit: 'ms' });
  if (hold !== undefined && typeof (hold as { then?: unknown } | null)?.then !== 'function') refuse('hold', hold, 'a promise');
  if (status === undefined) return { route, fault: given };
  const routeCodes = statuses.get(status) ?? [];
  const usual = DEFAULT_CODE[status];
  return { route, fault: { ...given, status, code: code ?? (usual !== undefined && routeCodes.includes(usual) ? usual : routeCodes[0]) } };
}

/** The error an injected fault answers with. */
export function faultError(fault: Fault): ServiceRefusal | undefined {
  if (fault.status === undefined) return undefined;
  const code = fault.code ?? DEFAULT_CODE[fault.status] ?? codeOfStatus(fault.status);
  const retryAfter = fault.retryAfter ?? (fault.status === 429 ? 1 : undefined);
  return new ServiceRefusal(fault.status, code, `injected fault: ${code}`, retryAfter === undefined ? {} : { retryAfter });
}

/**
 * What a fault answers where the work would start: a dropped connection, or the error of a status
 * answered before any work (free). Undefined when it applies later (latency, a `502`/`503` after the
 * work, a drop after the commit) or not at all.
 */
export function faultBeforeWork(fault: Fault | undefined): ServiceRefusal | 'dropped' | undefined {
  if (fault?.drop === 'connection') return 'dropped';
  return fault && !faultAfterWork(fault) ? faultError(fault) : undefined;
}

/** Whether the fault's status is answered before (free) or after data work. */
export const faultAfterWork = (fault: Fault | undefined): boolean => fault?.status !== undefined && AFTER_WORK.has(fault.status);

function codeOfStatus(status: number): KnownErrorCode {
  const match = (Object.entries(ERROR_CODES) as [KnownErrorCode, number][]).find(([, s]) => s === status);
  return match ? match[0] : 'internal_error';
}

/** Waits `ms` of real time. */
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The wait an injected fault adds: its latency, then its gate (whether the gate resolves or rejects). */
export async function delay(fault: Fault | undefined): Promise<void> {
  if (fault?.latencyMs) await sleep(fault.latencyMs);
  if (fault?.hold !== undefined) await Promise.resolve(fault.hold).catch(() => undefined);
}
