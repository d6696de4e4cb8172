import { describe, expect, it } from 'vitest';
import {
  HEADER,
  parseBoolHeader,
  parseCreditHeaders,
  parseDateHeader,
  parseIntHeader,
  parseResponseHeaders,
  parseRetryAfter,
} from '../../src/schemas';

const NOW = Date.parse('2026-11-21T18:00:00Z');

/** Every header of docs/service.md's "Response headers" on one metered, truncated live-events response. */
const allHeaders = () =>
  new Headers({
    'X-Credits-Cost': '3',
    'X-Credits-Limit': '99999',
    'X-Credits-Remaining': '11111',
    'X-Credits-Period-Limit': '100000',
    'X-Credits-Period-Remaining': '58745',
    'X-Credits-Period-Reset': '2026-12-01T00:00:00Z',
    'X-Credits-Daily-Limit': '10000',
    'X-Credits-Daily-Remaining': '8771',
    'X-Credits-Daily-Reset': '2026-11-22T00:00:00Z',
    'X-Result-Rows': '42',
    'X-Result-Truncated': 'true',
    'X-Next-Cursor': 'eyJrIjoiMjAyNi0xMS0yMSJ9.c2lnbg',
    'X-Cache': 'MISS',
    'X-Request-Id': 'req_9f86d081884c7d659a2feaa0c55ad015',
    'X-Service-Origin': 'https://api.example.com',
    'Retry-After': '7',
    'WWW-Authenticate': 'Bearer realm="api", error="invalid_token"',
  });

describe('HEADER names (docs/service.md, Response headers)', () => {
  it('names every header of docs/service.md (Response headers)', () => {
    expect(Object.values(HEADER).sort()).toEqual(
      [
        'X-Credits-Cost',
        'X-Credits-Limit',
        'X-Credits-Remaining',
        'X-Credits-Period-Limit',
        'X-Credits-Period-Remaining',
        'X-Credits-Period-Reset',
        'X-Credits-Daily-Limit',
        'X-Credits-Daily-Remaining',
        'X-Credits-Daily-Reset',
        'X-Result-Rows',
        'X-Result-Truncated',
        'X-Next-Cursor',
        'X-Cache',
        'X-Request-Id',
        'X-Service-Origin',
        'Retry-After',
        'WWW-Authenticate',
      ].sort(),
    );
  });
});

describe('parseResponseHeaders', () => {
  it('reads every header of docs/service.md (Response headers) into typed values', () => {
    expect(parseResponseHeaders(allHeaders(), NOW)).toEqual({
      credits: {
        cost: 3,
        periodLimit: 100_000,
        periodRemaining: 58_745,
        periodReset: new Date('2026-12-01T00:00:00Z'),
        dailyLimit: 10_000,
        dailyRemaining: 8_771,
        dailyReset: new Date('2026-11-22T00:00:00Z'),
      },
      metered: true,
      resultRows: 42,
      truncated: true,
      nextCursor: 'eyJrIjoiMjAyNi0xMS0yMSJ9.c2lnbg',
      cache: 'MISS',
      requestId: 'req_9f86d081884c7d659a2feaa0c55ad015',
      serviceOrigin: 'https://api.example.com',
      retryAfter: 7,
      wwwAuthenticate: 'Bearer realm="api", error="invalid_token"',
    });
  });

  it('header names are case-insensitive', () => {
    const parsed = parseResponseHeaders(new Headers({ 'x-credits-cost': '1', 'x-result-rows': '0', 'x-cache': 'HIT' }));
    expect(parsed).toMatchObject({ metered: true, credits: { cost: 1 }, resultRows: 0, cache: 'HIT' });
  });

  it('an empty header set: unmetered, every field absent', () => {
    const parsed = parseResponseHeaders(new Headers(), NOW);
    expect(parsed).toEqual({ credits: {}, metered: false });
  });

  it('metered is false without X-Credits-Cost, even with other credit headers', () => {
    const parsed = parseResponseHeaders(new Headers({ 'X-Credits-Period-Limit': '100', 'X-Result-Rows': '3' }));
    expect(parsed.metered).toBe(false);
    expect(parsed.credits.cost).toBeUndefined();
  });

  it('X-Credits-Cost 0 is metered with no charge', () => {
    const parsed = parseResponseHeaders(new Headers({ 'X-Credits-Cost': '0' }));
    expect(parsed.metered).toBe(true);
    expect(parsed.credits.cost).toBe(0);
  });

  it('X-Result-Truncated: false is read as false, not absent', () => {
    expect(parseResponseHeaders(new Headers({ 'X-Result-Truncated': 'false' })).truncated).toBe(false);
  });

  it('X-Cache other than HIT or MISS reads as absent', () => {
    expect(parseResponseHeaders(new Headers({ 'X-Cache': 'HIT' })).cache).toBe('HIT');
    expect(parseResponseHeaders(new Headers({ 'X-Cache': 'STALE' }))).not.toHaveProperty('cache');
  });

  it('a malformed int64 reads as absent instead of failing the response', () => {
    const parsed = parseResponseHeaders(new Headers({ 'X-Credits-Cost': 'abc', 'X-Result-Rows': '1.5' }));
    expect(parsed).toEqual({ credits: {}, metered: false });
  });
});

