import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { ClosingLineValue, ClvQuery, SIDES_BY_MARKET } from '../../src/schemas';
import { dataRowContract, expectFail, expectOk } from './fixtures';

const clvSample = { closing_odds: 1.87, true_closing_odds: 1.92, expected_win: 4.1667, clv: 0.041667 };

dataRowContract('ClosingLineValue', ClosingLineValue, clvSample);

describe('ClosingLineValue (docs/service.md, CLV analysis)', () => {
  it('has exactly closing_odds, true_closing_odds, expected_win and clv', () => {
    expect(Object.keys(ClosingLineValue.shape).sort()).toEqual(['closing_odds', 'clv', 'expected_win', 'true_closing_odds']);
  });

  it('accepts a negative clv and refuses numbers sent as strings', () => {
    expectOk(ClosingLineValue, { ...clvSample, clv: -0.05, expected_win: -0.05 });
    expectFail(ClosingLineValue, { ...clvSample, clv: '0.04' }, ['clv']);
  });
});

const moneyline = { event_id: '1612345678', market: 'moneyline', side: 'home', odds: '2.10' } as const;
const spread = { event_id: '1612345678', market: 'spread', side: 'away', line: '3.5', odds: '1.95', stake: '100' } as const;

describe('ClvQuery (docs/service.md, Parameter formats, CLV analysis)', () => {
  it('decodes a moneyline bet without a line', () => {
    expect(z.decode(ClvQuery, moneyline)).toEqual({ event_id: 1_612_345_678, market: 'moneyline', side: 'home', odds: 2.1 });
  });

  it('decodes a spread bet with a line, period and stake', () => {
    expect(z.decode(ClvQuery, { ...spread, period: '1' })).toEqual({
      event_id: 1_612_345_678,
      market: 'spread',
      period: 1,
      side: 'away',
      line: 3.5,
      odds: 1.95,
      stake: 100,
    });
    expect(z.decode(ClvQuery, { ...spread, side: 'home', line: '-3.5' })).toMatchObject({ line: -3.5 });
  });

  it('encodes typed values into wire strings and decodes them back', () => {
    const typed = { event_id: 42, market: 'totals' as const, side: 'over' as const, line: 2.5, odds: 1.91, stake: 10 };
    const wire = z.encode(ClvQuery, typed);
    expect(wire).toEqual({ event_id: '42', market: 'totals', side: 'over', line: '2.5', odds: '1.91', stake: '10' });
    expect(z.decode(ClvQuery, wire)).toEqual(typed);
  });

  it('requires event_id, market, side and odds, naming the missing parameter', () => {
    for (const key of ['event_id', 'market', 'side', 'odds'] as const) {
      const { [key]: _omitted, ...rest } = moneyline;
      expectFail(ClvQuery, rest, [key]);
    }
  });

  it('refuses a malformed event_id', () => {
    for (const bad of ['0', '-1', '1.5', '01', 'abc']) expectFail(ClvQuery, { ...moneyline, event_id: bad }, ['event_id']);
  });

  it('market must be one of the five families', () => {
    for (const market of ['home_totals', 'away_totals', 'totals']) {
      expectOk(ClvQuery, { ...moneyline, market, side: 'under', line: '1.5' });
    }
    expectFail(ClvQuery, { ...moneyline, market: 'corners' }, ['market']);
    expectFail(ClvQuery, { ...moneyline, market: 'Moneyline' }, ['market']);
  });

  it('the sides that fit each market', () => {
    expect(SIDES_BY_MARKET).toEqual({
      moneyline: ['home', 'away', 'draw'],
      spread: ['home', 'away'],
      totals: ['over', 'under'],
      home_totals: ['over', 'under'],
      away_totals: ['over', 'under'],
    });
  });

  it('side must fit the market', () => {
    expectOk(ClvQuery, { ...moneyline, side: 'draw' });
    expectOk(ClvQuery, { ...moneyline, side: 'away' });
    expectFail(ClvQuery, { ...moneyline, side: 'over' }, ['side']);
    expectFail(ClvQuery, { ...spread, side: 'draw' }, ['side']);
    expectFail(ClvQuery, { ...spread, side: 'over' }, ['side']);
    expectFail(ClvQuery, { ...spread, market: 'totals', side: 'home' }, ['side']);
    expectFail(ClvQuery, { ...spread, market: 'home_totals', side: 'away' }, ['side']);
    expectFail(ClvQuery, { ...moneyline, side: 'visitor' }, ['side']);
  });

  it('line is required for spread and the totals families', () => {
    for (const [market, side] of [
      ['spread', 'home'],
      ['totals', 'over'],
      ['home_totals', 'under'],
      ['away_totals', 'over'],
    ]) {
      const { line: _line, ...withoutLine } = { ...spread, market, side };
      expectFail(ClvQuery, withoutLine, ['line']);
      expectOk(ClvQuery, { ...withoutLine, line: '2.5' });
    }
  });

  it('line is refused for moneyline', () => {
    expectFail(ClvQuery, { ...moneyline, line: '0' }, ['line']);
    expectFail(ClvQuery, { ...moneyline, line: '-1.5' }, ['line']);
  });

  it('line must be a decimal number', () => {
    for (const bad of ['three', '3,5', '1e1', '+3.5', '.5', '']) expectFail(ClvQuery, { ...spread, line: bad }, ['line']);
  });

  it('odds must be a decimal price greater than 1', () => {
    expectOk(ClvQuery, { ...moneyline, odds: '1.01' });
    for (const bad of ['1', '1.0', '0.5', '0', '-2', 'evens', '']) expectFail(ClvQuery, { ...moneyline, odds: bad }, ['odds']);
  });

  it('stake is optional and must be greater than 0', () => {
    expect(z.decode(ClvQuery, moneyline)).not.toHaveProperty('stake');
    expect(z.decode(ClvQuery, { ...moneyline, stake: '0.01' })).toMatchObject({ stake: 0.01 });
    for (const bad of ['0', '-1', '0.0', 'ten']) expectFail(ClvQuery, { ...moneyline, stake: bad }, ['stake']);
  });

  it('period is optional (default 0 on the service) and a non-negative integer', () => {
    expect(z.decode(ClvQuery, { ...moneyline, period: '0' })).toMatchObject({ period: 0 });
    for (const bad of ['-1', '1.5', 'first']) expectFail(ClvQuery, { ...moneyline, period: bad }, ['period']);
  });

  it('refuses unknown parameters', () => {
    expectFail(ClvQuery, { ...moneyline, currency: 'EUR' });
    expectFail(ClvQuery, { ...moneyline, price: '2.1' });
  });
});
