import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoMillis, isoSeconds, isoTrimmed } from '../../src/schemas/instant-text';

/** Every instant RFC 3339 writes with four-digit years, to the millisecond. */
const instants = fc.integer({ min: Date.parse('0000-01-01T00:00:00.000Z'), max: Date.parse('9999-12-31T23:59:59.999Z') });

describe('instants as text (src/schemas/instant-text.ts)', () => {
  it('to the millisecond: always three digits of fraction', () => {
    expect(isoMillis(Date.UTC(2026, 10, 21, 15))).toBe('2026-11-21T15:00:00.000Z');
    expect(isoMillis(Date.parse('2026-11-21T15:00:59.999Z'))).toBe('2026-11-21T15:00:59.999Z');
  });

  it('to the second, as since takes it: UTC, rounded down, no fraction', () => {
    expect(isoSeconds(Date.parse('2026-11-21T15:00:00Z'))).toBe('2026-11-21T15:00:00Z');
    expect(isoSeconds(Date.parse('2026-11-21T15:00:59.999Z'))).toBe('2026-11-21T15:00:59Z');
    expect(isoSeconds(Date.parse('2026-11-21T15:00:00.001Z'))).toBe('2026-11-21T15:00:00Z');
    // Before 1970 too: down, never toward zero.
    expect(isoSeconds(-1)).toBe('1969-12-31T23:59:59Z');
    fc.assert(fc.property(instants, (ms) => Date.parse(isoSeconds(ms)) === Math.floor(ms / 1000) * 1000));
  });

  it('exact, with .000 trimmed: milliseconds only when there are any', () => {
    expect(isoTrimmed(Date.UTC(2026, 10, 21, 15))).toBe('2026-11-21T15:00:00Z');
    expect(isoTrimmed(Date.parse('2026-11-21T15:00:00.250Z'))).toBe('2026-11-21T15:00:00.250Z');
    fc.assert(
      fc.property(instants, (ms) => {
        expect(Date.parse(isoTrimmed(ms))).toBe(ms);
        expect(isoTrimmed(ms)).toBe(ms % 1000 === 0 ? isoSeconds(ms) : isoMillis(ms));
      }),
    );
  });
});
