import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionError, SportsOdds, SportsOddsCredentials, TimeoutError, type ClientOptions, type Fetch } from '../../src';
import { until } from '../helpers/gate';
import { rejection, TEST_KEY } from './fake-fetch';

const base = 'https://api.sports-odds.test';
const sportsUrl = `${base}/v1/catalog/sports`;

const client = (fetch: Fetch, options: ClientOptions = {}) =>
  new SportsOdds({ apiKey: TEST_KEY, baseUrl: base, fetch, maxRetries: 0, logLevel: 'off', ...options });

/** A fetch that never answers, and fails once its signal aborts (as fetch does). */
const hanging = () => {
  let calls = 0;
  const fetch: Fetch = (_input, init) => {
    calls += 1;
    return new Promise<Response>((_, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  };
  return { fetch, calls: () => calls };
};

/** What fetch throws in Node when the connection fails: a `TypeError` over the system error. */
const fetchFailed = (message: string, code?: unknown) =>
  new TypeError('fetch failed', { cause: Object.assign(new Error(message), code === undefined ? {} : { code }) });

afterEach(() => vi.useRealTimers());

describe('an attempt that gets no answer in time', () => {
  it('fails as TimeoutError naming the method, the URL and the attempt timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fake = hanging();
    const call = rejection<TimeoutError>(client(fake.fetch, { timeout: 20 }).catalog.sports());
    await until(() => fake.calls() === 1);
    await vi.advanceTimersByTimeAsync(20);
    const error = await call;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.name).toBe('TimeoutError');
    expect(error.message).toBe(`GET ${sportsUrl}: no answer within 20 ms`);
    expect(error.deadline).toBe(false);
  });

  it("says the call's total deadline ran out when that, not the attempt timeout, bounded the attempt", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fake = hanging();
    const call = rejection<TimeoutError>(client(fake.fetch, { timeout: 10_000, totalTimeout: 30 }).catalog.sports());
    await until(() => fake.calls() === 1);
    await vi.advanceTimersByTimeAsync(30);
    const error = await call;
    expect(error.message).toBe(`GET ${sportsUrl}: no answer before the call's total deadline`);
    expect(error.deadline).toBe(true);
  });

  it('reports its own timeout when that ends exactly at the deadline: the per-attempt timeout bounded it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fake = hanging();
    const call = rejection<TimeoutError>(client(fake.fetch, { timeout: 5_000, totalTimeout: 5_000, now: () => 0 }).catalog.sports());
    await until(() => fake.calls() === 1);
    await vi.advanceTimersByTimeAsync(5_000);
    const error = await call;
    expect(error.message).toBe(`GET ${sportsUrl}: no answer within 5000 ms`);
    expect(error.deadline).toBe(false);
  });

  it('never reads the body of an answer that a fetch ignoring its signal delivers after the timeout: it cancels it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let deliver: (response: Response) => void = () => {};
    let cancelled = false;
    let pulled = false;
    const deaf: Fetch = () => new Promise<Response>((resolve) => (deliver = resolve));
    const call = rejection<TimeoutError>(client(deaf, { timeout: 20 }).catalog.sports());
    await vi.advanceTimersByTimeAsync(20);
    expect(await call).toBeInstanceOf(TimeoutError);
    const body = new ReadableStream(
      {
        pull() {
          pulled = true;
        },
        cancel() {
          cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    deliver(new Response(body, { status: 200 }));
    await until(() => cancelled);
    expect(pulled).toBe(false);
  });

  it('refuses a timeout longer than a timer can hold (30 days), which would end the attempt early or never', async () => {
    const month = 30 * 86_400_000;
    let sent = 0;
    const counting: Fetch = async () => {
      sent += 1;
      return new Response('[]', { status: 200 });
    };
    expect(() => client(counting, { timeout: month })).toThrow(
      'timeout must be a positive number of ms, at most 2147483647, got 2592000000',
    );
    await expect(client(counting).catalog.sports({ totalTimeout: month })).rejects.toThrow(
      /^totalTimeout must be a positive number of ms, at most 2147483647/,
    );
    expect(sent).toBe(0);
  });
});

