import { describe, expect, it } from 'vitest';
import { SportsOdds, SportsOddsError, type ClientOptions } from '../../src';
import { checkCount, checkDuration, checkNumber, kindOf, MAX_TIMER_MS } from '../../src/core/input-checks';
import { checkBudget, checkRequestOptions } from '../../src/core/options';

const make = (options: Record<string, unknown>) => () =>
  new SportsOdds({ apiKey: 'svc_test_key', baseUrl: 'https://api.sports-odds.test', ...(options as ClientOptions) });

/** The message of what `build` throws (a SportsOddsError), or undefined. */
const refusal = (build: () => unknown): string | undefined => {
  try {
    build();
  } catch (error) {
    expect(error).toBeInstanceOf(SportsOddsError);
    return (error as Error).message;
  }
  return undefined;
};

describe('kindOf', () => {
  it('writes a number as it is, a short string quoted, a secret only as a string, anything else by its kind', () => {
    expect([Number.NaN, -0, 1.5, Number.NEGATIVE_INFINITY].map((v) => kindOf(v))).toEqual(['NaN', '-0', '1.5', '-Infinity']);
    expect(kindOf('20k')).toBe('"20k"');
    expect(kindOf('x'.repeat(41))).toBe('a string of 41 characters');
    expect(kindOf('svc_live_secret', true)).toBe('a string');
    expect([null, undefined, true, 5n, () => 1, [], new Date(0), {}].map((v) => kindOf(v))).toEqual([
      'null',
      'undefined',
      'true',
      'a bigint (5n)',
      'a function',
      'an array',
      'a Date',
      'an object',
    ]);
  });
});

describe('the number rules', () => {
  it.each([Number.NaN, Number.POSITIVE_INFINITY, -1, 0, MAX_TIMER_MS + 1, '1000', null])('refuses %s as a duration', (bad) => {
    expect(refusal(() => checkDuration('timeout', bad))).toMatch(/^timeout must be a positive number of ms, at most 2147483647/);
  });

  it('takes a duration up to the timers limit, zero only where allowed', () => {
    expect(checkDuration('timeout', MAX_TIMER_MS)).toBe(MAX_TIMER_MS);
    expect(checkDuration('timeout', 0.5)).toBe(0.5);
    expect(checkDuration('maxRetryAfter', 0, true)).toBe(0);
  });

  it('takes Infinity only where it means no limit', () => {
    expect(checkCount('maxRetries', Number.POSITIVE_INFINITY, { infinity: true })).toBe(Number.POSITIVE_INFINITY);
    expect(refusal(() => checkCount('budget.maxCredits', Number.POSITIVE_INFINITY, { unit: 'credits' }))).toBe(
      'budget.maxCredits must be a non-negative integer of credits, got Infinity',
    );
    expect(refusal(() => checkNumber('rate', Number.NEGATIVE_INFINITY, { infinity: true }))).toBe(
      'rate must be a positive number, or Infinity, got -Infinity',
    );
  });
});

describe('the budget', () => {
  it("refuses Number('20k') (NaN), which would switch the budget off, at construction", () => {
    expect(refusal(make({ budget: { maxCredits: Number('20k') } }))).toBe(
      'budget.maxCredits must be a non-negative integer of credits, got NaN',
    );
    expect(refusal(make({ budget: { dailyFloor: -5 } }))).toBe('budget.dailyFloor must be a non-negative integer of credits, got -5');
    expect(refusal(make({ budget: { periodFloor: 2.5 } }))).toBe('budget.periodFloor must be a non-negative integer of credits, got 2.5');
    expect(refusal(make({ budget: { maxCredits: '500' } }))).toBe('budget.maxCredits must be a non-negative integer of credits, got "500"');
  });

  it('refuses a misspelt limit, which would set none', () => {
    expect(refusal(make({ budget: { maxcredits: 100 } }))).toBe(
      'budget has no option "maxcredits"; its options are maxCredits, dailyFloor, periodFloor',
    );
  });

  it('keeps a copy: the object given cannot be changed past the check later', () => {
    const given = { maxCredits: 100 };
    const budget = checkBudget(given);
    given.maxCredits = Number.NaN;
    expect(budget).toEqual({ maxCredits: 100 });
  });
});

