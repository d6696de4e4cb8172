import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { Outright, OutrightsQuery, SpecialMarket, SpecialOddsSnapshot } from '../../src/schemas';
import { dataRowContract, expectFail, expectOk } from './fixtures';

const SPECIAL_FIELDS = [
  'special_id',
  'special_name',
  'bet_type',
  'category',
  'contestant_id',
  'contestant_name',
  'event_id',
  'period',
  'runner_home',
  'runner_away',
  'units',
  'cutoff',
  'opening_available',
  'closing_available',
].sort();

const propSample = {
  special_id: 1_598_211_450,
  special_name: 'Bukayo Saka Total Shots',
  bet_type: 'OVER_UNDER',
  category: 'Player Props',
  contestant_id: 1_598_211_451,
  contestant_name: 'Over',
  event_id: 1_612_345_678,
  period: 0,
  runner_home: 'Arsenal',
  runner_away: 'Chelsea',
  units: 'Shots',
  cutoff: '2026-11-21T18:00:00Z',
  opening_available: 1,
  closing_available: false,
};

const outrightSample = {
  ...propSample,
  special_id: 1_590_000_001,
  special_name: 'Premier League 2026/27 - Winner',
  bet_type: 'MULTI_WAY_HEAD_TO_HEAD',
  category: 'Futures',
  contestant_name: 'Arsenal',
  event_id: null,
  runner_home: null,
  runner_away: null,
  units: null,
  opening_available: true,
  closing_available: true,
};

const propOddsSample = {
  special_id: 1_598_211_450,
  contestant_line_id: 3_300_120_001,
  line_id: 88_412_001,
  handicap: 2.5,
  odds: 1.87,
  todds: 1.93,
  max_win: 500,
  timestamp: '2026-11-20T11:04:09Z',
};

dataRowContract('SpecialMarket', SpecialMarket, propSample);
dataRowContract('Outright', Outright, outrightSample);
dataRowContract('SpecialOddsSnapshot', SpecialOddsSnapshot, propOddsSample);

describe('SpecialMarket and Outright (docs/service.md, Props and outrights)', () => {
  it('both have exactly the same fields of docs/service.md (Props and outrights)', () => {
    expect(Object.keys(SpecialMarket.shape).sort()).toEqual(SPECIAL_FIELDS);
    expect(Object.keys(Outright.shape).sort()).toEqual(SPECIAL_FIELDS);
  });

  it('refuses a non-integer special_id or contestant_id', () => {
    expectFail(SpecialMarket, { ...propSample, special_id: '1598211450' }, ['special_id']);
    expectFail(Outright, { ...outrightSample, contestant_id: 1.5 }, ['contestant_id']);
  });

  it('accepts availability flags as boolean or integer, nothing else', () => {
    expectOk(SpecialMarket, { ...propSample, opening_available: 0, closing_available: true });
    expectFail(SpecialMarket, { ...propSample, opening_available: 'no' }, ['opening_available']);
  });
});

describe('SpecialOddsSnapshot (docs/service.md, Props and outrights)', () => {
  it('has exactly the fields of docs/service.md (Props and outrights)', () => {
    expect(Object.keys(SpecialOddsSnapshot.shape).sort()).toEqual(
      ['special_id', 'contestant_line_id', 'line_id', 'handicap', 'odds', 'todds', 'max_win', 'timestamp'].sort(),
    );
  });

  it('strips fields after todds that the spec does not show', () => {
    const parsed = expectOk(SpecialOddsSnapshot, { ...propOddsSample, source_book: 'x', limit_tier: 3 });
    expect(parsed).toEqual(propOddsSample);
  });

  it('refuses prices that are not numbers and non-integer identifiers', () => {
    expectFail(SpecialOddsSnapshot, { ...propOddsSample, odds: '1.87' }, ['odds']);
    expectFail(SpecialOddsSnapshot, { ...propOddsSample, contestant_line_id: 1.5 }, ['contestant_line_id']);
  });
});

describe('OutrightsQuery', () => {
  it('takes an optional sport_id', () => {
    expect(z.decode(OutrightsQuery, {})).toEqual({});
    expect(z.decode(OutrightsQuery, { sport_id: '29' })).toEqual({ sport_id: 29 });
    expect(z.encode(OutrightsQuery, { sport_id: 29 })).toEqual({ sport_id: '29' });
  });

  it('refuses a malformed sport_id and unknown parameters', () => {
    for (const bad of ['0', '-1', '1.5', '01']) expectFail(OutrightsQuery, { sport_id: bad }, ['sport_id']);
    expectFail(OutrightsQuery, { league_id: '1' });
  });
});
