import { describe, expect, it } from 'vitest';
import { isExhausted, Meter, utcDayStart } from '../../../mocks/service/state/meter';
import { RateWindow } from '../../../mocks/service/state/rate';

const T0 = Date.parse('2026-11-21T15:00:00Z');
const DAY = 86_400_000;
const charge = (cost: number, at = T0) => ({ requestId: 'req', routeId: 'events.odds', keyId: 'key', cost, at });

describe('Meter (docs/service.md, Metering: credits, windows and headers)', () => {
  it('reserves the whole envelope in both windows, settles the cost and releases the rest', () => {
    const meter = new Meter(30, 100, 50, T0);
    const r = meter.reserve(25, T0);
    expect(isExhausted(r)).toBe(false);
    expect(meter.view('daily', T0)).toMatchObject({ used: 0, in_flight: 25, committed: 25, remaining: 25 });
    meter.settle(r as Exclude<typeof r, { windows: unknown }>, charge(3));
    expect(meter.view('daily', T0)).toMatchObject({ used: 3, in_flight: 0, committed: 3, remaining: 47 });
    expect(meter.view('period', T0)).toMatchObject({ used: 3, in_flight: 0, remaining: 97 });
  });

  it('refuses what does not fit in either window, naming it, with the later reset', () => {
    const meter = new Meter(30, 100, 50, T0);
    const a = meter.reserve(50, T0);
    expect(isExhausted(a)).toBe(false);
    const b = meter.reserve(1, T0);
    expect(isExhausted(b) && b.windows).toEqual(['daily']);
    expect(isExhausted(b) && b.resetAt).toBe(utcDayStart(T0) + DAY);
    const big = meter.reserve(200, T0);
    expect(isExhausted(big) && big.windows).toEqual(['period', 'daily']);
    expect(isExhausted(big) && big.resetAt).toBe(T0 + 30 * DAY);
  });

  it('settles a reservation once only, and never charges more than its envelope', () => {
    const meter = new Meter(30, 100, 50, T0);
    const r = meter.reserve(5, T0);
    if (isExhausted(r)) throw new Error('unexpected');
    meter.settle(r, charge(9));
    meter.settle(r, charge(9));
    expect(meter.view('daily', T0)).toMatchObject({ used: 5, in_flight: 0 });
    expect(meter.charges.toArray().map((c) => c.cost)).toEqual([5]);
    expect(meter.charged).toBe(5);
  });

  it('rolls the daily window at 00:00 UTC and the period at its own reset, keeping held reservations', () => {
    const meter = new Meter(30, 100, 50, T0);
    const held = meter.reserve(10, T0);
    const done = meter.reserve(10, T0);
    if (isExhausted(held) || isExhausted(done)) throw new Error('unexpected');
    meter.settle(done, charge(10));
    const midnight = utcDayStart(T0) + DAY;
    expect(meter.view('daily', midnight - 1)).toMatchObject({ used: 10, in_flight: 10 });
    expect(meter.view('daily', midnight)).toMatchObject({ used: 0, in_flight: 10, starts_at: new Date(midnight).toISOString() });
    expect(meter.view('period', T0 + 30 * DAY)).toMatchObject({ used: 0, in_flight: 10, starts_at: new Date(T0 + 30 * DAY).toISOString() });
  });
});

describe('RateWindow (docs/service.md)', () => {
  it('admits `limit` requests per clock second', () => {
    const rate = new RateWindow();
    const second = Math.floor(T0 / 1000) * 1000;
    expect([1, 2, 3].map(() => rate.admit(second + 10, 2))).toEqual([true, true, false]);
    expect(rate.admit(second + 999, 2)).toBe(false);
    expect(rate.admit(second + 1000, 2)).toBe(true);
  });
});
