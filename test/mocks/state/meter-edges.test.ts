import { describe, expect, it } from 'vitest';
import { isExhausted, Meter, type Reservation } from '../../../mocks/service/state/meter';

const DAY = 86_400_000;
const MIDNIGHT = Date.parse('2026-11-22T00:00:00Z');
const charge = (cost: number, at: number) => ({ requestId: 'req', routeId: 'events.odds', keyId: 'key', cost, at });
const held = (r: ReturnType<Meter['reserve']>): Reservation => {
  if (isExhausted(r)) throw new Error(`refused: ${r.windows.join(', ')}`);
  return r;
};

describe('Meter: the edges of its windows', () => {
  it('admits an envelope that fits the plan period exactly, and nothing past it', () => {
    const meter = new Meter(30, 100, 1_000, MIDNIGHT);
    const r = held(meter.reserve(100, MIDNIGHT));
    expect(meter.view('period', MIDNIGHT)).toMatchObject({ in_flight: 100, remaining: 0 });
    expect(isExhausted(meter.reserve(1, MIDNIGHT))).toBe(true);
    meter.settle(r, charge(100, MIDNIGHT));
    expect(meter.view('period', MIDNIGHT)).toMatchObject({ used: 100, remaining: 0 });
  });

  it('admits an envelope that fits the daily guard exactly, and nothing past it', () => {
    const meter = new Meter(30, 10_000, 40, MIDNIGHT);
    held(meter.reserve(40, MIDNIGHT));
    const refused = meter.reserve(1, MIDNIGHT);
    expect(isExhausted(refused) && refused.windows).toEqual(['daily']);
  });

  it('charges a request reserved before 00:00 UTC and settled after it to the new day, and releases the old reservation', () => {
    const meter = new Meter(30, 10_000, 1_000, MIDNIGHT - 10 * DAY);
    const r = held(meter.reserve(25, MIDNIGHT - 100));
    expect(meter.view('daily', MIDNIGHT - 100)).toMatchObject({ used: 0, in_flight: 25 });
    meter.settle(r, charge(3, MIDNIGHT + 100));
    const daily = meter.view('daily', MIDNIGHT + 100);
    expect(daily).toMatchObject({ starts_at: new Date(MIDNIGHT).toISOString(), used: 3, in_flight: 0, remaining: 997 });
    expect(meter.creditsOn(MIDNIGHT)).toBe(3);
    expect(meter.creditsOn(MIDNIGHT - DAY)).toBe(0);
  });

  it('charges a request reserved before the plan period resets and settled after it to the new period', () => {
    const anchor = MIDNIGHT - 30 * DAY + 12 * 3_600_000; // the period resets at 12:00 UTC today
    const reset = anchor + 30 * DAY;
    const meter = new Meter(30, 500, 1_000, anchor);
    held(meter.reserve(5, anchor)); // still running at the reset: its reservation stays held
    meter.settle(held(meter.reserve(5, anchor)), charge(5, anchor)); // the closed period's charge
    const r = held(meter.reserve(25, reset - 100));
    meter.settle(r, charge(4, reset + 100));
    expect(meter.view('period', reset + 100)).toMatchObject({ starts_at: new Date(reset).toISOString(), used: 4, remaining: 500 - 4 - 5 });
  });
});

describe('Meter: the charges it keeps (docs/service.md, Account and key routes: every usage window reads at most 90 days)', () => {
  it('keeps a charge for 90 days of mock time, the longest usage window, and drops it after', () => {
    const meter = new Meter(30, 10_000, 1_000, MIDNIGHT - 200 * DAY);
    const at = (t: number) => meter.settle(held(meter.reserve(1, t)), charge(1, t));
    at(MIDNIGHT - 90 * DAY);
    at(MIDNIGHT - 1);
    at(MIDNIGHT);
    expect(meter.charges.toArray().map((c) => c.at)).toEqual([MIDNIGHT - 90 * DAY, MIDNIGHT - 1, MIDNIGHT]);
    at(MIDNIGHT + 1);
    expect(meter.charges.toArray().map((c) => c.at)).toEqual([MIDNIGHT - 1, MIDNIGHT, MIDNIGHT + 1]);
  });
});
