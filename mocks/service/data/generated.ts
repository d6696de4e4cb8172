import type { Core } from './core';
import {
  buildTimeline,
  lastChangeAt,
  liveStateAt,
  childIdsOf,
  prematchOutcome,
  startsAt,
  type Fixture,
  type SizedTimeline,
} from './events';
import type { Outcome } from './pricing';
import { eventRow, lineMarks, resultsAt, type LineMarks } from './rows';
import { Lru } from './shared';
import { propsOf, specialHistory, specialLatest, type SpecialDef } from './specials';
import type { EventSource } from './source';

const TIMELINE_CACHE = 128;
/** The timelines kept: 128 at most and 8 MiB of heap (a settled event's full history holds about 270 kB). */
const TIMELINE_BYTES = 8 * 1024 * 1024;
/** Line marks kept (about 60 kB each for a settled event). */
const MARKS_CACHE = 32;

/** The source of generated events, with the caches it keeps of them; `outcomesOf` is what their props are priced from. */
export interface GeneratedEvents {
  readonly source: EventSource<Fixture, SpecialDef>;
  /** Full-event outcomes before kickoff by news state, shared by an event's props (cached with its fixture). */
  outcomesOf(f: Fixture): (newsState: number) => Outcome;
  cached(): { timelines: number; marks: number; outcomes: number };
}

/**
 * The events generated from the seed (`events/`), read through bounded caches: timelines (by count and bytes),
 * line marks and prematch outcomes, each kept per event id.
 */
export function generatedEvents(core: Core, fixture: (eventId: number) => Fixture | undefined): GeneratedEvents {
  const timelines = new Lru<number, SizedTimeline>(TIMELINE_CACHE, { max: TIMELINE_BYTES, of: (tl) => tl.bytes });
  const marks = new Lru<number, LineMarks>(MARKS_CACHE);
  const prematch = new Lru<number, Map<number, Outcome>>(TIMELINE_CACHE);
  const timeline = (f: Fixture) => timelines.get(f.eventId, () => buildTimeline(f));
  const outcomesOf =
    (f: Fixture) =>
    (k: number): Outcome => {
      const byState = prematch.get(f.eventId, () => new Map());
      let o = byState.get(k);
      if (o === undefined) byState.set(k, (o = prematchOutcome(f, 0, k)));
      return o;
    };
  const source: EventSource<Fixture, SpecialDef> = {
    startsAt,
    row: eventRow,
    lastChangeAt,
    liveState: liveStateAt,
    timeline,
    marks: (f) => marks.get(f.eventId, () => lineMarks(timeline(f))),
    results: (f, now) => resultsAt(f, timeline(f), now),
    children: (f) => childIdsOf(f).flatMap((id) => fixture(id) ?? []),
    specials: (f) => propsOf(core, f, outcomesOf(f)),
    specialOdds: (def, now, fullHistory) => (fullHistory ? specialHistory(def, now) : specialLatest(def, now)),
  };
  return { source, outcomesOf, cached: () => ({ timelines: timelines.size, marks: marks.size, outcomes: prematch.size }) };
}
