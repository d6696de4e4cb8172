import { afterEach, describe, expect, it, vi } from 'vitest';
import { SportsOdds, SportsOddsCredentials, SportsOddsError, type ClientOptions, type Logger } from '../../src';
import { fakeFetch, TEST_KEY, virtualTime } from './fake-fetch';

const base = 'https://api.sports-odds.test';
const make = (options: ClientOptions) => () => new SportsOdds({ apiKey: TEST_KEY, baseUrl: base, ...options });

/** The error a constructor throws. */
const thrown = (build: () => unknown): SportsOddsError => {
  try {
    build();
  } catch (error) {
    return error as SportsOddsError;
  }
  throw new Error('expected the constructor to throw');
};

afterEach(() => vi.unstubAllEnvs());

describe('the base URL', () => {
  it('names what is wrong with it', () => {
    expect(thrown(make({ baseUrl: '/v1' })).message).toBe('baseUrl must be an absolute URL, got "/v1"');
    expect(thrown(make({ baseUrl: 'ftp://files.example' })).message).toBe('baseUrl must use https:, got ftp:');
    expect(thrown(make({ baseUrl: 'http://api.example.com' })).message).toBe(
      'refusing to send the API key over plain http:// to api.example.com; use https://, a loopback host, or allowInsecureHttp: true',
    );
  });

  it.each(['https://api.sports-odds.test/?region=eu', 'https://api.sports-odds.test/#top', 'https://api.sports-odds.test/v2?'])(
    'refuses %s: a query or fragment would end up inside every call URL',
    (baseUrl) => {
      const error = thrown(make({ baseUrl }));
      expect(error).toBeInstanceOf(SportsOddsError);
      expect(error.message).toBe('baseUrl must not carry a query or fragment');
    },
  );

  it.each(['http://127.0.0.1.example.com', 'http://localhost.example.com', 'http://my-localhost', 'http://[::2]'])(
    'refuses plain http to %s, which only looks like a loopback host',
    (baseUrl) => {
      expect(thrown(make({ baseUrl })).message).toMatch(/^refusing to send the API key over plain http:\/\//);
    },
  );

  it.each(['http://127.10.200.30', 'http://127.0.0.1', 'http://localhost', 'http://api.localhost'])(
    'allows plain http to the loopback host %s',
    (baseUrl) => {
      expect(make({ baseUrl })().baseUrl).toBe(baseUrl);
    },
  );

  it('allows https anywhere, whatever allowInsecureHttp says', () => {
    expect(make({ baseUrl: 'https://api.example.com/', allowInsecureHttp: false })().baseUrl).toBe('https://api.example.com');
  });

  it('drops every trailing slash, so a route never starts with an empty segment', () => {
    expect(make({ baseUrl: 'https://api.example.com/v2//' })().baseUrl).toBe('https://api.example.com/v2');
    expect(make({ baseUrl: 'https://api.example.com///' })().baseUrl).toBe('https://api.example.com');
  });

  it('refuses an empty apiKey, rather than sending an empty bearer or falling back to the environment', () => {
    vi.stubEnv('SPORTS_ODDS_API_KEY', TEST_KEY);
    expect(thrown(() => new SportsOdds({ apiKey: '', baseUrl: base })).message).toMatch(/^no API key/);
  });

  it('reads the environment trimmed, and takes a blank variable as unset', () => {
    vi.stubEnv('SPORTS_ODDS_BASE_URL', `  ${base}  `);
    vi.stubEnv('SPORTS_ODDS_API_KEY', ` ${TEST_KEY}\n`);
    const fake = fakeFetch([{ body: [] }]);
    const odds = new SportsOdds({ fetch: fake.fetch });
    expect(odds.baseUrl).toBe(base);
    vi.stubEnv('SPORTS_ODDS_BASE_URL', '   ');
    expect(thrown(() => new SportsOdds({ apiKey: TEST_KEY })).message).toMatch(/^no base URL/);
    vi.stubEnv('SPORTS_ODDS_API_KEY', ' \t ');
    expect(thrown(() => new SportsOdds({ baseUrl: base })).message).toMatch(/^no API key/);
  });

  it('sends the key read from the environment trimmed', async () => {
    vi.stubEnv('SPORTS_ODDS_API_KEY', ` ${TEST_KEY}\n`);
    const fake = fakeFetch([{ body: [] }]);
    await new SportsOdds({ baseUrl: base, fetch: fake.fetch, logLevel: 'off' }).catalog.sports();
    expect(fake.seen[0]?.authorization).toBe(`Bearer ${TEST_KEY}`);
  });

  it("refuses an empty baseUrl as missing, rather than reading the environment's", () => {
    vi.stubEnv('SPORTS_ODDS_BASE_URL', base);
    expect(thrown(make({ baseUrl: '' })).message).toBe(
      'no base URL: pass new SportsOdds({ baseUrl }) or set the SPORTS_ODDS_BASE_URL environment variable',
    );
  });

  it('is required of the keyless credentials client too', () => {
    vi.stubEnv('SPORTS_ODDS_BASE_URL', '');
    expect(thrown(() => new SportsOddsCredentials({})).message).toBe(
      'no base URL: pass new SportsOdds({ baseUrl }) or set the SPORTS_ODDS_BASE_URL environment variable',
    );
  });
});

describe('the log level', () => {
  /** The levels of the lines one call to the catalog writes: debug lines per attempt, an info line for its retry. */
  const levelsLogged = async (options: ClientOptions): Promise<string[]> => {
    const levels: string[] = [];
    const log = (level: string) => () => void levels.push(level);
    const logger: Logger = { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
    const fake = fakeFetch([{ status: 503 }, { body: [] }]);
    const time = virtualTime();
    await new SportsOdds({
      apiKey: TEST_KEY,
      baseUrl: base,
      fetch: fake.fetch,
      logger,
      now: time.now,
      sleep: time.sleep,
      ...options,
    }).catalog.sports();
    return levels;
  };

  it('is read from SPORTS_ODDS_LOG when the client is given none', async () => {
    vi.stubEnv('SPORTS_ODDS_LOG', ' debug ');
    expect(new Set(await levelsLogged({}))).toEqual(new Set(['debug', 'info']));
  });

  it('stays at the default warn when SPORTS_ODDS_LOG names no level', async () => {
    vi.stubEnv('SPORTS_ODDS_LOG', 'chatty');
    expect(await levelsLogged({})).toEqual([]);
  });

  it('is the logLevel option over SPORTS_ODDS_LOG', async () => {
    vi.stubEnv('SPORTS_ODDS_LOG', 'debug');
    expect(await levelsLogged({ logLevel: 'warn' })).toEqual([]);
  });
});

describe('numeric options', () => {
  it('names the option and the value it refused', () => {
    expect(thrown(make({ timeout: 0 })).message).toBe('timeout must be a positive number of ms, at most 2147483647, got 0');
    expect(thrown(make({ totalTimeout: Number.POSITIVE_INFINITY })).message).toBe(
      'totalTimeout must be a positive number of ms, at most 2147483647, got Infinity',
    );
    expect(thrown(make({ maxRetryAfter: -1 })).message).toBe(
      'maxRetryAfter must be a non-negative number of ms, at most 2147483647, got -1',
    );
    expect(thrown(make({ rateLimit: { requestsPerSecond: 0 } })).message).toBe(
      'rateLimit.requestsPerSecond must be a positive number, got 0',
    );
  });

  it("takes maxRetryAfter 0 (never wait for a Retry-After) and the plan's own rate", () => {
    expect(() => make({ maxRetryAfter: 0 })()).not.toThrow();
    expect(() => make({ rateLimit: { requestsPerSecond: 'account' } })()).not.toThrow();
    expect(() => make({ rateLimit: { requestsPerSecond: 2.5 } })()).not.toThrow();
  });
});

describe('header options', () => {
  /** The headers of the one request a client sends. */
  const sentHeaders = async (options: ClientOptions, call: (odds: SportsOdds) => Promise<unknown> = (odds) => odds.catalog.sports()) => {
    let headers: Record<string, string> = {};
    const odds = new SportsOdds({
      apiKey: TEST_KEY,
      baseUrl: base,
      logLevel: 'off',
      fetch: async (input) => {
        headers = Object.fromEntries((input as Request).headers);
        return new Response('[]', { status: 200 });
      },
      ...options,
    });
    await call(odds);
    return headers;
  };

  it('apply over the SDK headers whatever the case of their names, and null removes one', async () => {
    const headers = await sentHeaders({ defaultHeaders: { ACCEPT: 'application/x-ndjson', 'X-Trace': 'abc', 'X-SDK-Version': null } });
    expect(headers.accept).toBe('application/x-ndjson');
    expect(headers['x-trace']).toBe('abc');
    expect(Object.keys(headers).some((name) => name.toLowerCase() === 'x-sdk-version')).toBe(false);
  });

  it("keep the SDK's own headers when a call only adds one", async () => {
    const headers = await sentHeaders({}, (odds) => odds.catalog.sports({ headers: { 'x-trace': 'call' } }));
    expect(headers.accept).toBe('application/json');
    expect(headers['x-trace']).toBe('call');
  });

  it('remove a default header for one call with undefined', async () => {
    const headers = await sentHeaders({ defaultHeaders: { 'x-team': 'pricing' } }, (odds) =>
      odds.catalog.sports({ headers: { 'X-Team': undefined } }),
    );
    expect(headers['x-team']).toBeUndefined();
  });

  it('never carry the key: an Authorization header option is refused', () => {
    expect(thrown(make({ defaultHeaders: { Authorization: `Bearer ${TEST_KEY}` } })).message).toBe(
      'the Authorization header comes from apiKey: do not set it as a header option',
    );
  });

  it('must be strings', () => {
    expect(thrown(make({ defaultHeaders: { 'X-Count': 3 as unknown as string } })).message).toBe('header X-Count must be a string');
  });
});

describe('a client derived with withOptions', () => {
  const recorder = () => {
    const lines: string[] = [];
    const at = (level: string) => (message: string) => void lines.push(`${level} ${message}`);
    const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
    return { logger, lines };
  };

  it("keeps its parent's logger and level unless it is given its own", async () => {
    const parentLog = recorder();
    const childLog = recorder();
    const fake = fakeFetch([{ body: [] }]);
    const parent = new SportsOdds({
      apiKey: TEST_KEY,
      baseUrl: base,
      fetch: fake.fetch,
      logger: parentLog.logger,
      logLevel: 'debug',
      cache: false,
    });
    await parent.withOptions({ timeout: 5_000 }).catalog.sports();
    expect(parentLog.lines.length).toBeGreaterThan(0);
    const before = parentLog.lines.length;
    await parent.withOptions({ logger: childLog.logger }).catalog.sports();
    expect(parentLog.lines.length).toBe(before);
    expect(childLog.lines.some((line) => line.startsWith('debug sports-odds: GET'))).toBe(true);
    const quiet = recorder();
    await parent.withOptions({ logger: quiet.logger, logLevel: 'warn' }).catalog.sports();
    expect(quiet.lines).toEqual([]);
    await parent.withOptions({ logLevel: 'off' }).catalog.sports();
    expect(parentLog.lines.length).toBe(before);
  });
});
