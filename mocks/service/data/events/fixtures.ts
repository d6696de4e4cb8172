import { leagueByOrdinal, type ChildKind, type LeagueDef, type SportDef } from '../catalog';
import type { Core } from '../core';
import { type GameTiming, planTiming } from './game';
import {
  decodeEventId,
  eventIdOf,
  mix,
  rngOf,
  unit,
  DAY,
  EPOCH,
  HOUR,
  LISTING_HORIZON,
  MINUTE,
  ODDS_OPEN_LEAD,
  toSecond,
  type Rng,
} from '../shared';
import { drawMatch, type Match } from './match';
import type { SportModel } from '../pricing';

/** Which fixtures a listing covers. */
export interface FixtureFilter {
  readonly sportId?: number | undefined;
  readonly leagueId?: number | undefined;
}

/** One event (fixture) as generated from the seed: everything about it that does not depend on "now". */
export interface Fixture {
  /** Which kind of event of the dataset this is: its source (`generated.ts`) reads it. */
  readonly origin: 'generated';
  readonly eventId: number;
  readonly parentId: number | null;
  readonly league: LeagueDef;
  readonly sport: SportDef;
  readonly slot: number;
  /** The derivative kind of a child fixture, null for a parent. */
  readonly child: ChildKind | null;
  /** The generative model of the event: its sport's, or its derivative's. */
  readonly model: SportModel;
  /** Hash of (seed, event id): the root of every further draw about this event. */
  readonly hash: number;
  readonly home: string;
  readonly away: string;
  readonly homeIndex: number;
  readonly awayIndex: number;
  /** Scheduled start (after any reschedule). */
  readonly starts: number;
  /** Start shown before the reschedule (equal to `starts` when never rescheduled). */
  readonly originalStarts: number;
  readonly rescheduleAt: number | null;
  /** The fixture appears in listings from here (`starts` minus two weeks). */
  readonly createdAt: number;
  /** First price snapshot. */
  readonly openAt: number;
  readonly timing: GameTiming;
  /** Final whistle, or abandonment. */
  readonly endAt: number;
  readonly abandoned: boolean;
  /** Results posted. */
  readonly settledAt: number;
  /** Results corrected and re-settled, or null. */
  readonly correctedAt: number | null;
  /** The parent's rating gap the opening prices start from (null for a derivative): with `hash`, what draws its match (`matchOf`). */
  readonly gap: number | null;
  /** Base bookmaker margin of the event's main markets (2.5 % to 5 % by tier). */
  readonly margin: number;
  /** A heavy event has a price snapshot every ten minutes: more history than one response holds. */
  readonly heavy: boolean;
  /** False for the few child fixtures that never get prices. */
  readonly priced: boolean;
}

/** Reschedules move a start by at most this much. */
export const MAX_RESCHEDULE_SHIFT = 3 * HOUR;
const RESCHEDULE_RATE = 0.15;
const HEAVY_RATE = 1 / 40;
const CORRECTION_RATE = 0.04;
const QUANTUM = 5 * MINUTE;

/** When a league's slot 0 is: 2021-01-01 plus a seeded offset within one interval. */
const leagueStart = (core: Core, league: LeagueDef): number =>
  EPOCH + Math.floor(unit(core.hash, 0x1ea9, league.ordinal) * league.interval) * MINUTE;

/** The scheduled start of a slot: its base time plus seeded jitter under half an interval, on a 5-minute grid. */
function slotStarts(core: Core, league: LeagueDef, slot: number): number {
  const base = leagueStart(core, league) + slot * league.interval * MINUTE;
  const jitter = unit(core.hash, 0x5107, league.ordinal, slot) * 0.5 * league.interval * MINUTE;
  return Math.floor((base + jitter) / QUANTUM) * QUANTUM;
}

/**
 * Slots whose start can fall within [from, to]; with `shifted`, also slots whose start shown
 * before a reschedule can (only fixtures more than a week ahead still show that one).
 */
export function slotRange(core: Core, league: LeagueDef, from: number, to: number, shifted: boolean): [number, number] {
  const interval = league.interval * MINUTE;
  const origin = leagueStart(core, league);
  const pad = shifted ? MAX_RESCHEDULE_SHIFT : 0;
  const first = Math.max(0, Math.floor((from - pad - origin) / interval) - 1);
  const last = Math.floor((to + pad - origin) / interval) + 1;
  return [first, last];
}

/** A side's rating in a season: standard normal, shared by every fixture and outright of the season. */
export const sideRating = (core: Core, league: LeagueDef, side: number, season: number): number =>
  rngOf(core.hash, 0x2a71, league.ordinal, side, season).normal();

