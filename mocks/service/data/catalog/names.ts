import type { LeagueDef } from './leagues';
import { CITIES, CLUB_PATTERNS, ESPORTS_WORDS, FIRST_NAMES, LAST_NAMES, MASCOTS, NATIONS } from './name-pools';
import { Rng, mix } from '../shared';

const NATIONS_LEAGUE = /International|Nations|Davis Cup|Qualifiers|Friendlies/;
const FRANCHISE_CONTAINERS = new Set(['USA', 'North America', 'Oceania', 'Asia']);

const personName = (rng: Rng): string => `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;

/** A name that is not in `taken` yet (a numbered suffix as last resort). */
const fresh = (taken: Set<string>, make: () => string): string => {
  for (let i = 0; i < 20; i++) {
    const name = make();
    if (!taken.has(name)) return name;
  }
  const base = make();
  let n = 2;
  while (taken.has(`${base} ${n}`)) n++;
  return `${base} ${n}`;
};

/** The sides (teams, players, pairs) of a league, as deterministic names from the seed. */
export function buildRoster(league: LeagueDef, seedHash: number): readonly string[] {
  const rng = new Rng(mix(seedHash, 0x7e57, league.ordinal));
  const { sides } = league.sport;
  const team = sides === 'clubs' || sides === 'franchises';
  if (team && NATIONS_LEAGUE.test(league.name)) return rng.shuffle(NATIONS).slice(0, 24);
  const size = sides === 'players' ? 48 : sides === 'pairs' ? 32 : 18;
  const taken = new Set<string>();
  const cities = CITIES[league.countryCode ?? ''] ?? CITIES['WORLD'] ?? [];
  const franchise = sides === 'franchises' || FRANCHISE_CONTAINERS.has(league.container);
  const make = (): string => {
    switch (sides) {
      case 'players':
        return personName(rng);
      case 'pairs':
        return `${rng.pick(LAST_NAMES)}/${rng.pick(LAST_NAMES)}`;
      case 'esports':
        return `${rng.pick(ESPORTS_WORDS[0])} ${rng.pick(ESPORTS_WORDS[1])}`;
      default:
        return franchise ? `${rng.pick(cities)} ${rng.pick(MASCOTS)}` : rng.pick(CLUB_PATTERNS)(rng.pick(cities));
    }
  };
  const roster: string[] = [];
  while (roster.length < size) {
    const name = fresh(taken, make);
    taken.add(name);
    roster.push(name);
  }
  return roster;
}

/** A squad player's name, stable for (league, side, number). */
export function playerName(seedHash: number, leagueOrdinal: number, side: number, number: number): string {
  return personName(new Rng(mix(seedHash, 0x91a7, leagueOrdinal, side, number)));
}
