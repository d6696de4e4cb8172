import { describe, expect, it } from 'vitest';
import { CreditLedger } from '../../src/core/coordination/budget';
import type { CreditHeaders } from '../../src/schemas/headers';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const clock = () => NOW;
const TOMORROW = new Date('2026-11-23T00:00:00Z');
const PERIOD_END = new Date('2026-12-01T00:00:00Z');
const answer = (credits: CreditHeaders) => ({ cost: credits.cost, credits });
const full = (dailyRemaining: number, periodRemaining: number): CreditHeaders => ({
  cost: 1,
  dailyLimit: 1_000,
  dailyRemaining,
  dailyReset: TOMORROW,
  periodLimit: 100_000,
  periodRemaining,
  periodReset: PERIOD_END,
});
const refusal = (admit: () => void) => {
  try {
    admit();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('the budget guard at its edges', () => {
  it('admits an envelope that fits maxCredits exactly, with calls in flight counted', () => {
    const ledger = new CreditLedger({ maxCredits: 50 });
    ledger.admit(30, clock);
    ledger.admit(20, clock);
    expect(refusal(() => ledger.admit(1, clock))).toMatchObject({ limit: 'maxCredits', envelope: 1, available: 0 });
    ledger.release(20);
    ledger.admit(20, clock);
  });

  it.each([
    ['dailyFloor', { dailyFloor: 50 }, full(100, 100_000)],
    ['periodFloor', { periodFloor: 50 }, full(1_000, 100)],
  ] as const)('keeps the %s: calls in flight count against it, and an exact fit is admitted', (limit, budget, headers) => {
    const ledger = new CreditLedger(budget);
    ledger.record(answer(headers), NOW); // 100 remain in the guarded window
    ledger.admit(30, clock); // in flight: 100 - 30 - 50 = 20 left above the floor
    expect(refusal(() => ledger.admit(21, clock))).toMatchObject({ limit, envelope: 21, available: 20 });
    ledger.admit(20, clock);
    expect(ledger.snapshot().reserved).toBe(50);
  });

  it('judges a floor on the clock it is given: a report is stale from its reset on, not before', () => {
    const ledger = new CreditLedger({ dailyFloor: 50 });
    ledger.record(answer(full(60, 100_000)), NOW);
    expect(refusal(() => ledger.admit(11, () => TOMORROW.getTime() - 1))).toMatchObject({ limit: 'dailyFloor' });
    ledger.admit(11, () => TOMORROW.getTime());
  });
});

describe('the windows the ledger keeps', () => {
  it('keeps the last known limit and reset when an answer carries only some credit headers', () => {
    const ledger = new CreditLedger();
    ledger.record(answer(full(900, 90_000)), NOW);
    expect(ledger.snapshot().daily).toEqual({ limit: 1_000, remaining: 900, reset: TOMORROW });
    ledger.record(answer({ cost: 2, dailyRemaining: 898 }), NOW + 1);
    const snap = ledger.snapshot();
    expect(snap.daily).toEqual({ limit: 1_000, remaining: 898, reset: TOMORROW });
    expect(snap.period).toEqual({ limit: 100_000, remaining: 90_000, reset: PERIOD_END });
    expect([snap.spent, snap.meteredCalls, snap.updatedAt]).toEqual([3, 2, new Date(NOW + 1)]);
  });

  it('takes each field from the newest answer that carries it, across answers not read yet', () => {
    const ledger = new CreditLedger();
    ledger.record(answer(full(900, 90_000)), NOW);
    ledger.record(answer({ cost: 1, dailyRemaining: 899, periodLimit: 200_000 }), NOW);
    ledger.record(answer({ cost: 1, periodRemaining: 89_000 }), NOW);
    ledger.record(answer({ cost: 1 }), NOW);
    const snap = ledger.snapshot();
    expect(snap.daily).toEqual({ limit: 1_000, remaining: 899, reset: TOMORROW });
    expect(snap.period).toEqual({ limit: 200_000, remaining: 89_000, reset: PERIOD_END });
  });

  it('folds in answers past its bound of pending ones exactly as if it had read each in turn', () => {
    const ledger = new CreditLedger();
    for (let i = 0; i < 100; i++) ledger.record(answer(i === 40 ? full(500, 50_000) : { cost: 1, dailyRemaining: 1_000 - i }), NOW);
    expect(ledger.snapshot().daily).toEqual({ limit: 1_000, remaining: 901, reset: TOMORROW });
    expect(ledger.snapshot().period).toEqual({ limit: 100_000, remaining: 50_000, reset: PERIOD_END });
  });

  it('does not count an unmetered answer, nor let it touch the windows', () => {
    const ledger = new CreditLedger();
    expect(ledger.record(answer({ dailyRemaining: 5 }), NOW)).toBe(false);
    const snap = ledger.snapshot();
    expect([snap.spent, snap.meteredCalls, snap.daily, snap.updatedAt]).toEqual([0, 0, {}, undefined]);
  });

  it('hands out copies: changing a snapshot does not change the ledger', () => {
    const ledger = new CreditLedger();
    ledger.record(answer(full(900, 90_000)), NOW);
    const snap = ledger.snapshot();
    snap.daily.remaining = 0;
    snap.period.limit = 0;
    expect(ledger.snapshot().daily.remaining).toBe(900);
    expect(ledger.snapshot().period.limit).toBe(100_000);
  });
});
