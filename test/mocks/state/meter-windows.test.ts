import { describe, expect, it } from 'vitest';
import { isExhausted, Meter, type Reservation } from '../../../mocks/service/state/meter';

/** The two windows of an account's meter (docs/service.md, "Metering: credits, windows and headers") where they start, and what a charge leaves behind. */

const DAY = 86_400_000;
const ANCHOR = Date.parse('2026-11-21T15:00:00Z');
const DAY_START = Date.parse('2026-11-21T00:00:00Z');
const charge = (cost: number, at: number) => ({ requestId: 'req', routeId: 'events.odds', keyId: 'key', cost, at });
const held = (r: ReturnType<Meter['reserve']>): Reservation => {
  if (isExhausted(r)) throw new Error(`refused: ${r.windows.join(', ')}`);
  return r;
};
const iso = (ms: number) => new Date(ms).toISOString();

describe('Meter: its windows', () => {
  it('keeps what the first period charged for the whole period, not only at its first instant', () => {
    const meter = new Meter(30, 1_000, 100, ANCHOR);
    meter.settle(held(meter.reserve(25, ANCHOR)), charge(3, ANCHOR));
    for (const at of [ANCHOR + 1_000, ANCHOR + 29 * DAY]) {
      expect(meter.view('period', at)).toMatchObject({
        starts_at: iso(ANCHOR),
        resets_at: iso(ANCHOR + 30 * DAY),
        used: 3,
        remaining: 997,
      });
    }
  });

  it('does not move its first windows when the clock is set back before it started', () => {
    const meter = new Meter(30, 1_000, 100, ANCHOR);
    const before = ANCHOR - DAY;
    expect(meter.view('period', before)).toMatchObject({ starts_at: iso(ANCHOR), resets_at: iso(ANCHOR + 30 * DAY) });
    expect(meter.view('daily', before)).toMatchObject({ starts_at: iso(DAY_START), resets_at: iso(DAY_START + DAY) });
  });

  it('records no charge for a request settled at 0 credits, and releases its reservation', () => {
    const meter = new Meter(30, 1_000, 100, ANCHOR);
    meter.settle(held(meter.reserve(25, ANCHOR)), charge(0, ANCHOR));
    expect(meter.charges.length).toBe(0);
    expect(meter.charged).toBe(0);
    expect(meter.view('daily', ANCHOR)).toMatchObject({ used: 0, in_flight: 0, remaining: 100 });
  });

  it('applies a plan change at once: new limits, the windows keep what they used and hold', () => {
    const meter = new Meter(30, 1_000, 100, ANCHOR);
    meter.settle(held(meter.reserve(25, ANCHOR)), charge(4, ANCHOR));
    held(meter.reserve(10, ANCHOR));
    meter.setLimits(5_000, 500, 30);
    expect(meter.view('period', ANCHOR)).toMatchObject({ limit: 5_000, used: 4, in_flight: 10, remaining: 4_986 });
    expect(meter.view('daily', ANCHOR)).toMatchObject({ limit: 500, used: 4, in_flight: 10, remaining: 486 });
  });
});
