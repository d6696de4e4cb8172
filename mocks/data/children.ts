import { goals, type ScoringModel } from './models';

/** A derivative fixture of a parent event (its own event id, `parent_id` = the parent's). */
export interface ChildKind {
  /** Appended to the runner names: `Arsenal (Corners)`. */
  readonly name: string;
  readonly model: ScoringModel;
  readonly resultingUnit: string;
}

/** Derivative fixtures, by the name a league lists them under. */
export const CHILD_KINDS: Readonly<Record<'corners' | 'bookings', ChildKind>> = {
  corners: { name: 'Corners', model: goals(5.1, true, 0.08), resultingUnit: 'Corners' },
  bookings: { name: 'Bookings', model: goals(2.1, true, -0.05), resultingUnit: 'Bookings' },
};
