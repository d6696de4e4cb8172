import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { ClosingLine, OddsSnapshot, OpeningLine, PriceStatus, ResultStatus } from '../../src/schemas';
import { dataRowContract, expectFail, expectOk } from './fixtures';

/** The columns marked O P C in docs/service.md, "Prices". */
const SHARED = [
  'event_id',
  'line_id',
  'alt_line_id',
  'market',
  'period',
  'line',
  'odds1',
  'odds0',
  'odds2',
  'todds1',
  'todds0',
  'todds2',
  'max_win',
  'cutoff',
  'status',
  'timestamp',
];
const SCORES = ['score_home', 'score_away'];
const RED_CARDS = ['red_cards_home', 'red_cards_away'];

const keysOf = (schema: { shape: object }) => Object.keys(schema.shape).sort();

const openingSample = {
  event_id: 1_612_345_678,
  line_id: 2_987_654_321,
  alt_line_id: null,
  market: 'spread',
  period: 0,
  line: -3.5,
  odds1: 1.91,
  odds0: null,
  odds2: 1.95,
  todds1: 1.943,
  todds0: null,
  todds2: 2.061,
  max_win: 5000,
  cutoff: '2026-11-21T18:00:00Z',
  status: PriceStatus.open,
  timestamp: '2026-11-14T09:12:44Z',
};
const oddsSample = { ...openingSample, score_home: 1, score_away: 0, red_cards_home: 0, red_cards_away: 1 };
const closingSample = { ...openingSample, score_home: 24, score_away: 17, result_status: ResultStatus.settled };

describe('price row columns (docs/service.md, Prices)', () => {
  it('OddsSnapshot has exactly the O columns: scores and red cards, no result_status', () => {
    expect(keysOf(OddsSnapshot)).toEqual([...SHARED, ...SCORES, ...RED_CARDS].sort());
    expect(keysOf(OddsSnapshot)).not.toContain('result_status');
  });

  it('OpeningLine has exactly the P columns: no scores, red cards or result_status', () => {
    expect(keysOf(OpeningLine)).toEqual([...SHARED].sort());
    for (const key of [...SCORES, ...RED_CARDS, 'result_status']) expect(keysOf(OpeningLine)).not.toContain(key);
  });

  it('ClosingLine has exactly the C columns: scores and result_status, no red cards', () => {
    expect(keysOf(ClosingLine)).toEqual([...SHARED, ...SCORES, 'result_status'].sort());
    for (const key of RED_CARDS) expect(keysOf(ClosingLine)).not.toContain(key);
  });
});

dataRowContract('OddsSnapshot', OddsSnapshot, oddsSample);
dataRowContract('OpeningLine', OpeningLine, openingSample);
dataRowContract('ClosingLine', ClosingLine, closingSample);

describe('price row values', () => {
  it('parses each of the five market families and a newer one such as corners', () => {
    for (const market of ['moneyline', 'spread', 'totals', 'home_totals', 'away_totals', 'corners']) {
      expect(expectOk(OddsSnapshot, { ...oddsSample, market })).toMatchObject({ market });
      expect(expectOk(ClosingLine, { ...closingSample, market })).toMatchObject({ market });
      expect(expectOk(OpeningLine, { ...openingSample, market })).toMatchObject({ market });
    }
  });

  it('accepts a moneyline row with null line and a draw price', () => {
    const row = { ...oddsSample, market: 'moneyline', line: null, odds1: 2.1, odds0: 3.4, odds2: 3.6 };
    expect(expectOk(OddsSnapshot, row)).toEqual(row);
  });

  it('accepts an alternate line row', () => {
    const row = { ...oddsSample, alt_line_id: 77_001, line: -4.5 };
    expect(expectOk(OddsSnapshot, row)).toEqual(row);
  });

  it('refuses non-integer identifiers, codes and counts', () => {
    for (const key of ['event_id', 'line_id', 'alt_line_id', 'period', 'status']) {
      expectFail(OddsSnapshot, { ...oddsSample, [key]: 1.5 }, [key]);
      expectFail(OddsSnapshot, { ...oddsSample, [key]: '12' }, [key]);
    }
    expectFail(OddsSnapshot, { ...oddsSample, red_cards_home: 0.5 }, ['red_cards_home']);
    expectFail(ClosingLine, { ...closingSample, result_status: 1.5 }, ['result_status']);
    expectFail(ClosingLine, { ...closingSample, result_status: 'settled' }, ['result_status']);
  });

  it('refuses prices, lines and scores that are not numbers', () => {
    for (const key of ['line', 'odds1', 'odds0', 'odds2', 'todds1', 'todds0', 'todds2', 'max_win', 'score_home', 'score_away']) {
      expectFail(OddsSnapshot, { ...oddsSample, [key]: '1.91' }, [key]);
    }
  });

  it('refuses a market or timestamp that is not a string', () => {
    expectFail(OddsSnapshot, { ...oddsSample, market: 1 }, ['market']);
    expectFail(OddsSnapshot, { ...oddsSample, timestamp: 1_763_111_564 }, ['timestamp']);
    expectFail(OddsSnapshot, { ...oddsSample, cutoff: true }, ['cutoff']);
  });

  it('drops the columns a row type does not have', () => {
    const opening = expectOk(OpeningLine, { ...openingSample, score_home: 3, red_cards_home: 1, result_status: 1 });
    expect(opening).toEqual(openingSample);
    const closing = expectOk(ClosingLine, { ...closingSample, red_cards_home: 2 });
    expect(closing).not.toHaveProperty('red_cards_home');
    const odds = expectOk(OddsSnapshot, { ...oddsSample, result_status: 1 });
    expect(odds).not.toHaveProperty('result_status');
  });

  it('parses a latest-mode array of rows', () => {
    const rows = [oddsSample, { ...oddsSample, alt_line_id: 5, line: -2.5 }];
    expect(z.parse(z.array(OddsSnapshot), rows)).toEqual(rows);
  });
});

describe('numeric codes (docs/service.md, Numeric codes and identifiers)', () => {
  it('price status: 1 open, 2 suspended, 3 off the board', () => {
    expect(PriceStatus).toEqual({ open: 1, suspended: 2, offBoard: 3 });
  });

  it('result status: 0 pending, 1 settled, 2 re-settled, 3 cancelled', () => {
    expect(ResultStatus).toEqual({ pending: 0, settled: 1, resettled: 2, cancelled: 3 });
  });
});
