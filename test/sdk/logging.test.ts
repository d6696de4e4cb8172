import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SportsOdds, type Logger } from '../../src';
import { redact } from '../../src/schemas/redact';
import { fakeFetch, rejection, TEST_KEY, virtualTime } from './fake-fetch';

const capture = () => {
  const lines: string[] = [];
  const log =
    (level: string) =>
    (message: string, ...args: unknown[]) =>
      void lines.push(`${level} ${message} ${JSON.stringify(args)}`);
  const logger: Logger = { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
  return { logger, lines };
};

describe('the key never leaks', () => {
  it('is absent from every log line, at debug level, across retries and errors', async () => {
    const { logger, lines } = capture();
    const fake = fakeFetch([{ status: 503 }, { drop: true }, { status: 401 }]);
    const time = virtualTime();
    const odds = new SportsOdds({
      apiKey: TEST_KEY,
      baseUrl: 'https://api.sports-odds.test',
      fetch: fake.fetch,
      logger,
      logLevel: 'debug',
      now: time.now,
      sleep: time.sleep,
    });
    const error = await rejection(odds.catalog.sports());
    expect(lines.length).toBeGreaterThan(3);
    const everything = [...lines, String(error), (error as Error).stack ?? '', JSON.stringify(error)].join('\n');
    expect(everything).not.toContain(TEST_KEY);
    expect(everything).not.toContain(TEST_KEY.slice(9));
    expect(fake.seen.every((s) => s.authorization === `Bearer ${TEST_KEY}` && !s.url.includes(TEST_KEY))).toBe(true);
  });

  it('is absent when the client itself is logged or serialized', () => {
    const odds = new SportsOdds({ apiKey: TEST_KEY, baseUrl: 'https://api.sports-odds.test' });
    expect(inspect(odds, { depth: 10, showHidden: true })).not.toContain(TEST_KEY);
    expect(JSON.stringify(odds)).not.toContain(TEST_KEY);
  });

  it('is masked when a failing fetch puts it in its message', async () => {
    const odds = new SportsOdds({
      apiKey: 'custom-secret-key',
      baseUrl: 'https://api.sports-odds.test',
      maxRetries: 0,
      logLevel: 'off',
      fetch: async (input) => {
        throw new TypeError(`bad header ${(input as Request).headers.get('authorization')}`);
      },
    });
    const error = await rejection(odds.catalog.sports());
    expect(error.name).toBe('ConnectionError');
    expect(error.message).not.toContain('custom-secret-key');
    // The cause is kept (what failed), masked like the message.
    expect(error.cause).toBeInstanceOf(Error);
    expect((error.cause as Error).name).toBe('TypeError');
    expect((error.cause as Error).message).toBe('bad header Bearer ****');
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain('custom-secret-key');
  });

  it('filters by level', async () => {
    const { logger, lines } = capture();
    const odds = new SportsOdds({
      apiKey: TEST_KEY,
      baseUrl: 'https://api.sports-odds.test',
      fetch: fakeFetch([{ body: [] }]).fetch,
      logger,
      logLevel: 'warn',
    });
    await odds.catalog.sports();
    expect(lines).toEqual([]);
  });

  it('redacts keys and bearer tokens in text', () => {
    expect(redact(`key ${TEST_KEY} here`)).toBe('key svc_live_**** here');
    expect(redact('Authorization: Bearer abc.def')).toBe('Authorization: Bearer ****');
    expect(redact('my own s3cret', new Set(['s3cret']))).toBe('my own ****');
  });
});
