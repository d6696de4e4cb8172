import { CHILD_KINDS, type ChildKind } from './children';
import { SPORTS, type SportDef } from './sports';

/** One league: its catalog record and its fixture schedule. */
export interface LeagueDef {
  /** Position in the league table; the event-id prefix is `ordinal + 1`. */
  readonly ordinal: number;
  readonly leagueId: number;
  readonly sport: SportDef;
  readonly name: string;
  /** ISO-3166 alpha-2, or null for an international competition. */
  readonly countryCode: string | null;
  readonly container: string;
  /** Minutes between two fixture slots of the league. */
  readonly interval: number;
  /** Derivative fixtures of each event (slot child indexes 1, 2, ...). */
  readonly children: readonly ChildKind[];
  /** Whether the league has outrights (when its sport has them). */
  readonly outrights: boolean;
  /** 1 for a top competition; drives limits (`max_win`) and price margins. */
  readonly tier: 1 | 2 | 3;
}

type Row = readonly [name: string, country: string | null, container: string, interval: number, flags?: string];

/**
 * Leagues by sport id. Flags: `c` derivative fixtures (corners, bookings), `o` outrights,
 * `2`/`3` a lower tier.
 */
const TABLE: Readonly<Record<number, readonly Row[]>> = {
  29: [
    ['England - Premier League', 'GB', 'Europe', 300, 'co'],
    ['Spain - La Liga', 'ES', 'Europe', 330, 'co'],
    ['Germany - Bundesliga', 'DE', 'Europe', 360, 'co'],
    ['Italy - Serie A', 'IT', 'Europe', 330, 'co'],
    ['France - Ligue 1', 'FR', 'Europe', 360, 'c'],
    ['UEFA - Champions League', null, 'Europe', 600, 'o'],
    ['England - Championship', 'GB', 'Europe', 240, '2'],
    ['Brazil - Serie A', 'BR', 'South America', 300, '2'],
    ['Argentina - Liga Profesional', 'AR', 'South America', 360, '2'],
    ['USA - Major League Soccer', 'US', 'USA', 300, '2'],
    ['Japan - J1 League', 'JP', 'Asia', 420, '3'],
    ['FIFA - International Friendlies', null, 'International', 480, '3'],
  ],
  4: [
    ['NBA', 'US', 'USA', 180, 'o'],
    ['WNBA', 'US', 'USA', 480],
    ['NCAA', 'US', 'USA', 150, '2'],
    ['EuroLeague', null, 'Europe', 360, 'o'],
    ['Spain - Liga ACB', 'ES', 'Europe', 480, '2'],
    ['Australia - NBL', 'AU', 'Oceania', 600, '2'],
    ['China - CBA', 'CN', 'Asia', 360, '3'],
    ['FIBA - World Cup Qualifiers', null, 'International', 1440, '2'],
  ],
  33: [
    ['ATP', null, 'International', 90, 'o'],
    ['WTA', null, 'International', 100, 'o'],
    ['ATP Challenger', null, 'International', 75, '2'],
    ['ITF Men', null, 'International', 90, '3'],
    ['ITF Women', null, 'International', 100, '3'],
    ['Davis Cup', null, 'International', 1440, '2'],
    ['UTR Pro Tennis Series', null, 'International', 180, '3'],
  ],
  19: [
    ['NHL', 'US', 'USA', 180, 'o'],
    ['Russia - KHL', 'RU', 'Europe', 300],
    ['Sweden - SHL', 'SE', 'Europe', 420, '2'],
    ['Finland - Liiga', 'FI', 'Europe', 420, '2'],
    ['Czechia - Extraliga', 'CZ', 'Europe', 480, '2'],
    ['Germany - DEL', 'DE', 'Europe', 480, '2'],
    ['Switzerland - National League', 'CH', 'Europe', 540, '2'],
  ],
  15: [
    ['NFL', 'US', 'USA', 600, 'o'],
    ['NCAA', 'US', 'USA', 300, '2'],
    ['CFL', 'CA', 'North America', 1440, '2'],
  ],
  3: [
    ['MLB', 'US', 'USA', 120, 'o'],
    ['Japan - NPB', 'JP', 'Asia', 360, '2'],
    ['Korea - KBO', 'KR', 'Asia', 360, '2'],
    ['Mexico - LMB', 'MX', 'North America', 600, '3'],
    ['Taiwan - CPBL', 'TW', 'Asia', 1080, '3'],
  ],
  18: [
    ['EHF Champions League', null, 'Europe', 900],
    ['Germany - Bundesliga', 'DE', 'Europe', 600, '2'],
    ['France - Starligue', 'FR', 'Europe', 900, '2'],
    ['Denmark - Handboldligaen', 'DK', 'Europe', 900, '2'],
    ['Spain - Liga ASOBAL', 'ES', 'Europe', 900, '3'],
  ],
  34: [
    ['Italy - SuperLega', 'IT', 'Europe', 600],
    ['Poland - PlusLiga', 'PL', 'Europe', 600, '2'],
    ['Turkey - Efeler Ligi', 'TR', 'Europe', 900, '2'],
    ['Brazil - Superliga', 'BR', 'South America', 900, '2'],
    ['CEV Champions League', null, 'Europe', 1440],
  ],
  32: [
    ['Setka Cup', 'UA', 'Europe', 40, '3'],
    ['TT Elite Series', 'PL', 'Europe', 50, '3'],
    ['WTT Contender', null, 'International', 150, '2'],
    ['Czech Liga Pro', 'CZ', 'Europe', 45, '3'],
  ],
  12: [
    ['Counter-Strike - BLAST Premier', null, 'International', 240, 'o'],
    ['Dota 2 - DreamLeague', null, 'International', 300, 'o'],
    ['League of Legends - LCK', 'KR', 'Asia', 360],
    ['League of Legends - LEC', null, 'Europe', 480],
    ['Valorant - VCT Americas', null, 'International', 480, '2'],
    ['Counter-Strike - ESL Challenger League', null, 'International', 200, '3'],
  ],
  22: [
    ['UFC', null, 'International', 600],
    ['PFL', null, 'International', 2160, '2'],
  ],
  6: [
    ['World Title Fights', null, 'International', 2880],
    ['International Bouts', null, 'International', 1440, '2'],
  ],
  8: [
    ['India - Indian Premier League', 'IN', 'Asia', 720, 'o'],
    ['Australia - Big Bash League', 'AU', 'Oceania', 1080],
    ['England - T20 Blast', 'GB', 'Europe', 600, '2'],
    ['ICC - T20 Internationals', null, 'International', 1440],
  ],
  27: [
    ['Six Nations', null, 'Europe', 2880, 'o'],
    ['England - Premiership Rugby', 'GB', 'Europe', 1440],
    ['France - Top 14', 'FR', 'Europe', 1080],
    ['Super Rugby Pacific', null, 'Oceania', 1440, '2'],
  ],
  26: [
    ['Australia - NRL', 'AU', 'Oceania', 720],
    ['England - Super League', 'GB', 'Europe', 1440, '2'],
  ],
  39: [
    ['AFL', 'AU', 'Oceania', 720, 'o'],
    ['SANFL', 'AU', 'Oceania', 2880, '3'],
  ],
  10: [
    ['PDC World Series', null, 'International', 180, 'o'],
    ['PDC Pro Tour', null, 'International', 120, '2'],
    ['Premier League Darts', 'GB', 'Europe', 1440],
  ],
  28: [
    ['World Snooker Tour', null, 'International', 240, 'o'],
    ['Championship League', 'GB', 'Europe', 360, '2'],
  ],
  17: [
    ['PGA Tour - Matchups', 'US', 'USA', 240, 'o'],
    ['DP World Tour - Matchups', null, 'International', 300, '2'],
  ],
  16: [
    ['Spain - Primera Division', 'ES', 'Europe', 1440, '2'],
    ['Brazil - LNF', 'BR', 'South America', 1440, '3'],
  ],
  1: [
    ['BWF World Tour', null, 'International', 150],
    ['BWF International Challenge', null, 'International', 300, '3'],
  ],
  5: [
    ['FIVB Beach Pro Tour', null, 'International', 200, '2'],
    ['AVP Tour', 'US', 'USA', 600, '3'],
  ],
  36: [
    ['LEN Champions League', null, 'Europe', 2880, '2'],
    ['Hungary - OB I', 'HU', 'Europe', 2160, '3'],
  ],
  13: [
    ['FIH Pro League', null, 'International', 2160, '2'],
    ['Netherlands - Hoofdklasse', 'NL', 'Europe', 2160, '3'],
  ],
  14: [
    ['Sweden - SSL', 'SE', 'Europe', 1440, '2'],
    ['Finland - F-liiga', 'FI', 'Europe', 1440, '3'],
  ],
  2: [
    ['Sweden - Elitserien', 'SE', 'Europe', 2160, '2'],
    ['Russia - Super League', 'RU', 'Europe', 2880, '3'],
  ],
  31: [['PSA World Tour', null, 'International', 300, '2']],
  53: [['Premier Padel', null, 'International', 300, '2']],
  57: [
    ['Australia - Suncorp Super Netball', 'AU', 'Oceania', 2880, '2'],
    ['England - Netball Super League', 'GB', 'Europe', 2880, '3'],
  ],
  21: [
    ['Premier Lacrosse League', 'US', 'USA', 2880, '2'],
    ['National Lacrosse League', 'US', 'USA', 1440, '2'],
  ],
  30: [['Japan - JD.League', 'JP', 'Asia', 1440, '3']],
  41: [['Euro Beach Soccer League', null, 'Europe', 1440, '3']],
  44: [['All-Ireland Championship', 'IE', 'Europe', 2880, '2']],
  45: [['All-Ireland Championship', 'IE', 'Europe', 2880, '2']],
  9: [['World Curling Tour', null, 'International', 720, '2']],
  23: [
    ['Formula 1 - Driver Matchups', null, 'International', 2880, 'o'],
    ['MotoGP - Rider Matchups', null, 'International', 2880, '2'],
  ],
  46: [['UCI World Tour - Rider Matchups', null, 'International', 1440, 'o']],
  47: [['FIS World Cup', null, 'International', 1440, 'o']],
  48: [['IBU World Cup', null, 'International', 2880, 'o']],
  7: [['Champions Chess Tour', null, 'International', 720, '2']],
  49: [['Matchroom Pool Series', null, 'International', 360, '3']],
  50: [['India - Pro Kabaddi League', 'IN', 'Asia', 720, '2']],
  51: [['Spain - Liga de Empresas', 'ES', 'Europe', 2880, '3']],
  52: [['World Bowls Tour', 'GB', 'Europe', 1440, '3']],
};

