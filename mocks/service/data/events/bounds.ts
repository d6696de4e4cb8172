import { MAX_RESCHEDULE_SHIFT } from './fixtures';
import { maxDurationMinutes } from './game';
import { SPORTS } from '../catalog';
import { LISTING_HORIZON, MINUTE } from '../shared';

/** Time bounds that callers of the dataset plan their scans with. */

export { changeRanges } from './lifecycle';

/** The latest start a listing at `now` can show: two weeks ahead, plus a reschedule not yet published. */
export const listingHorizon = (now: number): number => now + LISTING_HORIZON + MAX_RESCHEDULE_SHIFT;

/** No event lasts longer (breaks included): older kickoffs cannot be in play. */
export const MAX_EVENT_LENGTH = Math.max(...SPORTS.map((s) => maxDurationMinutes(s.format, s.model))) * MINUTE;
