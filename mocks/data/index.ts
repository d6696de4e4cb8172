/**
 * The deterministic virtual dataset of the mock service: 44 sports, their leagues, fixtures
 * since 2021-01-01 and their prices, results, props and outrights. Nothing is stored: every
 * value is computed on demand from (seed, ids, now), with small caches.
 *
 * Each event is played by its sport's generative model (models.ts, engine-*.ts): prices are the
 * model's fair probabilities plus a margin, results are drawn from the same model (match.ts).
 * The routes read an event through its timeline (timeline.ts): snapshots, quoted rows, scores.
 */
import { leagueRows, periodRows, sportRows } from './catalog';
import { type Core, createCore } from './core';
import { type LiveState, liveStateAt } from './feed';
import { buildFixture, childIdsOf, type Fixture } from './fixtures';
import { decodeSpecialId } from './ids';
import { type LeagueDef, LEAGUES, leagueById, leaguesOfSport } from './leagues';
import { existsAt, lastChangeAt, liveStatusAt, startsAt } from './lifecycle';
import { closingAt, lineMarks, type LineMarks, openingAt } from './lines';
import type { Outcome } from './outcome';
import { prematchOutcome } from './outcomes';
import { Lru } from './lru';
import { type OddsRequest, oddsAt, type RowPage } from './odds';
import { listedOutrights, outrightById } from './outrights';
import { hashString } from './prng';
import { propOf, propsOf } from './props';
import { resultsAt } from './results';
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
import { fixturesInOrder } from './schedule';
import { type SpecialDef, specialHistory, specialLatest, specialRows } from './specials';
import { type SportDef, sportById } from './sports';
import { eventRow } from './events';
import { buildTimeline, type Timeline } from './timeline';

export type { Fixture } from './fixtures';
export type { LeagueDef } from './leagues';
export type { SportDef } from './sports';
export type { LiveState } from './feed';
export type { OddsRequest, RowPage } from './odds';
export type { SpecialDef } from './specials';
export type { Timeline } from './timeline';
export type { Quote } from './quotes';
export type * from './rows';
export { changeRanges, listingHorizon, MAX_EVENT_LENGTH } from './bounds';

/** Which fixtures a listing covers. */
export interface FixtureFilter {
  readonly sportId?: number | undefined;
  readonly leagueId?: number | undefined;
}

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
  /** The event record at `now`. */
  event(f: Fixture, now: number): EventRow;
  /** The start shown at `now` (a reschedule is shown once published). */
  startsAt(f: Fixture, now: number): number;
  liveStatus(f: Fixture, now: number): 0 | 1 | 2;
  /** Instant of the latest record change by `now` (what `since` compares). */
  lastChangeAt(f: Fixture, now: number): number;
  /** Where the event stands for `live=1`: offered, suspended, expired, ... */
  liveState(f: Fixture, now: number): LiveState;
  /** The event's price timeline: its snapshots, their quoted rows and its scores, what every price and result route reads (cached). */
  timeline(f: Fixture): Timeline;
  odds(f: Fixture, now: number, request: OddsRequest): RowPage<OddsRow>;
  openingLines(f: Fixture, now: number): OpeningRow[];
  closingLines(f: Fixture, now: number): ClosingRow[];
  results(f: Fixture, now: number): ResultRow[];
  /** The specials of an event (one row per contestant). */
  props(f: Fixture, now: number): SpecialRow[];
  /** A prop or an outright by special id, if it exists at `now`. */
  special(specialId: number, now: number): SpecialDef | undefined;
  /** Prices of a special: latest (one row per contestant line) or all up to `now`. */
  specialOdds(def: SpecialDef, now: number, fullHistory: boolean): SpecialOddsRow[];
  /** Outrights listed at `now`, of one sport or all. */
  outrights(sportId: number | undefined, now: number): OutrightRow[];
}

const FIXTURE_CACHE = 16384;
const TIMELINE_CACHE = 128;

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
  const timelines = new Lru<number, Timeline>(TIMELINE_CACHE);
  const marks = new Lru<number, LineMarks>(TIMELINE_CACHE);
  const fixture = (eventId: number) => fixtures.get(eventId, (id) => buildFixture(core, id));
  const timeline = (f: Fixture) => timelines.get(f.eventId, () => buildTimeline(f));
  const marksOf = (f: Fixture) => marks.get(f.eventId, () => lineMarks(timeline(f)));
  const results = (f: Fixture, now: number) => resultsAt(f, timeline(f), now);
  /** Full-event outcomes before kickoff by news state, shared by an event's props (cached with its fixture). */
  const prematch = new Lru<number, Map<number, Outcome>>(TIMELINE_CACHE);
  const outcomesOf = (f: Fixture) => (k: number): Outcome => {
    const byState = prematch.get(f.eventId, () => new Map());
    let o = byState.get(k);
    if (o === undefined) byState.set(k, (o = prematchOutcome(f, 0, k)));
    return o;
  };
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
    fixtureAt(eventId, now) {
      const f = fixture(eventId);
      return f !== undefined && existsAt(f, now) ? f : undefined;
    },
    *fixturesBetween(from, to, now, filter = {}) {
      for (const f of fixturesInOrder(core, fixture, leaguesFor(filter), from, to, now)) {
        if (existsAt(f, now)) yield f;
      }
    },
    children: (parent) => childIdsOf(parent).flatMap((id) => fixture(id) ?? []),
    event: eventRow,
    startsAt,
    liveStatus: liveStatusAt,
    lastChangeAt,
    liveState: liveStateAt,
    timeline,
    odds: (f, now, request) => oddsAt(timeline(f), now, request),
    openingLines: (f, now) => openingAt(timeline(f), marksOf(f), now),
    closingLines: (f, now) => (now < f.starts ? [] : closingAt(timeline(f), results(f, now), now)),
    results,
    props: (f, now) => propsOf(core, f, outcomesOf(f)).flatMap((def) => specialRows(def, now)),
    special(specialId, now) {
      const key = decodeSpecialId(specialId);
      if (key === undefined) return undefined;
      if (key.type === 'outright') return outrightById(core, specialId, now);
      const f = fixture(key.eventId);
      return f !== undefined && existsAt(f, now) ? propOf(core, f, key.kind, outcomesOf(f)) : undefined;
    },
    specialOdds: (def, now, fullHistory) => (fullHistory ? specialHistory(def, now) : specialLatest(def, now)),
    outrights: (sportId, now) => listedOutrights(core, sportId, now).flatMap((def) => specialRows(def, now)),
  };
}