const buildLeagues = (): LeagueDef[] => {
  const out: LeagueDef[] = [];
  for (const sport of SPORTS) {
    for (const [name, countryCode, container, interval, flags = ''] of TABLE[sport.sportId] ?? []) {
      const ordinal = out.length;
      out.push({
        ordinal,
        leagueId: 1001 + ordinal,
        sport,
        name,
        countryCode,
        container,
        interval,
        children: flags.includes('c') ? [CHILD_KINDS.corners, CHILD_KINDS.bookings] : [],
        outrights: sport.outrights && flags.includes('o'),
        tier: flags.includes('3') ? 3 : flags.includes('2') ? 2 : 1,
      });
    }
  }
  return out;
};

/** Every league, in ordinal order. */
export const LEAGUES: readonly LeagueDef[] = buildLeagues();

const BY_ID = new Map(LEAGUES.map((l) => [l.leagueId, l]));
const BY_SPORT = new Map<number, LeagueDef[]>();
for (const league of LEAGUES) {
  const list = BY_SPORT.get(league.sport.sportId) ?? [];
  list.push(league);
  BY_SPORT.set(league.sport.sportId, list);
}

/** The league with this public id. */
export const leagueById = (leagueId: number): LeagueDef | undefined => BY_ID.get(leagueId);
/** The league with this ordinal (decoded from an event id). */
export const leagueByOrdinal = (ordinal: number): LeagueDef | undefined => LEAGUES[ordinal];
/** The leagues of a sport, in ordinal order (empty for an unknown sport). */
export const leaguesOfSport = (sportId: number): readonly LeagueDef[] => BY_SPORT.get(sportId) ?? [];
