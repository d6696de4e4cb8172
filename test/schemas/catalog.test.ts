import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { League, PeriodDefinition, Sport, SportQuery } from '../../src/schemas';
import { dataRowContract, expectFail, expectOk } from './fixtures';

const sportSample = {
  sport_id: 29,
  name: 'Soccer',
  has_history: true,
  has_live: true,
  has_props: false,
  has_outrights: true,
};

const leagueSample = {
  league_id: 1980,
  league_name: 'England - Premier League',
  country_code: 'GB',
  container: 'England',
};

const periodSample = {
  period: 0,
  description: 'Match',
  short_description: 'FT',
  moneyline_description: 'Moneyline',
  moneyline_short_description: 'ML',
  spread_description: 'Handicap',
  spread_short_description: 'HDP',
  totals_description: 'Total',
  totals_short_description: 'OU',
  home_totals_description: 'Home Team Total',
  home_totals_short_description: 'Home TT',
  away_totals_description: 'Away Team Total',
  away_totals_short_description: 'Away TT',
  team_totals_description: 'Team Total',
  team_totals_short_description: 'TT',
};

dataRowContract('Sport', Sport, sportSample);
dataRowContract('League', League, leagueSample);
dataRowContract('PeriodDefinition', PeriodDefinition, periodSample);

describe('Sport (docs/service.md, Data routes)', () => {
  it('has exactly sport_id, name and the four offering flags', () => {
    expect(Object.keys(Sport.shape).sort()).toEqual(['sport_id', 'name', 'has_history', 'has_live', 'has_props', 'has_outrights'].sort());
  });

  it('refuses a non-integer sport_id and non-boolean flags', () => {
    expectFail(Sport, { ...sportSample, sport_id: 29.5 }, ['sport_id']);
    expectFail(Sport, { ...sportSample, has_live: 'true' }, ['has_live']);
  });
});

describe('League (docs/service.md, Data routes)', () => {
  it('has exactly league_id, league_name, country_code and container', () => {
    expect(Object.keys(League.shape).sort()).toEqual(['container', 'country_code', 'league_id', 'league_name']);
  });

  it('refuses a string league_id', () => {
    expectFail(League, { ...leagueSample, league_id: '1980' }, ['league_id']);
  });
});

describe('PeriodDefinition (docs/service.md, Data routes)', () => {
  const { team_totals_description: _d, team_totals_short_description: _s, ...current } = periodSample;

  it('has the period, the 12 labels and the two deprecated team_totals labels', () => {
    expect(Object.keys(PeriodDefinition.shape).sort()).toEqual(Object.keys(periodSample).sort());
  });

  it('keeps team_totals_* absent when absent, never synthesized from the side-specific labels', () => {
    const parsed = expectOk(PeriodDefinition, current) as Record<string, unknown>;
    expect(parsed).toEqual(current);
    expect('team_totals_description' in parsed).toBe(false);
    expect('team_totals_short_description' in parsed).toBe(false);
  });

  it('passes the deprecated labels through when the source supplies them, including null', () => {
    expect(expectOk(PeriodDefinition, periodSample)).toEqual(periodSample);
    const withNull = { ...current, team_totals_description: null };
    expect(expectOk(PeriodDefinition, withNull)).toEqual(withNull);
  });

  it('refuses a non-integer period and non-string labels', () => {
    expectFail(PeriodDefinition, { ...periodSample, period: 1.5 }, ['period']);
    expectFail(PeriodDefinition, { ...periodSample, spread_description: 3 }, ['spread_description']);
  });
});

describe('SportQuery (leagues and periods catalogs)', () => {
  it('decodes sport_id from its wire string', () => {
    expect(z.decode(SportQuery, { sport_id: '29' })).toEqual({ sport_id: 29 });
  });

  it('encodes sport_id back into a wire string', () => {
    expect(z.encode(SportQuery, { sport_id: 29 })).toEqual({ sport_id: '29' });
  });

  it('requires sport_id', () => {
    expectFail(SportQuery, {}, ['sport_id']);
  });

  it('refuses a sport_id that is not a positive integer without leading zeros', () => {
    for (const bad of ['0', '-1', '1.5', '01', 'abc', '', ' 1', '1e3', '29x']) {
      expectFail(SportQuery, { sport_id: bad }, ['sport_id']);
    }
  });

  it('refuses unknown query parameters', () => {
    expectFail(SportQuery, { sport_id: '29', league_id: '1' });
  });
});