/** The strength and pace an event opens on: the sides' ratings, the home edge, and a little form. */
function openingView(model: SportModel, league: LeagueDef, gap: number | null, rng: Rng): [number, number] {
  const form = rng.normal();
  // Lower tiers mismatch more: a race sport's third tier spreads its strengths a tenth wider.
  const wide = model.engine === 'race' && league.tier === 3 ? 1.1 : 1;
  const strength = model.homeEdge + model.spread * wide * (gap === null ? form : 0.9 * gap + 0.436 * form);
  const drift = rng.normal();
  switch (model.engine) {
    case 'count':
      return [strength, Math.log(model.perSide) + 0.06 * drift];
    case 'normal':
      return [strength, 2 * model.perSide * (1 + 0.04 * drift)];
    case 'race':
      return [strength, model.tennis ? model.serveLevel + 0.12 * drift : 0];
    case 'duel':
      return [strength, 0];
  }
}

/** Generates the fixture with this id, or undefined if the id names none. */
export function buildFixture(core: Core, eventId: number): Fixture | undefined {
  const key = decodeEventId(eventId);
  if (key === undefined) return undefined;
  const league = leagueByOrdinal(key.ordinal);
  if (league === undefined || key.child > league.children.length) return undefined;
  const { sport } = league;
  const child = key.child === 0 ? null : (league.children[key.child - 1] ?? null);
  const model: SportModel = child?.model ?? sport.model;

  const slotRng = rngOf(core.hash, 0x510f, league.ordinal, key.slot);
  const eventRng = rngOf(core.hash, 0xe7e7, eventId);
  const hash = mix(core.hash, 0xe1d, eventId);

  const starts = slotStarts(core, league, key.slot);
  const rescheduled = slotRng.chance(RESCHEDULE_RATE);
  const shift = Math.round(slotRng.between(-1, 1) * (MAX_RESCHEDULE_SHIFT / QUANTUM)) * QUANTUM;
  const createdAt = starts - LISTING_HORIZON;
  const rescheduleAt = rescheduled && shift !== 0 ? toSecond(createdAt + slotRng.between(1, 6) * DAY) : null;
  const roster = core.roster(league);
  const homeIndex = slotRng.int(0, roster.length - 1);
  const awayIndex = (homeIndex + slotRng.int(1, roster.length - 1)) % roster.length;
  const season = new Date(starts).getUTCFullYear();
  const gap =
    child === null ? (sideRating(core, league, homeIndex, season) - sideRating(core, league, awayIndex, season)) / Math.SQRT2 : null;
  const openAt = toSecond(starts - ODDS_OPEN_LEAD + eventRng.between(0, 50) * MINUTE);
  const match = drawn(hash, model, league, gap, openAt, starts);
  // Derivatives follow their parent's clock: the same slot draws, the parent's regulation.
  const timing = planTiming(sport.format, match, starts, slotRng);
  const settledAt = toSecond(timing.endAt + eventRng.between(5, 40) * MINUTE);
  const correctable = !timing.abandoned && !match.overtime && (model.engine === 'count' || model.engine === 'normal');
  const corrected = correctable && eventRng.chance(CORRECTION_RATE);
  const suffix = child === null ? '' : ` (${child.name})`;

  return {
    origin: 'generated',
    eventId,
    parentId: child === null ? null : eventIdOf(key.ordinal, key.slot, 0),
    league,
    sport,
    slot: key.slot,
    child,
    model,
    hash,
    home: `${roster[homeIndex] ?? 'Home'}${suffix}`,
    away: `${roster[awayIndex] ?? 'Away'}${suffix}`,
    homeIndex,
    awayIndex,
    starts,
    originalStarts: rescheduleAt === null ? starts : starts + shift,
    rescheduleAt,
    createdAt,
    openAt,
    timing,
    endAt: timing.endAt,
    abandoned: timing.abandoned,
    settledAt,
    correctedAt: corrected ? toSecond(settledAt + eventRng.between(1, 72) * HOUR) : null,
    gap,
    margin: 0.015 + 0.01 * league.tier + eventRng.between(0, 0.005),
    heavy: eventRng.next() < HEAVY_RATE,
    priced: child === null || eventRng.next() < 0.97,
  };
}

/** The match of a fixture, from its seed: the one its timing was planned from. */
function drawn(hash: number, model: SportModel, league: LeagueDef, gap: number | null, openAt: number, starts: number): Match {
  const rng = rngOf(hash, 0x3a7c);
  return drawMatch(model, league.sport.format, [openAt, starts], openingView(model, league, gap, rng), rng);
}

/** The matches drawn again for fixtures that were asked for theirs (those priced or scored), while the fixture is kept. */
const matches = new WeakMap<Fixture, Match>();

/**
 * The event as its model plays it: the news before kickoff and the play drawn at the close. A fixture
 * does not keep it (it is more than half of a fixture's heap, and a listing reads thousands of fixtures
 * but the match of only those it prices or scores): it is drawn again from the fixture's seed, once.
 */
export function matchOf(f: Fixture): Match {
  let match = matches.get(f);
  if (match === undefined) {
    match = drawn(f.hash, f.model, f.league, f.gap, f.openAt, f.starts);
    matches.set(f, match);
  }
  return match;
}

/** The child fixture ids of a parent (empty for a child or a league without derivatives). */
export function childIdsOf(fixture: Fixture): number[] {
  if (fixture.parentId !== null) return [];
  return fixture.league.children.map((_, i) => fixture.eventId + i + 1);
}
