/**
 * The deterministic virtual dataset: 44 sports, fixtures since 2021-01-01, prices, results, props,
 * outrights, computed on demand from (seed, ids, now) with small caches. Prices and results come from
 * one model per sport (`pricing/models.ts`); routes read an event through its timeline (`events/timeline.ts`).
 */
import { leagueRows, periodRows, sportRows, closingAt, openingAt, oddsAt, type OddsRequest, type RowPage } from './rows';
import { type Core, createCore } from './core';
import {
  buildFixture,
  childIdsOf,
  existsAt,
  liveStatusAt,
  fixturesInOrder,
  listingHorizon,
  type LiveState,
  type Fixture,
  type FixtureFilter,
  type Timeline,
} from './events';
import { decodeSpecialId, Lru, hashString } from './shared';
import { LEAGUES, leagueById, leaguesOfSport, sportById, type LeagueDef, type SportDef } from './catalog';
import { listedOutrights, outrightById, propOf, specialRows, type SpecialDef } from './specials';
import type {
  ClosingRow,
  EventRow,
  LeagueRow,
  OddsRow,
  OpeningRow,
  OutrightRow,
  PeriodRow,
  ResultRow,
  SpecialOddsRow,
  SpecialRow,
  SportRow,
} from './rows';
import { addedSource, decodeAddedSpecialId, AddedEvents, isAddedId, type AddedEvent, type AddedProp } from './added';
import { generatedEvents } from './generated';
import type { EventSource } from './source';

export type { Fixture } from './events';
export type { LiveState } from './events';
export type { SpecialDef } from './specials';
export type { ClosingRow, EventRow, OddsRow, OpeningRow, ResultRow } from './rows';
export type { EventBase } from './events';
export type { EventSpec, Instant, MarketSpec, PeriodResultSpec, PriceStep, PropContestantSpec, PropSpec, ScoreSpec } from './added';
export { SpecError } from './added';
export { changeRanges, MAX_EVENT_LENGTH } from './events';
/** The dataset's seeded randomness, which the fixtures draw from as well. */
export { Rng, hashString, mix } from './shared';

/**
 * Each kind of event of the dataset, by its `origin`, with the specials it has: generated from the seed, or added
 * by a test. A new kind is a new entry here, and a compile error in `createDataset` until its source is given.
 */
interface EventKinds {
  generated: { event: Fixture; special: SpecialDef };
  added: { event: AddedEvent; special: AddedProp };
}

/** An event of the dataset: generated from the seed, or added by a test. */
export type DataEvent = EventKinds[keyof EventKinds]['event'];
/** A special (a prop, an outright) of the dataset. */
type DataSpecial = EventKinds[keyof EventKinds]['special'];
/** One source per kind of event: what the dataset reads of each. */
type EventSources = { readonly [K in keyof EventKinds]: EventSource<EventKinds[K]['event'], EventKinds[K]['special']> };

