import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AbortError, NotFoundError, SportsOddsError, TimeoutError, UnavailableError } from '../../src';
import { checkMaxRetries } from '../../src/core/options/client-options';
import { type RetryPolicy, withRetry } from '../../src/core/request/retry';
import { envelope, type FakeAnswer, fakeClient, rejection } from './fake-fetch';

// p-retry is a dependency, not the project's code: the real one runs, watched, to see whether a
// call loaded the retry machinery at all.
const pRetryCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock('p-retry', async (importOriginal) => {
  const real = await importOriginal<typeof import('p-retry')>();
  return {
    ...real,
    default: (...args: Parameters<typeof real.default>) => {
      pRetryCalls.count++;
      return real.default(...args);
    },
  };
});

beforeEach(() => {
  pRetryCalls.count = 0;
});

const ok: FakeAnswer = { body: [], headers: { 'x-credits-cost': '1' } };

describe('a failed first attempt that is not retried', () => {
  it('with maxRetries 0 is thrown as it is, nothing else sent, without setting up retries', async () => {
    const { odds, fake, time } = fakeClient([{ status: 503, headers: { 'retry-after': '1' } }, ok], { maxRetries: 0 });
    const error = await rejection(odds.catalog.sports());
    expect(error).toBeInstanceOf(UnavailableError);
    expect(fake.seen).toHaveLength(1);
    expect(time.sleeps).toEqual([]);
    expect(pRetryCalls.count).toBe(0);
  });

  it('that is not retryable (404) is thrown as it is, without setting up retries', async () => {
    const { odds, fake } = fakeClient([{ status: 404 }, ok]);
    expect(await rejection(odds.catalog.sports())).toBeInstanceOf(NotFoundError);
    expect(fake.seen).toHaveLength(1);
    expect(pRetryCalls.count).toBe(0);
  });

  it('is the very error the attempt threw', async () => {
    const thrown = new NotFoundError({ status: 404, code: 'not_found', message: 'gone' });
    let calls = 0;
    const error = await rejection(
      withRetry(
        () => {
          calls++;
          return Promise.reject(thrown);
        },
        () => policy(),
      ),
    );
    expect(error).toBe(thrown);
    expect(calls).toBe(1);
    expect(pRetryCalls.count).toBe(0);
  });

  it('unlike a retryable one, which sets them up', async () => {
    const { odds, fake } = fakeClient([{ status: 503 }, ok]);
    await odds.catalog.sports();
    expect(fake.seen).toHaveLength(2);
    expect(pRetryCalls.count).toBe(1);
  });
});

describe('retries after the first', () => {
  it('stop at an answer that is not retryable, even with retries left', async () => {
    const { odds, fake, time } = fakeClient([{ status: 503, headers: { 'retry-after': '1' } }, { status: 404 }, ok], { maxRetries: 5 });
    expect(await rejection(odds.catalog.sports())).toBeInstanceOf(NotFoundError);
    expect(fake.seen).toHaveLength(2);
    expect(time.sleeps).toEqual([1_000]);
  });

  it('are not made when the retry would start exactly at the total deadline: the last error is thrown', async () => {
    const { odds, fake, time } = fakeClient([{ status: 503, body: envelope(503), headers: { 'retry-after': '8' } }, ok], {
      totalTimeout: 8_000,
    });
    const error = await rejection(odds.catalog.sports());
    expect(error).toBeInstanceOf(UnavailableError);
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect(fake.seen).toHaveLength(1);
    expect(time.sleeps).toEqual([]);
  });

  it('are made when the retry starts before the total deadline', async () => {
    const { odds, fake, time } = fakeClient([{ status: 503, headers: { 'retry-after': '7' } }, ok], { totalTimeout: 8_000 });
    await odds.catalog.sports();
    expect(fake.seen).toHaveLength(2);
    expect(time.sleeps).toEqual([7_000]);
  });

  it('stop when the call is aborted during the wait: no further attempt is made', async () => {
    const controller = new AbortController();
    let calls = 0;
    const error = await rejection(
      withRetry(
        () => {
          calls++;
          return Promise.reject(new UnavailableError({ status: 503, code: 'temporarily_unavailable', message: 'busy', retryAfter: 1 }));
        },
        () =>
          policy({
            signal: controller.signal,
            sleep: async () => {
              // Aborted while waiting, the wait itself ending normally.
              controller.abort();
            },
          }),
      ),
    );
    expect(error).toBeInstanceOf(AbortError);
    expect(calls).toBe(1);
  });
});

describe('maxRetries', () => {
  it.each([0, 3, Number.POSITIVE_INFINITY])('takes %s', (n) => {
    expect(checkMaxRetries(n)).toBe(n);
  });

  it.each([Number.NaN, -1, 1.5, Number.NEGATIVE_INFINITY])('refuses %s, naming the option', (n) => {
    expect(() => checkMaxRetries(n)).toThrow(SportsOddsError);
    expect(() => checkMaxRetries(n)).toThrow(`maxRetries must be a non-negative integer, or Infinity, got ${String(n)}`);
  });

  it("of Infinity, as a call's own option, retries until an answer comes", async () => {
    const { odds, fake } = fakeClient([
      { status: 503, headers: { 'retry-after': '1' } },
      { status: 503, headers: { 'retry-after': '1' } },
      ok,
    ]);
    await odds.catalog.sports({ maxRetries: Number.POSITIVE_INFINITY });
    expect(fake.seen).toHaveLength(3);
  });
});

function policy(overrides: Partial<RetryPolicy> = {}): RetryPolicy {
  let t = 0;
  return {
    maxRetries: 3,
    maxRetryAfter: 60_000,
    deadlineAt: 3_600_000,
    sleep: async (ms) => {
      t += ms;
    },
    now: () => t,
    random: () => 0.5,
    signal: undefined,
    ...overrides,
  };
}
