import { describe, expect, it } from 'vitest';
import { AbortError, SportsOdds, TimeoutError, type Logger, type ResponseInfo, type RetryInfo } from '../../src';
import { newGate, until } from '../helpers/gate';
import { sdkFor, useMockServer } from './mock-setup';
import { envelope, fakeFetch, rejection, TEST_KEY, virtualTime } from './fake-fetch';

const base = 'https://api.sports-odds.test';
const sportsUrl = `${base}/v1/catalog/sports`;

/** A client on virtual time that records every retry its hooks see. */
const retryRecordingClient = (time: ReturnType<typeof virtualTime>, fetch: typeof globalThis.fetch, retries: RetryInfo[]) =>
  new SportsOdds({
    apiKey: TEST_KEY,
    baseUrl: base,
    logLevel: 'off',
    now: time.now,
    sleep: time.sleep,
    fetch,
    hooks: { beforeRetry: [(info) => void retries.push(info)] },
  });
describe("the call's total deadline", () => {
  it('is checked again once the key is in hand: a key function that used up the deadline sends nothing', async () => {
    const time = virtualTime();
    const fake = fakeFetch([{ body: [] }]);
    const odds = new SportsOdds({
      // A slow vault: reading the key takes exactly the whole deadline.
      apiKey: async () => {
        time.advance(5_000);
        return TEST_KEY;
      },
      baseUrl: base,
      fetch: fake.fetch,
      totalTimeout: 5_000,
      logLevel: 'off',
      now: time.now,
      sleep: time.sleep,
    });
    const error = await rejection<TimeoutError>(odds.catalog.sports());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toBe(`GET ${sportsUrl}: the call's total deadline passed`);
    expect(error.deadline).toBe(true);
    expect(fake.seen).toEqual([]);
  });
});

describe('what a call tells its hooks and its debug log', () => {
  it('gives afterResponse the request, its status, its metadata and how long it took on the client clock', async () => {
    const time = virtualTime();
    const seen: ResponseInfo[] = [];
    const odds = new SportsOdds({
      apiKey: TEST_KEY,
      baseUrl: base,
      logLevel: 'off',
      now: time.now,
      sleep: time.sleep,
      fetch: async () => {
        time.advance(250);
        return new Response('[]', { status: 200, headers: { 'x-request-id': 'req_after', 'x-credits-cost': '1' } });
      },
      hooks: { afterResponse: [(info) => void seen.push(info)] },
    });
    await odds.catalog.sports();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ routeId: 'catalog.sports', method: 'GET', url: sportsUrl, attempt: 1, status: 200, durationMs: 250 });
    expect(seen[0]?.meta.requestId).toBe('req_after');
  });

  it('gives beforeRetry the route, the failed attempt, the wait and the error', async () => {
    const time = virtualTime();
    const retries: RetryInfo[] = [];
    const fake = fakeFetch([{ status: 503, body: envelope(503), headers: { 'retry-after': '2' } }, { body: [] }]);
    const odds = retryRecordingClient(time, fake.fetch, retries);
    await odds.catalog.sports();
    expect(retries).toHaveLength(1);
    expect(retries[0]).toMatchObject({ routeId: 'catalog.sports', attempt: 1, delayMs: 2_000 });
    expect(retries[0]?.error.name).toBe('UnavailableError');
  });

  it('logs each attempt and its answer at debug level, and each retry at info', async () => {
    const time = virtualTime();
    const lines: { message: string; args: unknown[] }[] = [];
    const record = (message: string, ...args: unknown[]) => void lines.push({ message, args });
    const logger: Logger = { debug: record, info: record, warn: record, error: record };
    const fake = fakeFetch([
      { status: 503, body: envelope(503), headers: { 'retry-after': '1' } },
      { body: [], headers: { 'x-request-id': 'req_ok', 'x-credits-cost': '1' } },
    ]);
    const odds = new SportsOdds({
      apiKey: TEST_KEY,
      baseUrl: base,
      logger,
      logLevel: 'debug',
      now: time.now,
      sleep: time.sleep,
      fetch: fake.fetch,
    });
    await odds.catalog.sports();
    expect(lines.map((l) => l.message)).toEqual([
      `sports-odds: GET ${sportsUrl} (attempt 1)`,
      `sports-odds: 503 GET ${sportsUrl}`,
      `sports-odds: retrying catalog.sports in 1000 ms after attempt 1: 503 temporarily_unavailable: fake temporarily_unavailable (request req_00000000000000000000000000000003)`,
      `sports-odds: GET ${sportsUrl} (attempt 2)`,
      `sports-odds: 200 GET ${sportsUrl}`,
    ]);
    expect(lines[4]?.args).toEqual([{ requestId: 'req_ok', cost: 1 }]);
  });
});

