import { routes, type RouteId } from '../../../src/schemas';
import type { ServiceContext } from '../contract';
import type { Override } from '../state/overrides';
import type { OverrideInfo } from './types';

/** What an override is armed with, from `mock.use` or the control plane. */
export interface ArmInit {
  readonly routeId: string;
  resolve(ctx: never): unknown;
  readonly kind: Override['kind'];
  readonly detail?: unknown;
  readonly once?: boolean | undefined;
  readonly times?: number | undefined;
  readonly params?: Readonly<Record<string, unknown>> | undefined;
}

/** How many requests an override answers: `once`, `times`, or every one. */
function timesOf(init: ArmInit): number {
  if (init.once === true && init.times !== undefined) throw new RangeError('give once or times, not both');
  if (init.times === undefined) return init.once === true ? 1 : Infinity;
  if (!Number.isInteger(init.times) || init.times < 1) throw new RangeError('times is a positive integer');
  return init.times;
}

/** The route id of the table that this mock registers, or a `RangeError`. */
export function registeredRoute(service: ServiceContext, routeId: string): RouteId {
  if (!Object.hasOwn(routes, routeId)) throw new RangeError(`the route table has no route ${routeId}`);
  if (service.handlers[routeId] === undefined) throw new RangeError(`${routeId} is not registered in this mock (see MockServiceOptions)`);
  return routeId as RouteId;
}

/** Arms an override in the service's current store (checked: a registered route, a valid count). */
export function armOverride(service: ServiceContext, init: ArmInit): Override {
  const routeId = registeredRoute(service, init.routeId);
  return service.state.overrides.add({
    routeId,
    resolve: init.resolve,
    kind: init.kind,
    detail: init.detail,
    params: init.params,
    remaining: timesOf(init),
    // A static answer as the heap holds it: about its JSON text (numbers and names shared), never less.
    bytes: init.detail === undefined ? 0 : 2 * JSON.stringify(init.detail).length,
  });
}

/** An override as the control plane lists it. */
export function overrideInfo(o: Override): OverrideInfo {
  return {
    id: o.id,
    route: o.routeId as RouteId,
    kind: o.kind,
    remaining: Number.isFinite(o.remaining) ? o.remaining : null,
    params: o.params ?? null,
    ...(o.kind === 'answer' ? { answer: o.detail } : {}),
    ...(o.kind === 'error' ? { error: o.detail as NonNullable<OverrideInfo['error']> } : {}),
  };
}
