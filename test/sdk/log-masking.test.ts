import { describe, expect, it } from 'vitest';
import { SportsOdds, SportsOddsError, type Logger } from '../../src';
import { createLogger, isLogLevel } from '../../src/core/observability/logger';
import { redact } from '../../src/schemas/redact';
import { envelope, fakeFetch, rejection, TEST_KEY, virtualTime } from './fake-fetch';

const base = 'https://api.sports-odds.test';

/** A logger that records every call: level, message and the arguments as received. */
const recorder = () => {
  const calls: { level: string; message: string; args: unknown[] }[] = [];
  const at =
    (level: string) =>
    (message: string, ...args: unknown[]) =>
      void calls.push({ level, message, args });
  const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { logger, calls };
};

describe('redact: secrets in text', () => {
  it('masks an API key, a bearer credential and each kind of token, keeping the rest of the text', () => {
    expect(redact(`key=${TEST_KEY};`)).toBe('key=svc_live_****;');
    expect(redact('authorization: Bearer some.opaque-token, next')).toBe('authorization: Bearer ****, next');
    // However many blanks a hand-written header puts after the scheme.
    expect(redact('authorization: bearer \t some.opaque-token')).toBe('authorization: bearer \t ****');
    for (const kind of ['rot', 'clm', 'rcv', 'emv', 'res', 'ckv']) {
      expect(redact(`token ${kind}_ABCDEFGHijklmnop_-12 used`)).toBe(`token ${kind}_**** used`);
    }
  });

  it('masks every occurrence of a registered secret of four characters or more', () => {
    expect(redact('k3y! then k3y! again', new Set(['k3y!']))).toBe('**** then **** again');
  });

  it('leaves text alone for a registered secret under four characters (it would mask ordinary words)', () => {
    expect(redact('a cat sat', new Set(['a']))).toBe('a cat sat');
    expect(redact('the cat sat', new Set(['cat']))).toBe('the cat sat');
  });
});

describe('createLogger: level filter and masking of what it writes', () => {
  it('writes at and above its level, prefixed, and drops what is below', () => {
    const { logger, calls } = recorder();
    const log = createLogger(logger, 'info');
    log.debug('dropped');
    log.info('kept info');
    log.warn('kept warn');
    log.error('kept error');
    expect(calls.map((c) => `${c.level} ${c.message}`)).toEqual([
      'info sports-odds: kept info',
      'warn sports-odds: kept warn',
      'error sports-odds: kept error',
    ]);
  });

  it('tells which levels it writes, so callers skip building dropped messages', () => {
    const log = createLogger(recorder().logger, 'info');
    expect([log.enabled('debug'), log.enabled('info'), log.enabled('warn'), log.enabled('error')]).toEqual([false, true, true, true]);
    const off = createLogger(recorder().logger, 'off');
    expect(off.enabled('error')).toBe(false);
  });

  it('writes nothing at level off', () => {
    const { logger, calls } = recorder();
    const log = createLogger(logger, 'off');
    log.error('nothing');
    expect(calls).toEqual([]);
  });

  it('knows its level names', () => {
    expect(['debug', 'info', 'warn', 'error', 'off'].every(isLogLevel)).toBe(true);
    expect(isLogLevel('verbose')).toBe(false);
    expect(isLogLevel(2)).toBe(false);
  });

  it('masks keys in the message and in every argument: strings, errors, arrays, nested objects', () => {
    const { logger, calls } = recorder();
    const log = createLogger(logger, 'debug');
    const when = new Date('2026-11-21T15:00:00Z');
    log.debug(`sent ${TEST_KEY}`, `arg ${TEST_KEY}`, new TypeError(`failed with ${TEST_KEY}`), [TEST_KEY, 7], {
      count: 3,
      none: null,
      when,
      nested: { deeper: { deepest: { text: `at depth four ${TEST_KEY}` } } },
    });
    const [call] = calls;
    expect(call?.message).toBe('sports-odds: sent svc_live_****');
    expect(call?.args).toEqual([
      'arg svc_live_****',
      'TypeError: failed with svc_live_****',
      ['svc_live_****', 7],
      { count: 3, none: null, when, nested: { deeper: { deepest: { text: 'at depth four svc_live_****' } } } },
    ]);
    // A date is passed on as the date itself, not flattened to an object.
    expect((call!.args[3] as { when: unknown }).when).toBeInstanceOf(Date);
  });

  it('hides the value of any field named like a credential, whatever it holds', () => {
    const { logger, calls } = recorder();
    createLogger(logger, 'debug').info('fields', {
      Authorization: 'Bearer x',
      api_key: 'plain',
      apiKey: 'plain',
      client_secret: 'plain',
      token: 'plain',
      nonce: 'plain',
      'Idempotency-Key': 'plain',
      old_key: 'plain',
      oldKey: 'plain',
      requestId: 'req_1',
    });
    expect(calls[0]?.args[0]).toEqual({
      Authorization: '****',
      api_key: '****',
      apiKey: '****',
      client_secret: '****',
      token: '****',
      nonce: '****',
      'Idempotency-Key': '****',
      old_key: '****',
      oldKey: '****',
      requestId: 'req_1',
    });
  });

  it('never passes a key on unmasked, however deep it sits: objects past four levels are cut', () => {
    const { logger, calls } = recorder();
    const deep = { a: { b: { c: { d: { e: `five levels down ${TEST_KEY}` } } } } };
    createLogger(logger, 'debug').info('deep', deep, [[[[[TEST_KEY]]]]]);
    expect(JSON.stringify(calls)).not.toContain(TEST_KEY);
    expect(calls[0]?.args).toEqual([{ a: { b: { c: { d: '[nested]' } } } }, [[[['[nested]']]]]]);
  });

  it('logs a self-referencing argument without failing the call that logs it', () => {
    const { logger, calls } = recorder();
    const loop: unknown[] = [];
    loop.push(loop);
    const cyclic: Record<string, unknown> = { name: 'cyclic' };
    cyclic.self = cyclic;
    expect(() => createLogger(logger, 'debug').warn('cycles', loop, cyclic)).not.toThrow();
    expect(calls).toHaveLength(1);
  });

  it('masks the secrets a client derived with withOptions registers, and the parent the same', () => {
    const { logger, calls } = recorder();
    const parent = createLogger(logger, 'debug');
    const child = createLogger(logger, 'debug', parent);
    child.addSecret('derived-secret');
    parent.info('parent sees derived-secret');
    expect(calls[0]?.message).toBe('sports-odds: parent sees ****');
  });
});

