import type { LeagueDef, SportDef } from '../catalog';

/**
 * What every event of the dataset has, whether generated from the seed (`fixtures.ts`) or added by a
 * test (added/): what the routes and the readers of a timeline need of it.
 */
export interface EventBase {
  readonly eventId: number;
  readonly parentId: number | null;
  readonly league: LeagueDef;
  readonly sport: SportDef;
  readonly home: string;
  readonly away: string;
  /** Kickoff (after any reschedule). */
  readonly starts: number;
  /** Final whistle, or abandonment. */
  readonly endAt: number;
  /** Results posted; `Infinity` for an event that is never settled. */
  readonly settledAt: number;
  /** Results corrected and re-settled, or null. */
  readonly correctedAt: number | null;
}
