import { eventIdOf, DAY, HOUR, LISTING_HORIZON } from '../shared';
import { type Fixture, MAX_RESCHEDULE_SHIFT, slotRange } from './fixtures';
import type { Core } from '../core';
import type { LeagueDef } from '../catalog';
import { startsAt } from './lifecycle';

/** The first window is small (a default listing needs a few hours); later ones grow to two days. */
const FIRST_WINDOW = 6 * HOUR;
const LAST_WINDOW = 48 * HOUR;
/** Fixtures this far ahead may still show their start from before a reschedule. */
const RESCHEDULE_VISIBLE = LISTING_HORIZON - 6 * DAY;

/** Fixtures shown starting in [from, to] at `now`, in (start, event id) order, produced lazily window by window. */
export function* fixturesInOrder(
  core: Core,
  fixture: (eventId: number) => Fixture | undefined,
  leagues: readonly LeagueDef[],
  from: number,
  to: number,
  now: number,
): Generator<Fixture, void, undefined> {
  let window = FIRST_WINDOW;
  for (let lo = from; lo <= to; lo += window, window = Math.min(LAST_WINDOW, window * 2)) {
    const hi = Math.min(to, lo + window - 1);
    const batch: { at: number; f: Fixture }[] = [];
    const shifted = hi + MAX_RESCHEDULE_SHIFT >= now + RESCHEDULE_VISIBLE;
    for (const league of leagues) {
      const [first, last] = slotRange(core, league, lo, hi, shifted);
      for (let slot = first; slot <= last; slot++) {
        for (let child = 0; child <= league.children.length; child++) {
          const f = fixture(eventIdOf(league.ordinal, slot, child));
          if (f === undefined) continue;
          const at = startsAt(f, now);
          if (at >= lo && at <= hi) batch.push({ at, f });
        }
      }
    }
    batch.sort((a, b) => a.at - b.at || a.f.eventId - b.f.eventId);
    for (const { f } of batch) yield f;
  }
}