describe('a key from a key function', () => {
  it('refuses a key function that returns an empty key, before sending anything', async () => {
    const fake = fakeFetch([{ body: [] }]);
    const odds = new SportsOdds({ apiKey: () => '', baseUrl: base, fetch: fake.fetch, logLevel: 'off' });
    const error = await rejection(odds.catalog.sports());
    expect(error).toBeInstanceOf(SportsOddsError);
    expect(error.message).toBe('the apiKey function returned no key');
    expect(fake.seen).toEqual([]);
  });

  it('refuses a key function that returns no string (a vault miss), before sending anything', async () => {
    const fake = fakeFetch([{ body: [] }]);
    const vaultMiss = async () => undefined as unknown as string;
    const odds = new SportsOdds({ apiKey: vaultMiss, baseUrl: base, fetch: fake.fetch, logLevel: 'off' });
    const error = await rejection(odds.catalog.sports());
    expect(error).toBeInstanceOf(SportsOddsError);
    expect(error.message).toBe('the apiKey function returned no key');
    expect(fake.seen).toEqual([]);
  });

  it('is masked in the logs once used, even in a custom format an error answer quotes back', async () => {
    const customKey = 'vault-key-7f3a9c';
    const { logger, calls } = recorder();
    const time = virtualTime();
    const fake = fakeFetch([
      { status: 503, body: envelope(503, 'temporarily_unavailable', `key ${customKey} is warming up`) },
      { body: [] },
    ]);
    const odds = new SportsOdds({
      apiKey: async () => customKey,
      baseUrl: base,
      fetch: fake.fetch,
      logger,
      logLevel: 'debug',
      now: time.now,
      sleep: time.sleep,
    });
    await odds.catalog.sports();
    expect(fake.seen[0]?.authorization).toBe(`Bearer ${customKey}`);
    const retry = calls.find((c) => c.message.startsWith('sports-odds: retrying'));
    expect(retry?.message).toContain('key **** is warming up');
    expect(JSON.stringify(calls)).not.toContain(customKey);
  });
});
