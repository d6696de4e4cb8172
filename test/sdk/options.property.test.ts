import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BudgetExceededError, type SportsOdds, SportsOddsError, TimeoutError, type ClientOptions, type RequestOptions } from '../../src';
import { internalsOf } from '../../src/core/internals';
import { MAX_TIMER_MS } from '../../src/core/options/input-checks';
import { ordinaryEnvelope } from '../../src/schemas/metering';
import { chargesOf, sdkFor, useMockServer } from './mock-setup';

/**
 * Every public option fed arbitrary values (issue 31): each value is either accepted and honoured
 * (the client holds and uses exactly what was given), or refused with a `SportsOddsError` naming
 * the option, before anything is sent or charged (0 credits in the mock's ledger, no request).
 * Deterministic: a fixed seed (fast-check prints it, with the counterexample, on failure).
 */

const SEED = 20_261_127;
const RUNS = 60;
const newMock = useMockServer();

/** Values a user may pass by mistake, and valid ones, and anything at all. */
const anyValue = fc.oneof(
  fc.constantFrom(
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    -1,
    0,
    -0,
    0.5,
    1,
    2.5,
    100,
    MAX_TIMER_MS,
    MAX_TIMER_MS + 1,
  ),
  fc.constantFrom('20k', '100', '', 'account', 'info', 'off', true, false, null, [], {}, () => undefined, 10n),
  fc.double(),
  fc.integer({ min: -1_000, max: 1_000_000 }),
  fc.anything(),
);

type Rule = (value: unknown) => boolean;
const isNumber = (v: unknown): v is number => typeof v === 'number' && !Number.isNaN(v);
const duration: Rule = (v) => isNumber(v) && v > 0 && v <= MAX_TIMER_MS;
const count: Rule = (v) => isNumber(v) && v >= 0 && Number.isInteger(v);
const isFunction: Rule = (v) => typeof v === 'function';

/**
 * The client options: what each accepts (written from the docs of ClientOptions, not from the
 * SDK's checks) and what the client then holds (the value used).
 */
const CLIENT: Record<string, { accepts: Rule; held: (odds: SportsOdds) => unknown }> = {
  timeout: { accepts: duration, held: (o) => internalsOf(o).ctx.options.timeout },
  totalTimeout: { accepts: duration, held: (o) => internalsOf(o).ctx.options.totalTimeout },
  maxRetries: { accepts: (v) => count(v) || v === Number.POSITIVE_INFINITY, held: (o) => internalsOf(o).ctx.options.maxRetries },
  maxRetryAfter: { accepts: (v) => duration(v) || v === 0, held: (o) => internalsOf(o).ctx.options.maxRetryAfter },
  validate: { accepts: (v) => typeof v === 'boolean', held: (o) => internalsOf(o).ctx.options.validate },
  logLevel: {
    accepts: (v) => ['debug', 'info', 'warn', 'error', 'off'].includes(v as string),
    held: (o) => internalsOf(o).ctx.options.logger.level,
  },
  fetch: { accepts: isFunction, held: (o) => internalsOf(o).ctx.options.fetch },
  onCredits: { accepts: isFunction, held: (o) => internalsOf(o).ctx.options.onCredits },
  sleep: { accepts: isFunction, held: (o) => internalsOf(o).ctx.options.sleep },
  now: { accepts: isFunction, held: (o) => internalsOf(o).ctx.options.now },
  random: { accepts: isFunction, held: (o) => internalsOf(o).ctx.options.random },
  'budget.maxCredits': { accepts: count, held: (o) => internalsOf(o).ctx.options.budget.maxCredits },
  'budget.dailyFloor': { accepts: count, held: (o) => internalsOf(o).ctx.options.budget.dailyFloor },
  'budget.periodFloor': { accepts: count, held: (o) => internalsOf(o).ctx.options.budget.periodFloor },
  'rateLimit.requestsPerSecond': {
    accepts: (v) => v === 'account' || (isNumber(v) && v > 0 && v < Number.POSITIVE_INFINITY),
    held: (o) => internalsOf(o).ctx.options.rateLimit?.requestsPerSecond,
  },
};

/** `{ a: { b: value } }` for 'a.b'; an undefined value is an option left out. */
const optionOf = (path: string, value: unknown): Record<string, unknown> => {
  const [head, tail] = path.split('.') as [string, string | undefined];
  return tail === undefined ? { [head]: value } : { [head]: { [tail]: value } };
};

/** The refusal a build throws, or undefined when it built. */
function refusalOf<T>(build: () => T): { error?: unknown; built?: T } {
  try {
    return { built: build() };
  } catch (error) {
    return { error };
  }
}

