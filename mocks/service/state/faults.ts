import type { KnownErrorCode } from '../../../src/schemas';

/** A fault injected for the next `count` requests of a route (docs/mock-server.md). */
export interface FaultSpec {
  /** Route id (`events.odds`) or path template (`/v1/events/{event_id}/odds`). */
  route: string;
  /** How many requests it applies to. Default 1. */
  count?: number | undefined;
  /** Answer this status instead (429, 500, 502, 503, ...): one the route answers. */
  status?: number | undefined;
  /** Error code of that answer, one the route answers with it; defaults to the status's usual code. A code alone answers its status. */
  code?: KnownErrorCode | undefined;
  /** `Retry-After` of a 429/503, in whole seconds. */
  retryAfter?: number | undefined;
  /** Drop the connection: before any work, or after the service committed the request. */
  drop?: 'connection' | 'after_commit' | undefined;
  /** Added latency of the data work (after the reservation), in whole ms of real time, at most 60,000. */
  latencyMs?: number | undefined;
  /** Holds the request where latency would until this settles: a test's gate, no timing guesses. In process only. */
  hold?: PromiseLike<unknown> | undefined;
}

/** One armed fault, as the pipeline sees it. */
export type Fault = Omit<FaultSpec, 'count' | 'route'>;

/** Faults armed at once, at most. */
export const MAX_ARMED_FAULTS = 1_000;

/** An armed fault as the control plane lists it: what it does, and how many requests it still applies to. */
export interface ArmedFault extends Omit<Fault, 'hold'> {
  /** True when a test's gate holds its requests. */
  held?: true;
  /** `flt_` + a sequence number, to disarm it. */
  id: string;
  /** Route id of the route table. */
  route: string;
  /** Requests it still applies to. */
  remaining: number;
}

/** Faults armed per route id, first in first out; at most `MAX_ARMED_FAULTS`. */
export class FaultQueue {
  private readonly armed: { id: string; routeId: string; fault: Fault; left: number }[] = [];
  private sequence = 0;

  add(routeId: string, spec: FaultSpec): ArmedFault {
    // Checked where it enters (`checkFault`): the route's status and code, a positive count.
    const { count = 1, route: _route, ...fault } = spec;
    if (this.armed.length >= MAX_ARMED_FAULTS)
      throw new RangeError(`at most ${MAX_ARMED_FAULTS} faults can be armed at once: clear them first`);
    const armed = { id: `flt_${++this.sequence}`, routeId, fault, left: count };
    this.armed.push(armed);
    return view(armed);
  }

  /** Takes the next fault of a route, if any, with its id (for the request detail of the control plane). */
  take(routeId: string): (Fault & { readonly id: string }) | undefined {
    const index = this.armed.findIndex((a) => a.routeId === routeId);
    if (index === -1) return undefined;
    const armed = this.armed[index]!;
    armed.left -= 1;
    if (armed.left === 0) this.armed.splice(index, 1);
    return { ...armed.fault, id: armed.id };
  }

  /** The faults still armed, in the order they were armed (a route's first one applies first). */
  list(): ArmedFault[] {
    return this.armed.map(view);
  }

  /** Disarms one fault; false when no fault has that id (already used up, or never armed). */
  remove(id: string): boolean {
    const index = this.armed.findIndex((a) => a.id === id);
    if (index === -1) return false;
    this.armed.splice(index, 1);
    return true;
  }

  clear(): void {
    this.armed.length = 0;
  }

  /** The faults as a state document holds them: the sequence of ids, and every armed fault but those a test's gate holds. */
  saved(): { sequence: number; armed: ArmedFault[]; held: ArmedFault[] } {
    const all = this.armed.map(view);
    return { sequence: this.sequence, armed: all.filter((f) => f.held === undefined), held: all.filter((f) => f.held !== undefined) };
  }

  /** Puts saved faults back into an empty queue, with their ids and what is left of each. */
  restore(sequence: number, armed: readonly ArmedFault[]): void {
    for (const { id, route, remaining, held: _held, ...fault } of armed) this.armed.push({ id, routeId: route, fault, left: remaining });
    this.sequence = sequence;
  }
}

const view = (armed: { id: string; routeId: string; fault: Fault; left: number }): ArmedFault => {
  // A test's gate is a promise: listed as held, not serialized.
  const defined = Object.entries(armed.fault).filter(([name, value]) => value !== undefined && name !== 'hold');
  const held = armed.fault.hold === undefined ? {} : { held: true as const };
  return { id: armed.id, route: armed.routeId, remaining: armed.left, ...(Object.fromEntries(defined) as Omit<Fault, 'hold'>), ...held };
};
