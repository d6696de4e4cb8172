import { describe, expect, it } from 'vitest';
import { Result, ResultStatus } from '../../src/schemas';
import { dataRowContract, expectFail, expectOk } from './fixtures';

const resultSample = {
  period: 0,
  score_home: 2,
  score_away: 1,
  sets_home: null,
  sets_away: null,
  settlement_id: 7_731_020,
  status: ResultStatus.settled,
  cancellation_reason: null,
  timestamp: '2026-11-21T19:58:12Z',
};

dataRowContract('Result', Result, resultSample);

describe('Result (docs/service.md, Prices)', () => {
  it('has exactly the fields of docs/service.md (Prices)', () => {
    expect(Object.keys(Result.shape).sort()).toEqual(
      [
        'period',
        'score_home',
        'score_away',
        'sets_home',
        'sets_away',
        'settlement_id',
        'status',
        'cancellation_reason',
        'timestamp',
      ].sort(),
    );
  });

  it('accepts settlement_id as an integer or a string', () => {
    expect(expectOk(Result, { ...resultSample, settlement_id: 'rev-3' })).toMatchObject({ settlement_id: 'rev-3' });
    expect(expectOk(Result, { ...resultSample, settlement_id: 12 })).toMatchObject({ settlement_id: 12 });
  });

  it('refuses a fractional settlement_id or a boolean one', () => {
    expectFail(Result, { ...resultSample, settlement_id: 1.5 }, ['settlement_id']);
    expectFail(Result, { ...resultSample, settlement_id: true }, ['settlement_id']);
  });

  it('accepts a set-based and a cancelled result', () => {
    const tennis = { ...resultSample, score_home: 6, score_away: 4, sets_home: 2, sets_away: 1 };
    expect(expectOk(Result, tennis)).toEqual(tennis);
    const cancelled = { ...resultSample, status: ResultStatus.cancelled, cancellation_reason: 'Abandoned' };
    expect(expectOk(Result, cancelled)).toEqual(cancelled);
  });

  it('refuses a non-integer status or period', () => {
    expectFail(Result, { ...resultSample, status: 1.5 }, ['status']);
    expectFail(Result, { ...resultSample, period: '1' }, ['period']);
  });
});