/** The virtual dataset: catalog, fixtures and their data at any "now" (ms on the mock clock). */
export interface Dataset {
  readonly seed: string;
  /** The sports catalog (44 sports). */
  sports(): SportRow[];
  /** The leagues of a sport; empty for an unknown sport. */
  leagues(sportId: number): LeagueRow[];
  /** The period definitions of a sport; empty for an unknown sport. */
  periods(sportId: number): PeriodRow[];
  sport(sportId: number): SportDef | undefined;
  league(leagueId: number): LeagueDef | undefined;
  /** The leagues a filter covers (none when the sport and the league disagree). */
  leaguesFor(filter: FixtureFilter): readonly LeagueDef[];
  /** The fixture with this id as generated, whether or not it exists yet at some now. */
  fixture(eventId: number): Fixture | undefined;
  /** The fixture if it exists (is listed) at `now`: created two weeks before its start. */
  fixtureAt(eventId: number, now: number): Fixture | undefined;
  /** Existing fixtures whose shown start is in [from, to], in (start, event id) order. */
  fixturesBetween(from: number, to: number, now: number, filter?: FixtureFilter): Iterable<Fixture>;
  /** The child (derivative) fixtures of a parent. */
  children(parent: Fixture): Fixture[];
  /** Events added by a test (`mock.data.addEvent`): every method below serves them as it serves generated ones. */
  readonly added: AddedEvents;
  /** The event with this id if it exists (is listed) at `now`: an added one, else a generated one. */
  eventAt(eventId: number, now: number): DataEvent | undefined;
  /**
   * Existing events (generated up to the two-week listing horizon, and added) starting in [from, to], in
   * (start, event id) order. `ranges` (ascending, disjoint) limits generated ones only.
   */
  eventsBetween(
    from: number,
    to: number,
    now: number,
    filter?: FixtureFilter,
    ranges?: readonly (readonly [number, number])[],
  ): Iterable<DataEvent>;
  /** The child (derivative) events of an event: none for an added one. */
  childrenOf(parent: DataEvent): DataEvent[];
  /** The event record at `now`. */
  event(f: DataEvent, now: number): EventRow;
  /** The start shown at `now` (a reschedule is shown once published). */
  startsAt(f: DataEvent, now: number): number;
  liveStatus(f: DataEvent, now: number): 0 | 1 | 2;
  /** Instant of the latest record change by `now` (what `since` compares). */
  lastChangeAt(f: DataEvent, now: number): number;
  /** Where the event stands for `live=1`: offered, suspended, expired, ... */
  liveState(f: DataEvent, now: number): LiveState;
  /** The event's price timeline: its snapshots, their quoted rows and its scores, what every price and result route reads (cached). */
  timeline(f: DataEvent): Timeline;
  odds(f: DataEvent, now: number, request: OddsRequest): RowPage<OddsRow>;
  openingLines(f: DataEvent, now: number): OpeningRow[];
  closingLines(f: DataEvent, now: number): ClosingRow[];
  results(f: DataEvent, now: number): ResultRow[];
  /** The specials of an event (one row per contestant). */
  props(f: DataEvent, now: number): SpecialRow[];
  /** A prop or an outright by special id, if it exists at `now`. */
  special(specialId: number, now: number): SpecialDef | AddedProp | undefined;
  /** Prices of a special: latest (one row per contestant line) or all up to `now`. */
  specialOdds(def: SpecialDef | AddedProp, now: number, fullHistory: boolean): SpecialOddsRow[];
  /** Outrights listed at `now`, of one sport or all. */
  outrights(sportId: number | undefined, now: number): OutrightRow[];
  /** How many generated fixtures, timelines and line marks are kept now (each cache has its bound). */
  cached(): { fixtures: number; timelines: number; marks: number; outcomes: number };
}

/** Two event sequences in (start, event id) order, merged in that order. */
function* mergeByStart(
  generated: Iterable<DataEvent>,
  added: readonly AddedEvent[],
  startOf: (e: DataEvent) => number,
): Generator<DataEvent, void, undefined> {
  let k = 0;
  for (const e of generated) {
    for (; k < added.length; k++) {
      const a = added[k] as AddedEvent;
      if (a.starts > startOf(e) || (a.starts === startOf(e) && a.eventId > e.eventId)) break;
      yield a;
    }
    yield e;
  }
  for (; k < added.length; k++) yield added[k] as AddedEvent;
}

/**
 * Fixtures kept: 8,192, about 1.1 kB of heap each (9 MB when full; was 16,384 of 2.7 kB, 44 MB). A fixture has
 * one shape, so the count bounds its bytes; the widest listing (`since` past `starts_from`) reads 7,109 of them.
 */
export const FIXTURE_CACHE = 8192;

/**
 * Creates the dataset of a seed: cheap (tables only); everything else is computed on demand.
 *
 * @example
 * const data = createDataset('demo');
 * const sports = data.sports(); // 44 rows
 */