describe('an attempt leaves nothing behind', () => {
  it('clears its timer once answered, so nothing is left to fire', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const odds = client(async () => new Response('[]', { status: 200 }));
    expect(await odds.catalog.sports()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("removes its listener from the caller's signal, answered or failed", async () => {
    const signal = new AbortController().signal;
    let answer = true;
    const odds = client(async () => {
      if (answer) return new Response('[]', { status: 200 });
      throw fetchFailed('connect ECONNREFUSED 10.0.0.1:443', 'ECONNREFUSED');
    });
    await odds.catalog.sports({ signal });
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
    answer = false;
    expect(await rejection(odds.catalog.sports({ signal, cache: false }))).toBeInstanceOf(ConnectionError);
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });
});

describe('ConnectionError says what failed, once', () => {
  it('names the method and URL, then what fetch threw and the system error under it, and keeps that as the cause', async () => {
    const thrown = fetchFailed('connect ECONNREFUSED 10.0.0.1:443', 'ECONNREFUSED');
    const error = await rejection<ConnectionError>(
      client(async () => {
        throw thrown;
      }).catalog.sports(),
    );
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.name).toBe('ConnectionError');
    expect(error.message).toBe(`GET ${sportsUrl}: fetch failed: connect ECONNREFUSED 10.0.0.1:443`);
    expect(error.cause).toBe(thrown);
  });

  it('adds the system error code when its message does not already say it', async () => {
    const error = await rejection<ConnectionError>(
      client(async () => {
        throw fetchFailed('socket hang up', 'ECONNRESET');
      }).catalog.sports(),
    );
    expect(error.message).toBe(`GET ${sportsUrl}: fetch failed: socket hang up (ECONNRESET)`);
  });

  it('adds no code that is not a string (a numeric errno)', async () => {
    const error = await rejection<ConnectionError>(
      client(async () => {
        throw fetchFailed('socket hang up', -104);
      }).catalog.sports(),
    );
    expect(error.message).toBe(`GET ${sportsUrl}: fetch failed: socket hang up`);
  });

  it('ends the chain of causes after four, even one that loops back on itself', async () => {
    const loop = new Error('loop');
    loop.cause = loop;
    const error = await rejection<ConnectionError>(
      client(async () => {
        throw new TypeError('fetch failed', { cause: loop });
      }).catalog.sports(),
    );
    expect(error.message).toBe(`GET ${sportsUrl}: fetch failed: loop: loop: loop: loop`);
  });

  it('keeps a thrown non-error that quotes the key only as a masked Error', async () => {
    const error = await rejection<ConnectionError>(
      client(async () => {
        throw `refused key ${TEST_KEY}`;
      }).catalog.sports(),
    );
    expect(error.message).toBe(`GET ${sportsUrl}: refused key ****`);
    expect(error.cause).toBeInstanceOf(Error);
    expect((error.cause as Error).name).toBe('Error');
    expect((error.cause as Error).message).toBe('refused key ****');
  });

  it('has no cause at all when fetch threw nothing', async () => {
    const error = await rejection<ConnectionError>(
      client(async () => {
        throw undefined;
      }).catalog.sports(),
    );
    expect(error).toBeInstanceOf(ConnectionError);
    expect('cause' in error).toBe(false);
  });

  it('fails a keyless call (the credential pages) the same way, with no key to mask', async () => {
    const seen: (string | null)[] = [];
    const credentials = new SportsOddsCredentials({
      baseUrl: base,
      maxRetries: 0,
      logLevel: 'off',
      fetch: async (input) => {
        seen.push((input as Request).headers.get('authorization'));
        throw fetchFailed('getaddrinfo ENOTFOUND api.sports-odds.test', 'ENOTFOUND');
      },
    });
    const error = await rejection<ConnectionError>(credentials.requestRecovery({ email: 'a@example.com', challenge_token: 'chl_1' }));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toBe(`POST ${base}/v1/recovery/requests: fetch failed: getaddrinfo ENOTFOUND api.sports-odds.test`);
    expect(seen).toEqual([null]);
  });
});

describe('the headers of each attempt', () => {
  it("carry each call's own headers and the key the key function gives now, nothing left from an earlier call", async () => {
    const seen: Record<string, string>[] = [];
    let key = TEST_KEY;
    const odds = new SportsOdds({
      apiKey: () => key,
      baseUrl: base,
      logLevel: 'off',
      cache: false,
      fetch: async (input) => {
        seen.push(Object.fromEntries((input as Request).headers));
        return new Response('[]', { status: 200 });
      },
    });
    await odds.catalog.sports({ headers: { 'x-trace': 'one' } });
    await odds.catalog.sports({ headers: { 'x-trace': 'two' } });
    await odds.catalog.sports();
    key = `svc_live_${'N3w'.repeat(10)}Nw`;
    await odds.catalog.sports();
    expect(seen.map((h) => [h['x-trace'], h.authorization])).toEqual([
      ['one', `Bearer ${TEST_KEY}`],
      ['two', `Bearer ${TEST_KEY}`],
      [undefined, `Bearer ${TEST_KEY}`],
      [undefined, `Bearer ${key}`],
    ]);
  });
});
