import { describe, expect, it } from 'vitest';
import { SportsOdds, SportsOddsError, type ClientOptions, type RequestOptions } from '../../src';
import { checkCount, checkDuration, checkNumber, kindOf, MAX_TIMER_MS } from '../../src/core/options/input-checks';
import { checkBudget, checkRequestOptions } from '../../src/core/options/client-options';

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
    expect([Number.NaN, 1.5, Number.NEGATIVE_INFINITY].map((v) => kindOf(v))).toEqual(['NaN', '1.5', '-Infinity']);
    expect(kindOf('20k')).toBe('"20k"');
    expect(kindOf('svc_live_secret', true)).toBe('a string');
    expect([null, undefined, true, 5n, () => 1, [], new Date(0), {}].map((v) => kindOf(v))).toEqual([
      'null',
      'undefined',
      'true',
      'a bigint',
      'a function',
      'an array',
      'an object',
      'an object',
    ]);
  });
});

describe('the number rules', () => {
  it.each([Number.NaN, Number.POSITIVE_INFINITY, -1, 0, MAX_TIMER_MS + 1, '1000', null])('refuses %s as a duration', (bad) => {
    expect(refusal(() => checkDuration('timeout', bad))).toBe(
      `timeout must be a positive number of ms, at most 2147483647, got ${kindOf(bad)}`,
    );
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
      'budget has no option "maxcredits" (did you mean maxCredits?); its options are maxCredits, dailyFloor, periodFloor',
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
    [{ timeout: 2 ** 31 }, 'timeout must be a positive number of ms, at most 2147483647, got 2147483648'],
    [{ validate: 'no' }, 'validate must be true or false, got "no"'],
    [{ allowInsecureHttp: 1 }, 'allowInsecureHttp must be true or false, got 1'],
    [{ logLevel: 'verbose' }, 'logLevel must be debug, info, warn, error or off, got "verbose"'],
    [{ logLevel: 'toString' }, 'logLevel must be debug, info, warn, error or off, got "toString"'],
    [{ logger: { info: () => {} } }, 'logger must be an object with debug, info, warn, error methods, got an object'],
    [{ fetch: 'fetch' }, 'fetch must be a function, got "fetch"'],
    [{ hooks: { beforeRequest: () => {} } }, 'hooks.beforeRequest must be an array of functions, got a function'],
    [{ hooks: { afterResponse: [null] } }, 'hooks.afterResponse must be an array of functions, got an array'],
    [
      { hooks: { beforeRequst: [] } },
      'hooks has no option "beforeRequst" (did you mean beforeRequest?); its options are beforeRequest, afterResponse, beforeRetry',
    ],
    [{ rateLimit: { requestsPerSecond: Number.NaN } }, 'rateLimit.requestsPerSecond must be a positive number, got NaN'],
    [{ rateLimit: { requestsPerSecond: 'plan' } }, `rateLimit.requestsPerSecond must be a positive number or 'account', got "plan"`],
    [{ rateLimit: 5 }, 'rateLimit must be an object, got 5'],
    [{ coordinator: 'redis' }, 'coordinator must be an object with admit, settle, credits, readCredits methods, got "redis"'],
    [{ apiKey: 12345 }, 'apiKey must be a string or a function, got 12345'],
    [{ now: Date.now() }, /^now must be a function, got \d+$/],
    [{ tracing: true }, 'tracing must be an object, got true'],
  ])('refuses %o at construction', (options, message) => {
    expect(refusal(make(options))).toMatch(message);
  });

  it('never quotes a key in a refusal', () => {
    expect(refusal(make({ apiKey: { key: 'svc_live_abc' } }))).toBe('apiKey must be a string or a function, got an object');
  });

  it('checks the options of withOptions() as those of the client', () => {
    const odds = make({})();
    expect(refusal(() => odds.withOptions({ timeout: Number.NaN }))).toMatch(/^timeout must be a positive number of ms/);
    expect(refusal(() => odds.withOptions({ fetch: {} as never }))).toBe('fetch must be a function, got an object');
  });
});

describe('the options of one call', () => {
  it.each([
    [{ timeout: Number.NaN }, /^timeout must be a positive number of ms/],
    [{ totalTimeout: -1 }, /^totalTimeout must be a positive number of ms/],
    [{ maxRetries: 0.5 }, /^maxRetries must be a non-negative integer/],
    [{ validate: 0 }, 'validate must be true or false, got 0'],
    [{ signal: 'stop' }, 'signal must be an object with addEventListener methods, got "stop"'],
  ])('refuses %o', (options, message) => {
    expect(refusal(() => checkRequestOptions(options as RequestOptions))).toMatch(message);
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