export function createDataset(seed: string | number): Dataset {
  const text = String(seed);
  const core: Core = createCore(text, hashString(text));
  const fixtures = new Lru<number, Fixture | undefined>(FIXTURE_CACHE);
  const added = new AddedEvents();
  const fixture = (eventId: number) => fixtures.get(eventId, (id) => buildFixture(core, id));
  const fixtureAt = (eventId: number, now: number) => {
    const f = fixture(eventId);
    return f !== undefined && existsAt(f, now) ? f : undefined;
  };
  const fixturesBetween = function* (from: number, to: number, now: number, filter: FixtureFilter = {}) {
    for (const f of fixturesInOrder(core, fixture, leaguesFor(filter), from, to, now)) {
      if (existsAt(f, now)) yield f;
    }
  };
  const generated = generatedEvents(core, fixture);
  const sources: EventSources = { generated: generated.source, added: addedSource };
  // Each source is keyed by the kind it reads, so the one an event's origin names takes that event.
  const sourceOf = (e: DataEvent): EventSource<DataEvent, DataSpecial> => sources[e.origin];
  const specialSourceOf = (def: DataSpecial): EventSource<DataEvent, DataSpecial> =>
    sources['origin' in def && def.origin === 'added' ? 'added' : 'generated'];
  const timeline = (f: DataEvent) => sourceOf(f).timeline(f);
  const results = (f: DataEvent, now: number) => sourceOf(f).results(f, now);
  const startsOf = (f: DataEvent, now: number) => sourceOf(f).startsAt(f, now);
  const leaguesFor = (filter: FixtureFilter): readonly LeagueDef[] => {
    const { sportId, leagueId } = filter;
    if (leagueId !== undefined) {
      const league = leagueById(leagueId);
      return league !== undefined && (sportId === undefined || league.sport.sportId === sportId) ? [league] : [];
    }
    return sportId === undefined ? LEAGUES : leaguesOfSport(sportId);
  };

  return {
    seed: text,
    sports: sportRows,
    leagues: leagueRows,
    periods: periodRows,
    sport: sportById,
    league: leagueById,
    leaguesFor,
    fixture,
    fixtureAt,
    fixturesBetween,
    children: (parent) => childIdsOf(parent).flatMap((id) => fixture(id) ?? []),
    added,
    eventAt(eventId, now) {
      if (!isAddedId(eventId)) return fixtureAt(eventId, now);
      const e = added.get(eventId);
      return e !== undefined && e.listedAt <= now ? e : undefined;
    },
    eventsBetween(from, to, now, filter = {}, ranges = [[from, to]]) {
      // No generated fixture is listed past the horizon (an added one may be: it is listed from its listed_from).
      const last = Math.min(to, listingHorizon(now));
      const generated = function* () {
        for (const [a, b] of ranges) {
          const lo = Math.max(from, a);
          const hi = Math.min(last, b);
          if (lo <= hi) yield* fixturesBetween(lo, hi, now, filter);
        }
      };
      return mergeByStart(generated(), added.between(from, to, now, filter), (e) => startsOf(e, now));
    },
    childrenOf: (parent) => sourceOf(parent).children(parent),
    event: (f, now) => sourceOf(f).row(f, now),
    startsAt: startsOf,
    liveStatus: liveStatusAt,
    lastChangeAt: (f, now) => sourceOf(f).lastChangeAt(f, now),
    liveState: (f, now) => sourceOf(f).liveState(f, now),
    timeline,
    odds: (f, now, request) => oddsAt(timeline(f), now, request),
    openingLines: (f, now) => openingAt(timeline(f), sourceOf(f).marks(f), now),
    closingLines: (f, now) => (now < f.starts ? [] : closingAt(timeline(f), results(f, now), now)),
    results,
    props: (f, now) =>
      sourceOf(f)
        .specials(f)
        .flatMap((def) => specialRows(def, now)),
    special(specialId, now) {
      const own = decodeAddedSpecialId(specialId);
      if (own !== undefined) {
        const e = added.get(own.eventId);
        return e !== undefined && e.listedAt <= now ? e.props[own.k - 1] : undefined;
      }
      const key = decodeSpecialId(specialId);
      if (key === undefined) return undefined;
      if (key.type === 'outright') return outrightById(core, specialId, now);
      const f = fixture(key.eventId);
      return f !== undefined && existsAt(f, now) ? propOf(core, f, key.kind, generated.outcomesOf(f)) : undefined;
    },
    specialOdds: (def, now, fullHistory) => specialSourceOf(def).specialOdds(def, now, fullHistory),
    outrights: (sportId, now) => listedOutrights(core, sportId, now).flatMap((def) => specialRows(def, now)),
    cached: () => ({ fixtures: fixtures.size, ...generated.cached() }),
  };
}