describe('credit aliases', () => {
  it('X-Credits-Period-* win over the X-Credits-Limit/Remaining aliases', () => {
    const credits = parseCreditHeaders(allHeaders());
    expect(credits.periodLimit).toBe(100_000);
    expect(credits.periodRemaining).toBe(58_745);
  });

  it('the aliases are used when the period headers are absent', () => {
    const credits = parseCreditHeaders(new Headers({ 'X-Credits-Cost': '1', 'X-Credits-Limit': '10000', 'X-Credits-Remaining': '9000' }));
    expect(credits).toEqual({ cost: 1, periodLimit: 10_000, periodRemaining: 9_000 });
  });

  it('the aliases are used when the period headers are unparseable', () => {
    const credits = parseCreditHeaders(
      new Headers({ 'X-Credits-Period-Limit': 'n/a', 'X-Credits-Limit': '10000', 'X-Credits-Remaining': '9000' }),
    );
    expect(credits.periodLimit).toBe(10_000);
    expect(credits.periodRemaining).toBe(9_000);
  });

  it('each period header is chosen independently', () => {
    const credits = parseCreditHeaders(new Headers({ 'X-Credits-Period-Limit': '500', 'X-Credits-Remaining': '7' }));
    expect(credits).toEqual({ periodLimit: 500, periodRemaining: 7 });
  });
});

