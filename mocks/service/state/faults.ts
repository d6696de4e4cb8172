import { type ArmedFault, type AppliedFault, type Fault, faultOf, listingOf } from '../faults';

/** Faults armed at once, at most. */
export const MAX_ARMED_FAULTS = 1_000;

/** One armed fault: what it does, on which route, for how many more requests. */
interface Armed {
  id: string;
  routeId: string;
  fault: Fault;
  left: number;
}

/** Faults armed per route id, first in first out; at most `MAX_ARMED_FAULTS`. */
export class FaultQueue {
  private readonly armed: Armed[] = [];
  private sequence = 0;

  /** Arms a fault, checked where it entered (`checkFault`), for the next `count` requests of a route. */
  add(routeId: string, fault: Fault, count: number): ArmedFault {
    if (this.armed.length >= MAX_ARMED_FAULTS)
      throw new RangeError(`at most ${MAX_ARMED_FAULTS} faults can be armed at once: clear them first`);
    const armed = { id: `flt_${++this.sequence}`, routeId, fault, left: count };
    this.armed.push(armed);
    return view(armed);
  }

  /** Takes the next fault of a route, if any, with its id (for the request detail of the control plane). */
  take(routeId: string): AppliedFault | undefined {
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

  /** Puts saved faults back into an empty queue, with their ids and what is left of each; one a gate held is refused (`RangeError`). */
  restore(sequence: number, armed: readonly ArmedFault[]): void {
    const restored = armed.map(({ id, route, remaining, ...listing }): Armed => {
      if (listing.held === true) throw new RangeError(`its fault ${id} was held by a test's gate, which only lives in its process`);
      return { id, routeId: route, fault: faultOf(listing), left: remaining };
    });
    this.armed.push(...restored);
    this.sequence = sequence;
  }
}

/** An armed fault as listed: a test's gate shows as held, never itself. */
const view = (armed: Armed): ArmedFault => ({ id: armed.id, route: armed.routeId, remaining: armed.left, ...listingOf(armed.fault) });
