import { describe, expect, it } from 'vitest';
import { CreditLedger } from '../../src/core/coordination/budget';
import type { CreditHeaders } from '../../src/schemas/headers';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const TOMORROW = new Date('2026-11-23T00:00:00Z');
const PERIOD_END = new Date('2026-12-01T00:00:00Z');
const answer = (credits: CreditHeaders) => ({ cost: credits.cost, credits });
const full: CreditHeaders = {
  cost: 1,
  dailyLimit: 1_000,
  dailyRemaining: 900,
  dailyReset: TOMORROW,
  periodLimit: 100_000,
  periodRemaining: 90_000,
  periodReset: PERIOD_END,
};

// Each field of a window is the newest one any answer carried, whether or not the ledger was read
// between the answers (a snapshot folds the answers not read yet).
describe('a window field an answer leaves out keeps its last known value', () => {
  it('the limits, when the newest answer carries only remaining credits and resets', () => {
    const ledger = new CreditLedger();
    ledger.record(answer(full), NOW);
    ledger.record(answer({ cost: 1, dailyRemaining: 899, dailyReset: TOMORROW, periodRemaining: 89_999, periodReset: PERIOD_END }), NOW);
    const snap = ledger.snapshot();
    expect(snap.daily).toEqual({ limit: 1_000, remaining: 899, reset: TOMORROW });
    expect(snap.period).toEqual({ limit: 100_000, remaining: 89_999, reset: PERIOD_END });
  });

  it('the remaining credits, when the newest answer carries only limits and resets', () => {
    const ledger = new CreditLedger();
    ledger.record(answer(full), NOW);
    ledger.record(answer({ cost: 1, dailyLimit: 2_000, dailyReset: TOMORROW, periodLimit: 200_000, periodReset: PERIOD_END }), NOW);
    const snap = ledger.snapshot();
    expect(snap.daily).toEqual({ limit: 2_000, remaining: 900, reset: TOMORROW });
    expect(snap.period).toEqual({ limit: 200_000, remaining: 90_000, reset: PERIOD_END });
  });

  it('the resets, when the newest answer carries only limits and remaining credits', () => {
    const ledger = new CreditLedger();
    ledger.record(answer(full), NOW);
    ledger.record(answer({ cost: 1, dailyLimit: 1_000, dailyRemaining: 899, periodLimit: 100_000, periodRemaining: 89_999 }), NOW);
    const snap = ledger.snapshot();
    expect(snap.daily).toEqual({ limit: 1_000, remaining: 899, reset: TOMORROW });
    expect(snap.period).toEqual({ limit: 100_000, remaining: 89_999, reset: PERIOD_END });
  });
});
