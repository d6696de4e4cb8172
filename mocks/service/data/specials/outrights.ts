import type { Core } from '../core';
import { playerContestantId, sideContestantId } from './contestants';
import { sideRating } from '../events';
import { decodeSpecialId, outrightSpecialIdOf, mix, rngOf, DAY, EPOCH, HOUR } from '../shared';
import { LEAGUES, leagueByOrdinal, playerName, type LeagueDef } from '../catalog';
import type { Contestant, SpecialDef } from './markets';

const WINNER = 1;
const TOP_SCORER = 2;
const STEP = 7 * DAY;
/** Settled outrights stay listed this long after their cutoff. */
const LISTED_AFTER_CUTOFF = 30 * DAY;
/**
 * Concentration of the weekly Dirichlet step: the fair book after a week is Dirichlet(C x p), so
 * its expectation is this week's book (a martingale) and a season of steps mostly decides it.
 */
const CONCENTRATION = 40;

const teamSport = (league: LeagueDef): boolean => league.sport.sides === 'clubs' || league.sport.sides === 'franchises';

/** The outright kinds of a league: a winner market, and a top scorer for team sports. */
const kindsOf = (league: LeagueDef): number[] => (teamSport(league) ? [WINNER, TOP_SCORER] : [WINNER]);

/** The field of an outright and its opening strengths (log weights). */
function field(core: Core, league: LeagueDef, season: number, kind: number): { contestants: Contestant[]; strengths: number[] } {
  const rng = rngOf(core.hash, 0x0c7, league.ordinal, season, kind);
  const roster = core.roster(league);
  const sides = rng.shuffle(roster.map((_, i) => i)).slice(0, kind === WINNER ? 20 : 8);
  if (kind === WINNER) {
    // The season's ratings, the ones its fixtures are played with.
    return {
      contestants: sides.map((side) => ({
        id: teamSport(league) ? sideContestantId(league.ordinal, side) : playerContestantId(league.ordinal, side, 0),
        name: roster[side] ?? 'Unknown',
      })),
      strengths: sides.map((side) => 1.7 * sideRating(core, league, side, season)),
    };
  }
  const contestants: Contestant[] = [];
  const strengths: number[] = [];
  for (const side of sides) {
    for (const n of [1, 2]) {
      contestants.push({
        id: playerContestantId(league.ordinal, side, n),
        name: `${playerName(core.hash, league.ordinal, side, n)} (${roster[side] ?? ''})`,
      });
      strengths.push(0.5 * sideRating(core, league, side, season) + 0.8 * rng.normal());
    }
  }
  return { contestants, strengths };
}

/** The fair books of an outright's weekly snapshots: a Dirichlet martingale from the opening strengths. */
function fairPath(strengths: readonly number[], steps: number, hash: number): number[][] {
  const max = Math.max(...strengths);
  const w = strengths.map((s) => Math.exp(s - max));
  const sum = w.reduce((a, b) => a + b, 0);
  const books = [w.map((x) => x / sum)];
  for (let k = 1; k < steps; k++) {
    const rng = rngOf(hash, 0xd1, k);
    const prev = books[k - 1] as number[];
    const g = prev.map((p) => rng.gamma(CONCENTRATION * p));
    const total = g.reduce((a, b) => a + b, 0);
    books.push(total > 0 ? g.map((x) => Math.max(1e-9, x / total)) : prev);
  }
  return books;
}

/** The outright of a league season and kind, or undefined if there is none. */
function outrightDef(core: Core, league: LeagueDef, season: number, kind: number): SpecialDef | undefined {
  if (!league.outrights || !kindsOf(league).includes(kind) || season < 2021 || season > 2099) return undefined;
  const specialId = outrightSpecialIdOf(league.ordinal, season, kind);
  const openAt = Math.max(EPOCH, Date.UTC(season, 0, 3) + Math.floor(rngOf(core.hash, 0x0a7, specialId).next() * 24) * HOUR);
  const cutoff = Date.UTC(season, 11, 1);
  const times: number[] = [];
  for (let at = openAt; at < cutoff; at += STEP) times.push(at);
  const { contestants, strengths } = field(core, league, season, kind);
  const hash = mix(core.hash, 0x0b7, specialId);
  let books: number[][] | undefined;
  return {
    specialId,
    name: `${league.name} ${season} - ${kind === WINNER ? 'Winner' : 'Top Scorer'}`,
    betType: 'multi_way',
    category: 'Outrights',
    units: kind === WINNER ? null : league.sport.units,
    eventId: null,
    period: null,
    runnerHome: null,
    runnerAway: null,
    contestants,
    openAt,
    cutoff,
    times,
    book: (k) => ({ fair: (books ??= fairPath(strengths, times.length, hash))[k] ?? [], handicap: null }),
    margin: (kind === WINNER ? 0.2 : 0.3) + 0.04 * (league.tier - 1),
    maxWin: 5000,
    feed: 100 + (league.ordinal % 7),
  };
}

/** The outright with this special id, if it exists at `now` (opened by then). */
export function outrightById(core: Core, specialId: number, now: number): SpecialDef | undefined {
  const key = decodeSpecialId(specialId);
  if (key?.type !== 'outright') return undefined;
  const league = leagueByOrdinal(key.ordinal);
  const def = league === undefined ? undefined : outrightDef(core, league, key.season, key.kind);
  return def !== undefined && def.openAt <= now ? def : undefined;
}

/** The outrights listed at `now`: open seasons, and those settled within the last 30 days. */
export function listedOutrights(core: Core, sportId: number | undefined, now: number): SpecialDef[] {
  const year = new Date(now).getUTCFullYear();
  const out: SpecialDef[] = [];
  for (const league of LEAGUES) {
    if (!league.outrights || (sportId !== undefined && league.sport.sportId !== sportId)) continue;
    for (const season of [year - 1, year]) {
      for (const kind of kindsOf(league)) {
        const def = outrightDef(core, league, season, kind);
        if (def !== undefined && def.openAt <= now && now < def.cutoff + LISTED_AFTER_CUTOFF) out.push(def);
      }
    }
  }
  return out;
}
