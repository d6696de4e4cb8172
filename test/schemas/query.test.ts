import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import {
  CURSOR_MAX_LENGTH,
  LIMIT_DEFAULT,
  LIMIT_MAX,
  NoQuery,
  qBool,
  qCursor,
  qDays,
  qDecimal,
  qIntRange,
  qLimit,
  qMarket,
  lastInstantOf,
  qPositiveInt,
  query,
  qUtcDateTime,
  qUtcDateTimeOrDay,
  utcDateTime,
} from '../../src/schemas';
import { expectFail, expectOk } from './fixtures';

describe('constants (docs/service.md)', () => {
  it('limit 1..500 default 100; cursor at most 1024 characters', () => {
    expect(LIMIT_MAX).toBe(500);
    expect(LIMIT_DEFAULT).toBe(100);
    expect(CURSOR_MAX_LENGTH).toBe(1024);
  });
});

describe('qBool', () => {
  it("decodes '1', 'true' to true and '0', 'false' to false", () => {
    expect(z.decode(qBool, '1')).toBe(true);
    expect(z.decode(qBool, 'true')).toBe(true);
    expect(z.decode(qBool, '0')).toBe(false);
    expect(z.decode(qBool, 'false')).toBe(false);
  });

  it("rejects 'yes' and every other spelling", () => {
    for (const bad of ['yes', 'no', 'True', 'FALSE', 'on', '', ' 1', '01', '2']) expectFail(qBool, bad);
    expectFail(qBool, true);
  });

  it('encodes true as 1 and false as 0', () => {
    expect(z.encode(qBool, true)).toBe('1');
    expect(z.encode(qBool, false)).toBe('0');
  });
});

