import { afterEach, describe, expect, it, vi } from 'vitest';
import { SportsOdds, SportsOddsError } from '../../src';
import { fakeClient, fakeFetch, TEST_KEY } from './fake-fetch';

const base = 'https://api.sports-odds.test';

describe('construction', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('fails clearly without a key', () => {
    vi.stubEnv('SPORTS_ODDS_API_KEY', '');
    expect(() => new SportsOdds({ baseUrl: base })).toThrow(/no API key.*SPORTS_ODDS_API_KEY/);
  });

  it('fails clearly without a base URL', () => {
    vi.stubEnv('SPORTS_ODDS_BASE_URL', '');
    expect(() => new SportsOdds({ apiKey: TEST_KEY })).toThrow(/no base URL.*SPORTS_ODDS_BASE_URL/);
  });

  it('reads the key and base URL from the environment', async () => {
    vi.stubEnv('SPORTS_ODDS_API_KEY', TEST_KEY);
    vi.stubEnv('SPORTS_ODDS_BASE_URL', `${base}/`);
    const fake = fakeFetch([{ body: [] }]);
    const odds = new SportsOdds({ fetch: fake.fetch });
    expect(odds.baseUrl).toBe(base);
    await odds.catalog.sports();
    expect(fake.seen[0]).toMatchObject({ url: `${base}/v1/catalog/sports`, authorization: `Bearer ${TEST_KEY}` });
  });

  it('lets options win over the environment', () => {
    vi.stubEnv('SPORTS_ODDS_BASE_URL', 'https://env.example');
    expect(new SportsOdds({ apiKey: TEST_KEY, baseUrl: base }).baseUrl).toBe(base);
  });

  it('refuses to send a key over plain http to a remote host', () => {
    expect(() => new SportsOdds({ apiKey: TEST_KEY, baseUrl: 'http://api.example.com' })).toThrow(SportsOddsError);
    expect(() => new SportsOdds({ apiKey: TEST_KEY, baseUrl: 'http://api.example.com' })).toThrow(/plain http/);
  });

  it.each(['http://localhost:8080', 'http://127.0.0.1:3000', 'http://127.5.6.7', 'http://[::1]:9000', 'http://mock.localhost'])(
    'allows plain http to the loopback host %s',
    (url) => {
      expect(new SportsOdds({ apiKey: TEST_KEY, baseUrl: url }).baseUrl).toBe(url.replace(/\/$/, ''));
    },
  );

  it('allows plain http anywhere only with allowInsecureHttp', () => {
    expect(new SportsOdds({ apiKey: TEST_KEY, baseUrl: 'http://10.0.0.5', allowInsecureHttp: true }).baseUrl).toBe('http://10.0.0.5');
  });

  it('rejects a relative or non-http base URL and bad numbers', () => {
    expect(() => new SportsOdds({ apiKey: TEST_KEY, baseUrl: '/v1' })).toThrow(/absolute/);
    expect(() => new SportsOdds({ apiKey: TEST_KEY, baseUrl: 'ftp://x.example' })).toThrow(/https/);
    expect(() => new SportsOdds({ apiKey: TEST_KEY, baseUrl: base, timeout: 0 })).toThrow(/timeout/);
    expect(() => new SportsOdds({ apiKey: TEST_KEY, baseUrl: base, maxRetries: 1.5 })).toThrow(/integer/);
  });

  it("takes maxRetries on the client by the rule of a call's own: a non-negative integer, or Infinity until the deadline", () => {
    for (const bad of [-1, 1.5, Number.NaN]) {
      expect(() => new SportsOdds({ apiKey: TEST_KEY, baseUrl: base, maxRetries: bad })).toThrow(
        `maxRetries must be a non-negative integer, or Infinity, got ${String(bad)}`,
      );
    }
  });

  it('retries a client with maxRetries Infinity until an answer, within the deadline', async () => {
    const { odds, fake } = fakeClient([...Array.from({ length: 6 }, () => ({ status: 503 })), { body: [] }], {
      maxRetries: Number.POSITIVE_INFINITY,
    });
    await odds.catalog.sports();
    expect(fake.seen).toHaveLength(7);
  });

  it('calls an async key function on every attempt, so a rotated key applies', async () => {
    const keys = [TEST_KEY, `svc_live_${'b'.repeat(32)}`];
    let i = 0;
    const fake = fakeFetch([{ body: [] }]);
    const odds = new SportsOdds({ apiKey: async () => keys[i++] as string, baseUrl: base, fetch: fake.fetch, cache: false });
    await odds.catalog.sports();
    await odds.catalog.sports();
    expect(fake.seen.map((s) => s.authorization)).toEqual(keys.map((k) => `Bearer ${k}`));
  });
});