describe('parseIntHeader (int64)', () => {
  it('reads integers into numbers', () => {
    expect(parseIntHeader('0')).toBe(0);
    expect(parseIntHeader('42')).toBe(42);
    expect(parseIntHeader('-3')).toBeUndefined(); // every int64 header of 8.3 is a non-negative count
    expect(parseIntHeader(' 17 ')).toBe(17);
    expect(parseIntHeader('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('reads non-integers and unsafe integers as absent', () => {
    for (const bad of ['9007199254740993', '9007199254740992', '12345678901234567890', '1.5', '1e3', '0x10', '', 'abc', '12abc', '+']) {
      expect(parseIntHeader(bad), bad).toBeUndefined();
    }
    expect(parseIntHeader(null)).toBeUndefined();
  });

  it('an unsafe X-Result-Rows reads as absent in the full parse', () => {
    expect(parseResponseHeaders(new Headers({ 'X-Result-Rows': '9007199254740993' }))).not.toHaveProperty('resultRows');
  });
});

describe('parseBoolHeader', () => {
  it('reads true/false and 1/0', () => {
    expect(parseBoolHeader('true')).toBe(true);
    expect(parseBoolHeader('TRUE')).toBe(true);
    expect(parseBoolHeader('1')).toBe(true);
    expect(parseBoolHeader('false')).toBe(false);
    expect(parseBoolHeader('0')).toBe(false);
  });

  it('reads anything else as absent', () => {
    for (const bad of ['yes', 'no', '', '2']) expect(parseBoolHeader(bad)).toBeUndefined();
    expect(parseBoolHeader(null)).toBeUndefined();
  });
});

describe('parseDateHeader', () => {
  it('reads RFC 3339 and HTTP dates', () => {
    expect(parseDateHeader('2026-12-01T00:00:00Z')).toEqual(new Date(Date.UTC(2026, 11, 1)));
    expect(parseDateHeader('Tue, 01 Dec 2026 00:00:00 GMT')).toEqual(new Date(Date.UTC(2026, 11, 1)));
  });

  it('reads garbage and absence as absent', () => {
    expect(parseDateHeader('not a date')).toBeUndefined();
    expect(parseDateHeader(null)).toBeUndefined();
    expect(parseResponseHeaders(new Headers({ 'X-Credits-Daily-Reset': 'tomorrow' })).credits).toEqual({});
  });

  it('reads an RFC 3339 offset and fraction of a second, and the value without the space around it', () => {
    expect(parseDateHeader('2026-12-01T02:00:00+02:00')).toEqual(new Date(Date.UTC(2026, 11, 1)));
    expect(parseDateHeader('2026-11-30T19:00:00-05:00')).toEqual(new Date(Date.UTC(2026, 11, 1)));
    expect(parseDateHeader('2026-12-01T00:00:00.125Z')).toEqual(new Date(Date.UTC(2026, 11, 1, 0, 0, 0, 125)));
    expect(parseDateHeader('2026-12-01t00:00:00.5z')).toEqual(new Date(Date.UTC(2026, 11, 1, 0, 0, 0, 500)));
    expect(parseDateHeader(' 2026-12-01T00:00:00Z\t')).toEqual(new Date(Date.UTC(2026, 11, 1)));
    expect(parseDateHeader(' Tue, 01 Dec 2026 00:00:00 GMT ')).toEqual(new Date(Date.UTC(2026, 11, 1)));
  });

  it('refuses what Date.parse would read leniently: text before or after a date, a space for the T, an offset without its colon', () => {
    for (const value of [
      // Date.parse reads each of these (it skips a comment in parentheses, and text before an HTTP date).
      'Tue, 01 Dec 2026 00:00:00 GMT (then 2026-12-01T00:00:00Z',
      'on Tue, 01 Dec 2026 00:00:00 GMT',
      'Tue, 01 Dec 2026 00:00:00 GMT+0100',
      '2026-12-01 00:00:00Z',
      '2026-12-01T00:00:00+0200',
    ]) {
      expect(Number.isNaN(Date.parse(value)), value).toBe(false);
      expect(parseDateHeader(value), value).toBeUndefined();
    }
  });
});

describe('Retry-After', () => {
  it('integer seconds', () => {
    expect(parseRetryAfter('1', NOW)).toBe(1);
    expect(parseRetryAfter('120', NOW)).toBe(120);
  });

  it('never below 1 second', () => {
    expect(parseRetryAfter('0', NOW)).toBe(1);
  });

  it('an HTTP date becomes seconds from now, rounded up', () => {
    expect(parseRetryAfter(new Date(NOW + 30_000).toUTCString(), NOW)).toBe(30);
    expect(parseRetryAfter('Sat, 21 Nov 2026 18:01:00 GMT', NOW)).toBe(60);
    expect(parseRetryAfter(new Date(NOW + 3_600_000).toUTCString(), NOW)).toBe(3600);
  });

  it('an HTTP date in the past or now is at least 1 second', () => {
    expect(parseRetryAfter(new Date(NOW - 60_000).toUTCString(), NOW)).toBe(1);
    expect(parseRetryAfter(new Date(NOW).toUTCString(), NOW)).toBe(1);
  });

  it('absent or garbage reads as absent', () => {
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseResponseHeaders(new Headers({ 'Retry-After': 'later' }), NOW)).not.toHaveProperty('retryAfter');
  });

  it('parseResponseHeaders uses the given clock for an HTTP date', () => {
    const headers = new Headers({ 'Retry-After': new Date(NOW + 5_000).toUTCString() });
    expect(parseResponseHeaders(headers, NOW).retryAfter).toBe(5);
  });

  it("a non-integer Retry-After such as '1.5' reads as absent, not as a date", () => {
    expect(parseRetryAfter('1.5', 0)).toBeUndefined();
    expect(parseRetryAfter('120.5', NOW)).toBeUndefined();
    expect(parseResponseHeaders(new Headers({ 'X-Credits-Period-Reset': '1' }), NOW).credits).not.toHaveProperty('periodReset');
    expect(parseResponseHeaders(new Headers({ 'X-Credits-Cost': '-1' }), NOW).credits).not.toHaveProperty('cost');
  });
});