describe('qPositiveInt', () => {
  it('decodes positive decimal integers', () => {
    expect(z.decode(qPositiveInt, '1')).toBe(1);
    expect(z.decode(qPositiveInt, '29')).toBe(29);
    expect(z.decode(qPositiveInt, '9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("rejects '0', '-1', '1.5', '01' and other non-canonical forms", () => {
    for (const bad of ['0', '-1', '1.5', '01', '00', '+1', '1e3', '0x1f', ' 1', '1 ', '', 'abc', '12345678901234567']) {
      expectFail(qPositiveInt, bad);
    }
  });

  it('refuses an unsafe integer that would lose precision', () => {
    expectFail(qPositiveInt, '9007199254740993');
  });

  it('encodes numbers as decimal strings', () => {
    expect(z.encode(qPositiveInt, 29)).toBe('29');
  });
});

describe('qIntRange and qLimit', () => {
  it("limit: '1' and '500' accepted, '0' and '501' rejected", () => {
    expect(z.decode(qLimit, '1')).toBe(1);
    expect(z.decode(qLimit, '500')).toBe(500);
    expectFail(qLimit, '0');
    expectFail(qLimit, '501');
    expectFail(qLimit, '1.5');
    expectFail(qLimit, 'all');
  });

  it('bounds are inclusive', () => {
    const range = qIntRange(-2, 2);
    expect(z.decode(range, '-2')).toBe(-2);
    expect(z.decode(range, '2')).toBe(2);
    expectFail(range, '-3');
    expectFail(range, '3');
  });

  it('encodes into a decimal string', () => {
    expect(z.encode(qLimit, 250)).toBe('250');
  });

  it("qDays: '1' and '90' accepted, '0' and '91' rejected", () => {
    expect(z.decode(qDays, '1')).toBe(1);
    expect(z.decode(qDays, '90')).toBe(90);
    expectFail(qDays, '0');
    expectFail(qDays, '91');
  });
});

describe('qDecimal', () => {
  it('decodes signed decimals', () => {
    expect(z.decode(qDecimal(), '-3.5')).toBe(-3.5);
    expect(z.decode(qDecimal(), '1.91')).toBe(1.91);
    expect(z.decode(qDecimal(), '0')).toBe(0);
    expect(z.decode(qDecimal(), '250')).toBe(250);
  });

  it('rejects exponents, signs, bare points and words', () => {
    for (const bad of ['1e3', '+1.5', '.5', '5.', '1,5', 'NaN', 'Infinity', '', ' 1', '01.5']) expectFail(qDecimal(), bad);
  });

  it('applies bounds to the decoded value', () => {
    const price = qDecimal(z.gt(1));
    expectOk(price, '1.01');
    expectFail(price, '1');
    expectFail(price, '0.99');
  });

  it('encodes a number into a decimal string', () => {
    expect(z.encode(qDecimal(), -3.5)).toBe('-3.5');
  });
});

describe('qUtcDateTime (RFC 3339 UTC)', () => {
  it('accepts UTC timestamps with Z', () => {
    for (const good of ['2026-11-21T18:00:00Z', '2026-11-21T18:00:00.5Z', '2026-11-21T18:00:00.123Z']) {
      expect(z.decode(qUtcDateTime, good)).toBe(good);
      expectOk(utcDateTime, good);
    }
  });

  it('rejects a bare day, offsets, local times and other formats', () => {
    for (const bad of [
      '2026-11-21',
      '2026-11-21T18:00:00',
      '2026-11-21T18:00:00+00:00',
      '2026-11-21T18:00:00-05:00',
      '2026-11-21 18:00:00Z',
      '2026-13-01T00:00:00Z',
      '1763748000',
      'Sat, 21 Nov 2026 18:00:00 GMT',
      '',
    ]) {
      expectFail(qUtcDateTime, bad);
    }
  });
});

describe('qUtcDateTimeOrDay', () => {
  it('accepts a UTC timestamp or a complete UTC day', () => {
    expect(z.decode(qUtcDateTimeOrDay, '2026-11-21')).toBe('2026-11-21');
    expect(z.decode(qUtcDateTimeOrDay, '2026-11-21T18:00:00Z')).toBe('2026-11-21T18:00:00Z');
    expectOk(qUtcDateTimeOrDay, '2028-02-29');
  });

  it('rejects impossible days, partial days and offsets', () => {
    for (const bad of ['2026-02-29', '2026-11-31', '2026-11', '26-11-21', '2026-11-21T18:00:00+01:00', '']) {
      expectFail(qUtcDateTimeOrDay, bad);
    }
  });
});

describe('qCursor', () => {
  it('accepts 1 to 1024 characters', () => {
    expectOk(qCursor, 'c');
    expectOk(qCursor, 'c'.repeat(1024));
  });

  it('rejects 1025 characters and the empty string', () => {
    expectFail(qCursor, 'c'.repeat(1025));
    expectFail(qCursor, '');
  });
});

describe('qMarket', () => {
  it('accepts only the five known market families', () => {
    for (const market of ['moneyline', 'spread', 'totals', 'home_totals', 'away_totals']) expectOk(qMarket, market);
    for (const bad of ['corners', 'Moneyline', 'team_totals', '']) expectFail(qMarket, bad);
  });
});

describe('query() and NoQuery', () => {
  const Q = query({ sport_id: z.optional(qPositiveInt), live: z.optional(qBool) });

  it('decodes known parameters and encodes them back', () => {
    expect(z.decode(Q, { sport_id: '4', live: 'true' })).toEqual({ sport_id: 4, live: true });
    expect(z.encode(Q, { sport_id: 4, live: true })).toEqual({ sport_id: '4', live: '1' });
  });

  it('rejects unknown parameters', () => {
    const issues = expectFail(Q, { sport_id: '4', sportid: '4' });
    expect(issues.some((issue) => issue.code === 'unrecognized_keys')).toBe(true);
  });

  it('names the invalid parameter in the issue path', () => {
    expectFail(Q, { sport_id: '0' }, ['sport_id']);
    expectFail(Q, { live: 'yes' }, ['live']);
  });

  it('NoQuery accepts only an empty query', () => {
    expect(z.decode(NoQuery, {})).toEqual({});
    expectFail(NoQuery, { anything: '1' });
  });
});

describe('decimal parameters from floating-point numbers', () => {
  it('are sent as plain decimal text the wire pattern accepts', async () => {
    const { decimalText, ClvQuery } = await import('../../src/schemas');
    const z = await import('zod/mini');
    expect(decimalText(0.1 + 0.2)).toBe('0.3');
    expect(decimalText(1e-7)).toBe('0.0000001');
    expect(decimalText(-3.5)).toBe('-3.5');
    expect(decimalText(2)).toBe('2');
    expect(decimalText(-0)).toBe('0');
    const wire = z.encode(ClvQuery, { event_id: 1, market: 'spread', side: 'home', line: -3.5 + 1e-17, odds: 1.1 + 0.2, stake: 1e-7 });
    expect(wire).toMatchObject({ line: '-3.5', odds: '1.3', stake: '0.0000001' });
  });
});

describe('lastInstantOf: the inclusive end of starts_to (docs/service.md, Events)', () => {
  it('is a timestamp itself, and a UTC day through 23:59:59.999Z', () => {
    expect(lastInstantOf('2026-11-21T18:00:00Z')).toBe(Date.parse('2026-11-21T18:00:00Z'));
    expect(lastInstantOf('2026-11-21T18:00:00.001Z')).toBe(Date.parse('2026-11-21T18:00:00.001Z'));
    expect(lastInstantOf('2026-11-21')).toBe(Date.parse('2026-11-21T23:59:59.999Z'));
    expect(lastInstantOf('2026-11-21') + 1).toBe(Date.parse('2026-11-22T00:00:00Z'));
  });

  it('is NaN for text that is neither', () => {
    expect(lastInstantOf('soon')).toBeNaN();
  });
});
