import type { Core } from './core';
import { playerContestantId, sideContestantId } from './contestants';
import { decodeSpecialId, outrightSpecialIdOf } from './ids';
import { LEAGUES, type LeagueDef, leagueByOrdinal } from './leagues';
import { playerName } from './names';
import { mix, rngOf } from './prng';
import type { Contestant, SpecialDef } from './specials';
import { DAY, EPOCH, HOUR } from './time';

const WINNER = 1;
const TOP_SCORER = 2;
const STEP = 7 * DAY;
/** Settled outrights stay listed this long after their cutoff. */
const LISTED_AFTER_CUTOFF = 30 * DAY;

const teamSport = (league: LeagueDef): boolean => league.sport.sides === 'clubs' || league.sport.sides === 'franchises';

/** The outright kinds of a league: a winner market, and a top scorer for team sports. */
const kindsOf = (league: LeagueDef): number[] => (teamSport(league) ? [WINNER, TOP_SCORER] : [WINNER]);

function contestants(core: Core, league: LeagueDef, season: number, kind: number): Contestant[] {
  const rng = rngOf(core.hash, 0x0c7, league.ordinal, season, kind);
  const roster = core.roster(league);
  const sides = rng.shuffle(roster.map((_, i) => i)).slice(0, kind === WINNER ? 20 : 8);
  if (kind === WINNER) {
    return sides.map((side) => ({
      id: teamSport(league) ? sideContestantId(league.ordinal, side) : playerContestantId(league.ordinal, side, 0),
      name: roster[side] ?? 'Unknown',
      weight: Math.exp(rng.normal() * 0.9),
    }));
  }
  return sides.flatMap((side) =>
    [1, 2].map((n) => ({
      id: playerContestantId(league.ordinal, side, n),
      name: `${playerName(core.hash, league.ordinal, side, n)} (${roster[side] ?? ''})`,
      weight: Math.exp(rng.normal() * 0.6),
    })),
  );
}

/** The outright of a league season and kind, or undefined if there is none. */
export function outrightDef(core: Core, league: LeagueDef, season: number, kind: number): SpecialDef | undefined {
  if (!league.outrights || !kindsOf(league).includes(kind) || season < 2021 || season > 2099) return undefined;
  const specialId = outrightSpecialIdOf(league.ordinal, season, kind);
  const openAt = Math.max(EPOCH, Date.UTC(season, 0, 3) + Math.floor(rngOf(core.hash, 0x0a7, specialId).next() * 24) * HOUR);
  const cutoff = Date.UTC(season, 11, 1);
  const times: number[] = [];
  for (let at = openAt; at < cutoff; at += STEP) times.push(at);
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
    contestants: contestants(core, league, season, kind),
    openAt,
    cutoff,
    times,
    handicap: null,
    margin: 0.05,
    maxWin: 5000,
    hash: mix(core.hash, 0x0b7, specialId),
    feed: 100 + (league.ordinal % 7),
    volatility: 0.15,
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
