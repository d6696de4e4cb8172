import { leaguesOfSport, SPORTS, sportById, type LeagueDef, type SportDef } from '../catalog';
import type { LeagueRow, PeriodRow, SportRow } from './types';

const FEED = 100;

const sportRow = (s: SportDef): SportRow => ({
  sport_id: s.sportId,
  name: s.name,
  has_history: true,
  has_live: s.live,
  has_props: s.props,
  has_outrights: s.outrights,
  source_feed_id: FEED,
});

const leagueRow = (l: LeagueDef): LeagueRow => ({
  league_id: l.leagueId,
  league_name: l.name,
  country_code: l.countryCode,
  container: l.container,
  source_feed_id: FEED + (l.ordinal % 7),
});

/** What a sport calls its spread market. */
const spreadName = (s: SportDef): string =>
  s.name === 'Baseball' || s.name === 'Softball' ? 'Run Line' : s.name === 'Ice Hockey' ? 'Puck Line' : 'Handicap';

const periodRow = (s: SportDef, period: number, label: string, short: string): PeriodRow => {
  const row: PeriodRow = {
    period,
    description: label,
    short_description: short,
    moneyline_description: `${label} - Moneyline`,
    moneyline_short_description: `${short} ML`,
    spread_description: `${label} - ${spreadName(s)}`,
    spread_short_description: `${short} HDP`,
    totals_description: `${label} - Total`,
    totals_short_description: `${short} OU`,
    home_totals_description: `${label} - Home Team Total`,
    home_totals_short_description: `${short} HTT`,
    away_totals_description: `${label} - Away Team Total`,
    away_totals_short_description: `${short} ATT`,
    source_feed_id: FEED,
  };
  if (!s.legacyTeamTotals) return row;
  return { ...row, team_totals_description: `${label} - Team Totals`, team_totals_short_description: `${short} TT` };
};

/** The sports catalog: all 44 sports, by sport id. */
export const sportRows = (): SportRow[] => SPORTS.map(sportRow);

/** The leagues of a sport (empty for an unknown sport). */
export const leagueRows = (sportId: number): LeagueRow[] => leaguesOfSport(sportId).map(leagueRow);

/** The period definitions of a sport (empty for an unknown sport). */
export function periodRows(sportId: number): PeriodRow[] {
  const sport = sportById(sportId);
  if (sport === undefined) return [];
  return sport.format.periods.map((p) => periodRow(sport, p.period, p.label, p.short));
}
