import type { KnownErrorCode } from '../../src/schemas';

/** A fault injected for the next `count` requests of a route (decisions.md, test affordances). */
export interface FaultSpec {
  /** Route id (`events.odds`) or path template (`/v1/events/{event_id}/odds`). */
  route: string;
  /** How many requests it applies to. Default 1. */
  count?: number | undefined;
  /** Answer this status instead (429, 500, 502, 503, ...). */
  status?: number | undefined;
  /** Error code of that answer; defaults to the status's usual code. */
  code?: KnownErrorCode | undefined;
  /** `Retry-After` of a 429/503, in seconds. */
  retryAfter?: number | undefined;
  /** Drop the connection: before any work, or after the service committed the request. */
  drop?: 'connection' | 'after_commit' | undefined;
  /** Added latency of the data work (after the reservation), in ms of real time. */
  latencyMs?: number | undefined;
}

/** One armed fault, as the pipeline sees it. */
export type Fault = Omit<FaultSpec, 'count' | 'route'>;

/** Faults armed at once, at most. */
export const MAX_ARMED_FAULTS = 1_000;

/** Faults armed per route id, first in first out; at most `MAX_ARMED_FAULTS`. */
export class FaultQueue {
  private readonly armed: { routeId: string; fault: Fault; left: number }[] = [];

  /** Arms a fault for a resolved route id. */
  add(routeId: string, spec: FaultSpec): void {
    const { count = 1, route: _route, ...fault } = spec;
    if (!Number.isInteger(count) || count < 1) throw new RangeError('fault count must be a positive integer');
    if (this.armed.length >= MAX_ARMED_FAULTS) throw new RangeError(`at most ${MAX_ARMED_FAULTS} faults can be armed at once: clear them first`);
    this.armed.push({ routeId, fault, left: count });
  }

  /** Takes the next fault of a route, if any. */
  take(routeId: string): Fault | undefined {
    const index = this.armed.findIndex((a) => a.routeId === routeId);
    if (index === -1) return undefined;
    const armed = this.armed[index]!;
    armed.left -= 1;
    if (armed.left === 0) this.armed.splice(index, 1);
    return armed.fault;
  }

  clear(): void {
    this.armed.length = 0;
  }
}
