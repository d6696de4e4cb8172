import { describe, expect, it, vi } from 'vitest';
import {
  AbortError,
  ConnectionError,
  InvalidParametersError,
  NotFoundError,
  QuotaExceededError,
  RateLimitError,
  SportsOdds,
  TimeoutError,
  UnavailableError,
} from '../../src';
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, retryDelay } from '../../src/core/request/retry';
import { until } from '../helpers/gate';
import { envelope, type FakeAnswer, fakeClient, rejection, TEST_KEY } from './fake-fetch';

const setup = fakeClient;

const ok: FakeAnswer = { body: [], headers: { 'x-credits-cost': '1' } };

describe('retries', () => {
  it('retries 429 rate_limited after Retry-After, without jitter', async () => {
    const { odds, fake, time } = setup([{ status: 429, headers: { 'retry-after': '1' } }, ok]);
    const { meta } = await odds.catalog.sports().withMeta();
    expect(fake.seen).toHaveLength(2);
    expect(time.sleeps).toEqual([1000]);
    expect(meta.attempts).toBe(2);
  });

  it('retries 503 with Retry-After, and 500/502/503 without it with capped full-jitter backoff', async () => {
    const { odds, fake, time } = setup([{ status: 503, headers: { 'retry-after': '2' } }, { status: 500 }, { status: 502 }, ok]);
    await odds.catalog.sports();
    expect(fake.seen).toHaveLength(4);
    expect(time.sleeps).toEqual([2000, 0.5 * BACKOFF_BASE_MS * 2, 0.5 * BACKOFF_BASE_MS * 4]);
  });

  it('retries a dropped connection', async () => {
    const { odds, fake } = setup([{ drop: true }, ok]);
    await odds.catalog.sports();
    expect(fake.seen).toHaveLength(2);
  });

  it('gives up after maxRetries and throws the last error', async () => {
    const { odds, fake, retries } = setup([{ status: 503 }], { maxRetries: 2 });
    await expect(odds.catalog.sports()).rejects.toBeInstanceOf(UnavailableError);
    expect(fake.seen).toHaveLength(3);
    expect(retries.map((r) => r.attempt)).toEqual([1, 2]);
  });

  it('throws ConnectionError when every attempt drops', async () => {
    const { odds } = setup([{ drop: true }], { maxRetries: 1 });
    const error = await rejection(odds.catalog.sports());
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).not.toBeInstanceOf(TimeoutError);
  });

  it.each([400, 401, 403, 404, 409, 410, 415])('never retries a %i', async (status) => {
    const { odds, fake, time } = setup([{ status }, ok]);
    await expect(odds.catalog.sports()).rejects.toMatchObject({ status });
    expect(fake.seen).toHaveLength(1);
    expect(time.sleeps).toEqual([]);
  });

  it('does not sleep through a quota reset past maxRetryAfter: QuotaExceededError with resetAt at once', async () => {
    const { odds, fake, time } = setup([{ status: 429, body: envelope(429, 'quota_exceeded'), headers: { 'retry-after': '36000' } }, ok]);
    const error = await rejection<QuotaExceededError>(odds.catalog.sports());
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect(error.resetAt?.toISOString()).toBe(new Date(time.now() + 36_000_000).toISOString());
    expect(fake.seen).toHaveLength(1);
    expect(time.sleeps).toEqual([]);
  });

  it('sleeps through a short quota reset within maxRetryAfter', async () => {
    const { odds, time } = setup([{ status: 429, body: envelope(429, 'quota_exceeded'), headers: { 'retry-after': '30' } }, ok], {
      maxRetryAfter: 60_000,
    });
    await odds.catalog.sports();
    expect(time.sleeps).toEqual([30_000]);
  });

  it('does not sleep through a Retry-After past the default maxRetryAfter of 60 s, though the deadline would allow it', async () => {
    const { odds, fake, time } = setup([{ status: 429, body: envelope(429, 'rate_limited'), headers: { 'retry-after': '90' } }, ok]);
    const error = await rejection<RateLimitError>(odds.catalog.sports());
    expect([error.status, error.retryAfter]).toEqual([429, 90]);
    expect(fake.seen).toHaveLength(1);
    expect(time.sleeps).toEqual([]);
  });

  it('sleeps through a Retry-After of exactly maxRetryAfter', async () => {
    const { odds, time } = setup([{ status: 429, body: envelope(429, 'rate_limited'), headers: { 'retry-after': '60' } }, ok]);
    await odds.catalog.sports();
    expect(time.sleeps).toEqual([60_000]);
  });

  it('stops retrying at the total deadline and throws the last error', async () => {
    const { odds, fake } = setup([{ status: 503, headers: { 'retry-after': '5' } }], { totalTimeout: 8_000 });
    await expect(odds.catalog.sports()).rejects.toBeInstanceOf(UnavailableError);
    expect(fake.seen).toHaveLength(2);
  });

  it('aborts a wait between retries through the signal', async () => {
    const controller = new AbortController();
    const { odds, fake } = setup([{ status: 503 }, ok], {
      sleep: async () => {
        controller.abort();
        throw new AbortError('aborted');
      },
    });
    await expect(odds.catalog.sports({ signal: controller.signal })).rejects.toBeInstanceOf(AbortError);
    expect(fake.seen).toHaveLength(1);
  });

  it('throws AbortError at once for an aborted signal, sending nothing', async () => {
    const { odds, fake } = setup([ok]);
    await expect(odds.catalog.sports({ signal: AbortSignal.abort() })).rejects.toBeInstanceOf(AbortError);
    expect(fake.seen).toHaveLength(0);
  });

  it('times out an attempt (per-attempt timeout) and retries it', async () => {
    // The attempt timers are fake: only the hanging first attempt's runs out, however slow the machine.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let calls = 0;
    const odds = new SportsOdds({
      apiKey: TEST_KEY,
      baseUrl: 'https://api.sports-odds.test',
      timeout: 20,
      sleep: async () => {},
      logLevel: 'off',
      fetch: (input) => {
        calls += 1;
        if (calls === 1) {
          return new Promise<Response>((_, reject) => {
            (input as Request).signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          });
        }
        return Promise.resolve(new Response('[]', { status: 200 }));
      },
    });
    try {
      const answer = odds.catalog.sports();
      await until(() => calls === 1);
      await vi.advanceTimersByTimeAsync(20);
      expect(await answer).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
    expect(calls).toBe(2);
    const slow = new SportsOdds({
      apiKey: TEST_KEY,
      baseUrl: 'https://api.sports-odds.test',
      timeout: 20,
      maxRetries: 0,
      logLevel: 'off',
      fetch: (input) =>
        new Promise<Response>((_, reject) => {
          (input as Request).signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    });
    const error = await rejection<TimeoutError>(slow.catalog.sports());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.deadline).toBe(false);
  });

  it('bounds an attempt by the remaining total deadline, and does not retry past it', async () => {
    let calls = 0;
    const odds = new SportsOdds({
      apiKey: TEST_KEY,
      baseUrl: 'https://api.sports-odds.test',
      timeout: 10_000,
      // Long enough for the first attempt to leave on a loaded machine (the deadline runs from the call), far
      // shorter than the attempt's own timeout: the deadline, not the attempt's timeout, ends the call.
      totalTimeout: 1_000,
      logLevel: 'off',
      fetch: (input) => {
        calls += 1;
        return new Promise<Response>((_, reject) => {
          (input as Request).signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      },
    });
    const error = await rejection<TimeoutError>(odds.catalog.sports());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.deadline).toBe(true);
    expect(calls).toBe(1);
  });

  it('times out a body that stalls after the headers', async () => {
    const odds = new SportsOdds({
      apiKey: TEST_KEY,
      baseUrl: 'https://api.sports-odds.test',
      timeout: 30,
      maxRetries: 0,
      logLevel: 'off',
      fetch: async () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('[{"sport_id":'));
            },
          }),
          { status: 200 },
        ),
    });
    const error = await rejection<TimeoutError>(odds.catalog.sports());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.deadline).toBe(false);
  });

  it('does not retry a local parameter error', async () => {
    const { odds, fake } = setup([ok]);
    await expect(odds.catalog.leagues({ sport_id: -1 })).rejects.toBeInstanceOf(InvalidParametersError);
    expect(fake.seen).toHaveLength(0);
  });
});

describe('retryDelay', () => {
  const policy = { maxRetryAfter: 60_000, random: () => 1 - Number.EPSILON };

  it('caps the exponential backoff', () => {
    const err = new UnavailableError({ status: 503, code: 'temporarily_unavailable', message: '' });
    expect(retryDelay(err, 1, policy)).toBe(BACKOFF_BASE_MS - 1);
    expect(retryDelay(err, 10, policy)).toBe(BACKOFF_CAP_MS - 1);
  });

  it('prefers Retry-After', () => {
    const err = new RateLimitError({ status: 429, code: 'rate_limited', message: '', retryAfter: 3 });
    expect(retryDelay(err, 1, policy)).toBe(3000);
  });

  it('refuses what must not be retried', () => {
    expect(retryDelay(new NotFoundError({ status: 404, code: 'not_found', message: '' }), 1, policy)).toBeUndefined();
    expect(retryDelay(new TimeoutError('late', { deadline: true }), 1, policy)).toBeUndefined();
    expect(retryDelay(new Error('bug'), 1, policy)).toBeUndefined();
    expect(retryDelay(new TimeoutError('late'), 1, policy)).toBeGreaterThanOrEqual(0);
  });
});