describe('every client option, fed anything', () => {
  it.each(Object.keys(CLIENT))('%s: accepted and held as given, or refused by name with nothing sent', async (path) => {
    const mock = newMock();
    await mock.ready;
    const { accepts, held } = CLIENT[path] as (typeof CLIENT)[string];
    let sent = 0;
    const counting = (input: string | URL | Request, init?: RequestInit) => {
      sent += 1;
      return fetch(input, init);
    };
    await fc.assert(
      fc.asyncProperty(anyValue, async (value) => {
        fc.pre(value !== undefined);
        // The counting fetch sees every request, unless the option tried is fetch itself.
        const options = { fetch: counting, ...optionOf(path, value) } as ClientOptions;
        const { error, built } = refusalOf(() => sdkFor(mock, options).odds);
        if (accepts(value)) {
          expect(error).toBeUndefined();
          expect(held(built as SportsOdds)).toBe(value);
        } else {
          expect(error).toBeInstanceOf(SportsOddsError);
          expect((error as Error).message.startsWith(`${path} must be `)).toBe(true);
          expect(sent).toBe(0);
          expect(chargesOf(mock).charged).toBe(0);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe('the options of one call, fed anything', () => {
  const CALL: Record<keyof RequestOptions & string, Rule> = {
    timeout: duration,
    totalTimeout: duration,
    maxRetries: (v) => count(v) || v === Number.POSITIVE_INFINITY,
    validate: (v) => typeof v === 'boolean',
    signal: (v) => v instanceof AbortSignal,
    headers: (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((h) => typeof h === 'string'),
    maxAge: (v) => isNumber(v) && v >= 0 && v < Number.POSITIVE_INFINITY,
    cache: (v) => v === false,
    coalesce: (v) => v === false,
  };

  it.each(Object.keys(CALL))('%s: the call goes through, or is refused by name before anything is sent or charged', async (name) => {
    const mock = newMock();
    await mock.ready;
    const { odds, seen } = sdkFor(mock, { maxRetries: 0 });
    const accepts = CALL[name as keyof typeof CALL];
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyValue, fc.constant(new AbortController().signal)), async (value) => {
        fc.pre(value !== undefined);
        // A second apart on the mock's clock: the plan's rate limit never answers.
        mock.clock.advance(1_000);
        const before = { sent: seen.requests.length, charged: chargesOf(mock).charged };
        const outcome = await odds.events.list({ limit: 1 }, { [name]: value } as RequestOptions).then(
          () => undefined,
          (error: unknown) => error,
        );
        if (accepts(value)) {
          // Honoured: a timeout shorter than the answer takes ends the call (a deadline already past, before sending).
          if (outcome instanceof TimeoutError) expect(value).toBeLessThan(60_000);
          // A maxAge may serve the call from the cache an earlier call of the run filled: nothing sent, nothing charged.
          else if (name === 'maxAge') expect([outcome, seen.requests.length - before.sent <= 1]).toEqual([undefined, true]);
          else expect([outcome, seen.requests.length]).toEqual([undefined, before.sent + 1]);
        } else {
          expect(outcome).toBeInstanceOf(SportsOddsError);
          expect(seen.requests.length).toBe(before.sent);
          expect(chargesOf(mock).charged).toBe(before.charged);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe('the budget, honoured as given', () => {
  it('admits a call whose envelope fits maxCredits and refuses one that does not, charging nothing then', async () => {
    const mock = newMock();
    await mock.ready;
    const envelope = ordinaryEnvelope(1);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 3 * envelope }), async (maxCredits) => {
        const { odds } = sdkFor(mock, { budget: { maxCredits } });
        const charged = chargesOf(mock).charged;
        const outcome = await odds.events.list({ limit: 1 }).then(
          () => undefined,
          (error: unknown) => error,
        );
        if (envelope <= maxCredits) {
          expect(outcome).toBeUndefined();
          expect(chargesOf(mock).charged - charged).toBeLessThanOrEqual(maxCredits);
        } else {
          expect(outcome).toBeInstanceOf(BudgetExceededError);
          expect(chargesOf(mock).charged).toBe(charged);
        }
      }),
      { seed: SEED, numRuns: 30 },
    );
  });

  it("refuses Number('20k') at construction, where it used to switch the budget off and let a call through", () => {
    const mock = newMock();
    const { error } = refusalOf(() => sdkFor(mock, { budget: { maxCredits: Number('20k') } }));
    expect((error as Error).message).toBe('budget.maxCredits must be a non-negative integer of credits, got NaN');
    expect(chargesOf(mock).charged).toBe(0);
  });
});
