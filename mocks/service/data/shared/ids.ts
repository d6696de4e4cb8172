/**
 * Identifier layout. Every id is derived from what it identifies, so that decoding an id or
 * enumerating a time window never needs a lookup table:
 *
 * - event_id = (league ordinal + 1) * 10,000,000 + slot * 10 + child index (0 for the parent)
 * - line_id = event_id * 100,000 + n, n counting the event's snapshots in time order (all periods)
 * - alt_line_id = line_id * 10 + alternate index (1 to 4), null for a primary line
 * - prop special_id = event_id * 10 + kind (1 to 9): at least 10^8
 * - outright special_id = (league ordinal + 1) * 10,000 + (season - 2020) * 10 + kind: below 10^8
 * - contestant_line_id = special_id * 100 + contestant number (1 to 99)
 * - special line_id = special_id * 100,000 + n, n counting the special's rows in time order
 */

const LEAGUE_FACTOR = 10_000_000;
const SLOTS_PER_LEAGUE = LEAGUE_FACTOR / 10;
const LINE_FACTOR = 100_000;
/** Prop special ids start here; outright ids stay below. */
export const FIRST_PROP_SPECIAL_ID = 100_000_000;

/** The parts of an event id. */
export interface EventKey {
  readonly ordinal: number;
  readonly slot: number;
  readonly child: number;
}

/** Composes an event id. */
export const eventIdOf = (ordinal: number, slot: number, child: number): number => (ordinal + 1) * LEAGUE_FACTOR + slot * 10 + child;

/** Decodes an event id (league ordinal, slot, child), or undefined if it cannot be one. */
export function decodeEventId(eventId: number): EventKey | undefined {
  if (!Number.isSafeInteger(eventId) || eventId < LEAGUE_FACTOR) return undefined;
  const ordinal = Math.floor(eventId / LEAGUE_FACTOR) - 1;
  const rest = eventId % LEAGUE_FACTOR;
  const slot = Math.floor(rest / 10);
  if (slot >= SLOTS_PER_LEAGUE) return undefined;
  return { ordinal, slot, child: rest % 10 };
}

/** The line id of an event's n-th snapshot (n from 1). */
export const lineIdOf = (eventId: number, n: number): number => eventId * LINE_FACTOR + n;

/** The alt_line_id of an alternate row of a snapshot. */
export const altLineIdOf = (lineId: number, index: number): number => lineId * 10 + index;

/** The special id of an event prop of kind k (1 to 9). */
export const propSpecialIdOf = (eventId: number, kind: number): number => eventId * 10 + kind;

/** The special id of an outright of a league's season, kind k (1 to 9). */
export const outrightSpecialIdOf = (ordinal: number, season: number, kind: number): number =>
  (ordinal + 1) * 10_000 + (season - 2020) * 10 + kind;

/** What a special id names: an event prop or a league season's outright. */
export type SpecialKey =
  | { readonly type: 'prop'; readonly eventId: number; readonly kind: number }
  | { readonly type: 'outright'; readonly ordinal: number; readonly season: number; readonly kind: number };

/** Decodes a special id, or undefined if it cannot be one. */
export function decodeSpecialId(specialId: number): SpecialKey | undefined {
  if (!Number.isSafeInteger(specialId) || specialId <= 0) return undefined;
  const kind = specialId % 10;
  if (kind === 0) return undefined;
  if (specialId >= FIRST_PROP_SPECIAL_ID) return { type: 'prop', eventId: Math.floor(specialId / 10), kind };
  const ordinal = Math.floor(specialId / 10_000) - 1;
  const season = 2020 + Math.floor((specialId % 10_000) / 10);
  if (ordinal < 0) return undefined;
  return { type: 'outright', ordinal, season, kind };
}

/** The contestant_line_id of a special's c-th contestant (c from 1). */
export const contestantLineIdOf = (specialId: number, c: number): number => specialId * 100 + c;

/** The line id of a special's n-th row (n from 1). */
export const specialLineIdOf = (specialId: number, n: number): number => specialId * LINE_FACTOR + n;
