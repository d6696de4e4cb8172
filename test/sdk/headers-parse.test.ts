import { describe, expect, it } from 'vitest';
import { parseDateHeader, parseRetryAfter } from '../../src/schemas/headers';

// docs/service.md, "Response headers": the reset headers are RFC 3339 date-times; Retry-After is seconds or an HTTP date
// (IMF-fixdate). A value is read only when it is one of those as a whole: the platform's
// Date.parse accepts more (extended years, trailing NUL, junk around an HTTP date), and a header
// the SDK cannot read for sure is absent, never a guess.
describe('date headers', () => {
  it.each([
    ['2026-11-22T10:00:00Z', '2026-11-22T10:00:00.000Z'],
    ['2026-11-22T10:00:00.250Z', '2026-11-22T10:00:00.250Z'],
    ['2026-11-22T11:00:00+01:00', '2026-11-22T10:00:00.000Z'],
    ['2026-11-22T15:30:00+05:30', '2026-11-22T10:00:00.000Z'],
    ['2026-11-22T02:00:00-08:00', '2026-11-22T10:00:00.000Z'],
    ['Sun, 22 Nov 2026 10:00:00 GMT', '2026-11-22T10:00:00.000Z'],
  ])('reads the RFC 3339 date-time or HTTP date %s, offsets given as ±hh:mm', (value, iso) => {
    expect(parseDateHeader(value)?.toISOString()).toBe(iso);
  });

  it('trims the value before reading it', () => {
    expect(parseDateHeader('  2026-11-22T11:00:00+01:00\t')?.toISOString()).toBe('2026-11-22T10:00:00.000Z');
    expect(parseDateHeader(' Sun, 22 Nov 2026 10:00:00 GMT ')?.toISOString()).toBe('2026-11-22T10:00:00.000Z');
  });

  it.each([
    ['an extended year before a date-time', '+002026-11-22T10:00:00Z'],
    ['a date-time followed by a NUL', '2026-11-22T10:00:00Z\u0000'],
    ['an offset followed by a NUL', '2026-11-22T11:00:00+01:00\u0000'],
    ['an offset of one hour digit', '2026-11-22T11:00:00+1:00'],
    ['an offset without minutes', '2026-11-22T11:00:00+01'],
    ['text before an HTTP date', 'x Sun, 22 Nov 2026 10:00:00 GMT'],
    ['an offset after an HTTP date', 'Sun, 22 Nov 2026 10:00:00 GMT+0100'],
    ['a date the platform alone would guess at', 'Nov 22 2026'],
  ])('reads nothing from %s (a value is a date-time only as a whole)', (_what, value) => {
    expect(parseDateHeader(value)).toBeUndefined();
  });

  it('reads an absent header as absent', () => {
    expect(parseDateHeader(null)).toBeUndefined();
    expect(parseRetryAfter(null, 0)).toBeUndefined();
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');

  it('reads seconds, and an HTTP date as the seconds from the answer to it (at least 1)', () => {
    expect(parseRetryAfter(' 30 ', now)).toBe(30);
    expect(parseRetryAfter('0', now)).toBe(1);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(1);
  });

  it('reads nothing from an HTTP date with anything around it', () => {
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:01:30 GMT+0100', now)).toBeUndefined();
    expect(parseRetryAfter('in Sun, 22 Nov 2026 10:01:30 GMT', now)).toBeUndefined();
  });
});
