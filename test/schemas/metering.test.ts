import { describe, expect, it } from 'vitest';
import {
  creditsForRows,
  DEFAULT_ROW_CAP,
  HISTORY_ROW_CAP,
  LIVE_CANDIDATES_READ,
  LIVE_VERIFY_CAP,
  liveCost,
  liveEnvelope,
  liveVerifyBudget,
  ordinaryEnvelope,
  ROWS_PER_CREDIT,
} from '../../src/schemas';

describe('constants (docs/service.md, Metering: credits, windows and headers)', () => {
  it('20 rows per credit, caps 500 and 5000, live 1000 read and 512 verified', () => {
    expect(ROWS_PER_CREDIT).toBe(20);
    expect(DEFAULT_ROW_CAP).toBe(500);
    expect(HISTORY_ROW_CAP).toBe(5000);
    expect(LIVE_CANDIDATES_READ).toBe(1000);
    expect(LIVE_VERIFY_CAP).toBe(512);
  });
});

describe('creditsForRows: max(1, ceil(rows / 20))', () => {
  it('an empty result costs 1', () => {
    expect(creditsForRows(0)).toBe(1);
  });

  it('rounds up to 20-row blocks', () => {
    expect(creditsForRows(1)).toBe(1);
    expect(creditsForRows(20)).toBe(1);
    expect(creditsForRows(21)).toBe(2);
    expect(creditsForRows(40)).toBe(2);
    expect(creditsForRows(41)).toBe(3);
    expect(creditsForRows(500)).toBe(25);
    expect(creditsForRows(5000)).toBe(250);
  });

  it('matches the formula over a range', () => {
    for (let rows = 0; rows <= 1000; rows += 1) {
      expect(creditsForRows(rows)).toBe(Math.max(1, Math.ceil(rows / 20)));
    }
  });
});

describe('liveVerifyBudget: min(512, max(4, 2 x limit))', () => {
  it('at least 4, twice the limit, at most 512', () => {
    expect(liveVerifyBudget(1)).toBe(4);
    expect(liveVerifyBudget(2)).toBe(4);
    expect(liveVerifyBudget(3)).toBe(6);
    expect(liveVerifyBudget(100)).toBe(200);
    expect(liveVerifyBudget(256)).toBe(512);
    expect(liveVerifyBudget(257)).toBe(512);
    expect(liveVerifyBudget(300)).toBe(512);
    expect(liveVerifyBudget(500)).toBe(512);
  });
});

describe('liveEnvelope: max(ceil(limit / 20), ceil(verify budget / 20))', () => {
  it('examples', () => {
    expect(liveEnvelope(1)).toBe(1);
    expect(liveEnvelope(20)).toBe(2);
    expect(liveEnvelope(100)).toBe(10);
    expect(liveEnvelope(300)).toBe(26);
    expect(liveEnvelope(500)).toBe(26);
  });

  it('matches the docs/service.md formula for every limit 1..500', () => {
    for (let limit = 1; limit <= 500; limit += 1) {
      const expected = Math.max(Math.ceil(limit / 20), Math.ceil(Math.min(512, Math.max(4, 2 * limit)) / 20));
      expect(liveEnvelope(limit)).toBe(expected);
    }
  });

  it('is never less than the row credits of a full page', () => {
    for (let limit = 1; limit <= 500; limit += 1) expect(liveEnvelope(limit)).toBeGreaterThanOrEqual(creditsForRows(limit));
  });
});

describe('ordinaryEnvelope: ceil(cap / 20)', () => {
  it('500 -> 25 and 5000 -> 250', () => {
    expect(ordinaryEnvelope(500)).toBe(25);
    expect(ordinaryEnvelope(5000)).toBe(250);
    expect(ordinaryEnvelope(100)).toBe(5);
    expect(ordinaryEnvelope(1)).toBe(1);
  });
});

describe('liveCost: the greater of row credits and verified work', () => {
  it('an empty live page can cost more than 1', () => {
    expect(liveCost(0, 200)).toBe(10);
    expect(liveCost(0, 0)).toBe(1);
    expect(liveCost(0, 4)).toBe(1);
    expect(liveCost(45, 20)).toBe(3);
    expect(liveCost(10, 512)).toBe(26);
  });

  it('never exceeds the envelope reserved for the page', () => {
    for (const limit of [1, 5, 50, 100, 256, 500]) {
      expect(liveCost(limit, liveVerifyBudget(limit))).toBeLessThanOrEqual(liveEnvelope(limit));
    }
  });
});
