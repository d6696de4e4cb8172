import { count, type CountModel } from '../pricing';

/** A derivative fixture of a parent event (its own event id, `parent_id` = the parent's). */
export interface ChildKind {
  /** Appended to the runner names: `Arsenal (Corners)`. */
  readonly name: string;
  readonly model: CountModel;
  readonly resultingUnit: string;
}

/** Derivative fixtures, by the name a league lists them under. */
export const CHILD_KINDS: Readonly<Record<'corners' | 'bookings', ChildKind>> = {
  corners: { name: 'Corners', model: count(5.1, { spread: 0.3, homeEdge: 0.08 }), resultingUnit: 'Corners' },
  bookings: { name: 'Bookings', model: count(2.1, { spread: 0.25, homeEdge: -0.05 }), resultingUnit: 'Bookings' },
};