describe('which answers are data', () => {
  it('takes every 2xx answer as a success, the last of the family too', async () => {
    const odds = new SportsOdds({ apiKey: TEST_KEY, baseUrl: base, logLevel: 'off', fetch: fakeFetch([{ status: 299, body: [] }]).fetch });
    expect(await odds.catalog.sports()).toEqual([]);
  });

  it('takes a 3xx that reached the SDK as an error, not as data', async () => {
    const odds = new SportsOdds({
      apiKey: TEST_KEY,
      baseUrl: base,
      logLevel: 'off',
      maxRetries: 0,
      fetch: fakeFetch([{ status: 300, body: [] }]).fetch,
    });
    const error = await rejection<{ status: number }>(odds.catalog.sports());
    expect(error.status).toBe(300);
  });
});

describe('Retry-After given as an HTTP date', () => {
  it("counts from the service's clock (the answer's Date), not from a skewed client clock", async () => {
    const time = virtualTime(Date.parse('2026-11-21T12:00:00Z'));
    const retries: RetryInfo[] = [];
    // The service's clock is an hour ahead of the client's.
    const fake = fakeFetch([
      {
        status: 503,
        body: envelope(503),
        headers: { date: 'Sat, 21 Nov 2026 13:00:00 GMT', 'retry-after': 'Sat, 21 Nov 2026 13:00:30 GMT' },
      },
      { body: [] },
    ]);
    const odds = retryRecordingClient(time, fake.fetch, retries);
    expect(await odds.catalog.sports()).toEqual([]);
    expect(retries.map((r) => r.delayMs)).toEqual([30_000]);
  });
});

describe('a call whose signal has already aborted', () => {
  it('does nothing at all: no parameter check, no key read, no hook, no request', async () => {
    let keyReads = 0;
    const hooked: unknown[] = [];
    const fake = fakeFetch([{ body: [] }]);
    const odds = new SportsOdds({
      apiKey: () => {
        keyReads += 1;
        return TEST_KEY;
      },
      baseUrl: base,
      logLevel: 'off',
      fetch: fake.fetch,
      hooks: { beforeRequest: [(info) => void hooked.push(info)] },
    });
    const signal = AbortSignal.abort();
    expect(await rejection(odds.catalog.sports({ signal }))).toBeInstanceOf(AbortError);
    // Even parameters the call would refuse are not looked at: the abort comes first.
    expect(await rejection(odds.catalog.leagues({ sport_id: -1 }, { signal }))).toBeInstanceOf(AbortError);
    expect(keyReads).toBe(0);
    expect(hooked).toEqual([]);
    expect(fake.seen).toEqual([]);
  });
});

describe('the reservation of a call in flight', () => {
  const newMock = useMockServer();

  it('holds the envelope only while the call is in flight, then gives it back, answered or refused', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock, { maxRetries: 0, budget: { maxCredits: 10_000 } });
    const gate = newGate();
    mock.faults.inject({ route: 'catalog.sports', hold: gate.opened });
    const call = odds.catalog.sports();
    await until(() => odds.credits.reserved > 0);
    gate.open();
    await call;
    expect(odds.credits.reserved).toBe(0);
    expect(await rejection(odds.events.results(999_999_999))).toMatchObject({ name: 'NotFoundError' });
    expect(odds.credits.reserved).toBe(0);
  });

  it('reserves nothing for an unmetered call', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock, { budget: { maxCredits: 10_000 } });
    await odds.account.get();
    expect(odds.credits.reserved).toBe(0);
  });
});