describe('the client options', () => {
  it.each([
    [{ maxRetries: -1 }, 'maxRetries must be a non-negative integer, or Infinity, got -1'],
    [{ timeout: 2 ** 31 }, "timeout must be a positive number of ms, at most 2147483647 (the timers' limit), got 2147483648"],
    [{ validate: 'no' }, 'validate must be true or false, got "no"'],
    [{ allowInsecureHttp: 1 }, 'allowInsecureHttp must be true or false, got 1'],
    [{ logLevel: 'verbose' }, 'logLevel must be one of "debug", "info", "warn", "error", "off", got "verbose"'],
    [{ logLevel: 'toString' }, 'logLevel must be one of "debug", "info", "warn", "error", "off", got "toString"'],
    [{ fetch: 'fetch' }, 'fetch must be a function, got "fetch"'],
    [{ hooks: { beforeRequest: () => {} } }, 'hooks.beforeRequest must be an array of functions, got a function'],
    [{ hooks: { afterResponse: [null] } }, 'hooks.afterResponse[0] must be a function, got null'],
    [{ rateLimit: { requestsPerSecond: Number.NaN } }, 'rateLimit.requestsPerSecond must be a positive number, got NaN'],
    [{ rateLimit: { requestsPerSecond: 'plan' } }, `rateLimit.requestsPerSecond must be a positive number or 'account', got "plan"`],
    [{ rateLimit: 5 }, 'rateLimit must be an object with requestsPerSecond, got 5'],
    [{ coordinator: 'redis' }, 'coordinator must be an object with admit, settle, credits, readCredits methods, got "redis"'],
    [{ apiKey: 12345 }, 'apiKey must be a string or a function returning one, got 12345'],
    [{ maxRetry: 2 }, /^options has no option "maxRetry"; its options are apiKey, baseUrl, timeout/],
  ])('refuses %o at construction', (options, message) => {
    expect(refusal(make(options))).toMatch(message);
  });

  it('never quotes a key in a refusal', () => {
    expect(refusal(make({ apiKey: { key: 'svc_live_abc' } }))).toBe('apiKey must be a string or a function returning one, got an object');
  });

  it('refuses in withOptions() what it cannot change there, rather than ignoring it', () => {
    const odds = make({})();
    expect(refusal(() => odds.withOptions({ budget: { maxCredits: 5 } } as never))).toMatch(/^withOptions\(\) has no option "budget"/);
    expect(refusal(() => odds.withOptions({ timeout: Number.NaN }))).toMatch(/^timeout must be a positive number of ms/);
  });
});

describe('the options of one call', () => {
  it.each([
    [{ timeout: Number.NaN }, /^timeout must be a positive number of ms/],
    [{ totalTimeout: -1 }, /^totalTimeout must be a positive number of ms/],
    [{ maxRetries: 0.5 }, /^maxRetries must be a non-negative integer/],
    [{ validate: 0 }, 'validate must be true or false, got 0'],
    [{ signal: 'stop' }, 'signal must be an AbortSignal, got "stop"'],
    [{ retries: 2 }, /^request options has no option "retries"/],
  ])('refuses %o', (options, message) => {
    expect(refusal(() => checkRequestOptions(options))).toMatch(message);
  });

  it('rejects the call before anything is sent', async () => {
    let sent = 0;
    const odds = make({
      fetch: async () => {
        sent += 1;
        return new Response('[]');
      },
    })();
    await expect(odds.catalog.sports({ timeout: Number.NaN } as never)).rejects.toThrow(/^timeout must be a positive number of ms/);
    expect(sent).toBe(0);
  });
});
