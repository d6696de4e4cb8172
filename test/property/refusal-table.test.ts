import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFixtures, createMockService } from '../../mocks';
import { startMockServer } from '../../mocks/server/node';
import { SportsOdds, SportsOddsCredentials, SportsOddsError, type ClientOptions } from '../../src';
import { buildCli } from '../helpers/cli';
import { NOW } from '../helpers/mock-server';
import { useSharedStandaloneMock } from '../helpers/standalone';
import { spyFetch } from '../sdk/wire-spy';

/**
 * One table of refusals, run through every entry point where it applies: the client's constructor, withOptions(), a call's
 * options and parameters, the credentials client, createMockService(), startMockServer(), the sports-odds-mock flags,
 * mock.faults.inject(), the mock's clock and accounts, and the control plane's fault, clock and account operations. Every input
 * is checked where it enters, one way: an unknown name with the names there are and the nearest one, NaN, infinities,
 * negatives, fractions and wrong types naming what was given and what is accepted, and nothing sent, started or armed.
 */

const server = useSharedStandaloneMock();
let cli = '';
beforeAll(async () => {
  cli = await buildCli();
}, 60_000);

/** Where an input enters. */
type EntryPoint =
  | 'new SportsOdds()'
  | 'withOptions()'
  | 'a call'
  | 'a call: query'
  | 'new SportsOddsCredentials()'
  | 'createMockService()'
  | 'startMockServer()'
  | 'createFixtures()'
  | 'sports-odds-mock'
  | 'mock.faults.inject()'
  | 'mock.clock'
  | 'mock.createAccount()'
  | 'POST /__admin/faults'
  | 'POST /__admin/clock'
  | 'POST /__admin/accounts';

/** [what is wrong, where it enters, the input, a fragment of the refusal]. */
type Row = [string, EntryPoint, unknown, string];

const NAN = Number.NaN;
const INF = Number.POSITIVE_INFINITY;

const TABLE: Row[] = [
  // An unknown name: the options there are, and the nearest one.
  [
    'unknown name',
    'new SportsOdds()',
    { maxRetry: 2 },
    'new SportsOdds() has no option "maxRetry" (did you mean maxRetries?); its options are apiKey, baseUrl, timeout',
  ],
  [
    'unknown name',
    'withOptions()',
    { timout: 5 },
    'withOptions() has no option "timout" (did you mean timeout?); its options are timeout, totalTimeout',
  ],
  [
    'unknown name',
    'withOptions()',
    { baseUrl: 'https://elsewhere.test' },
    'withOptions() has no option "baseUrl"; its options are timeout',
  ],
  [
    'unknown name',
    'a call',
    { timout: 5 },
    'a call of catalog.sports has no option "timout" (did you mean timeout?); its options are signal, timeout',
  ],
  [
    'unknown name',
    'new SportsOddsCredentials()',
    { timout: 5 },
    'new SportsOddsCredentials() has no option "timout" (did you mean timeout?)',
  ],
  ['unknown name', 'new SportsOddsCredentials()', { coordinator: {} }, 'new SportsOddsCredentials() has no option "coordinator"'],
  [
    'unknown name',
    'createMockService()',
    { nwo: NOW },
    'createMockService() has no option "nwo" (did you mean now?); its options are baseUrl, seed, now',
  ],
  [
    'unknown name',
    'createMockService()',
    { demoAccount: { emial: 'a@example.com' } },
    'demoAccount has no option "emial" (did you mean email?)',
  ],
  [
    'unknown name',
    'startMockServer()',
    { nwo: NOW },
    'startMockServer() has no option "nwo" (did you mean now?); its options are seed, now',
  ],
  ['unknown name', 'startMockServer()', { baseUrl: 'https://x.test' }, 'startMockServer() has no option "baseUrl"'],
  ['unknown name', 'createFixtures()', { sed: 7 }, 'createFixtures() has no option "sed" (did you mean seed?)'],
  ['unknown name', 'sports-odds-mock', ['--nwo', NOW], 'unknown flag --nwo (did you mean --now?)'],
  [
    'unknown name',
    'sports-odds-mock',
    ['--plan', 'prp'],
    '--plan has no plan "prp" (did you mean pro?); the plans are trial, starter, pro',
  ],
  [
    'unknown name',
    'mock.faults.inject()',
    { route: 'events.odds', status: 503, retry_after: 5 },
    'mock.faults.inject() has no option "retry_after" (did you mean retryAfter?)',
  ],
  [
    'unknown name',
    'POST /__admin/faults',
    { route: 'events.odds', status: 503, retryAfter: 5 },
    'did you mean retry_after? it takes route, count, status',
  ],
  ['unknown name', 'POST /__admin/clock', { nwo: NOW }, 'did you mean now? it takes now, advance_ms'],
  [
    'unknown name',
    'mock.createAccount()',
    { email: 'a@example.com', paln: 'pro' },
    'mock.createAccount() has no option "paln" (did you mean plan?)',
  ],

  // NaN.
  ['NaN', 'new SportsOdds()', { timeout: NAN }, 'timeout must be a positive number of ms, at most 2147483647, got NaN'],
  ['NaN', 'withOptions()', { maxRetryAfter: NAN }, 'maxRetryAfter must be a non-negative number of ms, at most 2147483647, got NaN'],
  ['NaN', 'a call', { totalTimeout: NAN }, 'totalTimeout must be a positive number of ms, at most 2147483647, got NaN'],
  ['NaN', 'new SportsOddsCredentials()', { timeout: NAN }, 'timeout must be a positive number of ms, at most 2147483647, got NaN'],
  ['NaN', 'createMockService()', { liveScanLimit: NAN }, 'liveScanLimit must be a positive integer, got NaN'],
  ['NaN', 'startMockServer()', { port: NAN }, 'port must be a non-negative integer, at most 65535, got NaN'],
  ['NaN', 'sports-odds-mock', ['--port', 'NaN'], '--port takes a port from 0 to 65535, not "NaN"'],
  ['NaN', 'sports-odds-mock', ['--rate-limit', 'NaN'], '--rate-limit takes a number of requests a second at least 1, not "NaN"'],
  [
    'NaN',
    'mock.faults.inject()',
    { route: 'events.odds', latencyMs: NAN },
    'latencyMs must be a non-negative integer of ms, at most 60000, got NaN',
  ],
  ['NaN', 'mock.clock', { advance: NAN }, 'mock.clock.advance() must be a number of milliseconds, 0 or more, got NaN'],
  ['NaN', 'mock.clock', { set: NAN }, 'mock.clock.set() must be an RFC 3339 date-time with its offset'],

  // Infinities.
  [
    'Infinity',
    'new SportsOdds()',
    { maxRetryAfter: INF },
    'maxRetryAfter must be a non-negative number of ms, at most 2147483647, got Infinity',
  ],
  ['Infinity', 'a call', { maxAge: INF }, 'maxAge must be a non-negative number of ms, got Infinity'],
  ['Infinity', 'createMockService()', { liveScanLimit: INF }, 'liveScanLimit must be a positive integer, got Infinity'],
  ['Infinity', 'startMockServer()', { latencyMs: INF }, 'latencyMs must be a non-negative integer of ms, at most 60000, got Infinity'],
  ['Infinity', 'mock.faults.inject()', { route: 'events.odds', status: 503, count: INF }, 'count must be a positive integer, got Infinity'],
  ['Infinity', 'mock.clock', { advance: INF }, 'mock.clock.advance() must be a number of milliseconds, 0 or more, got Infinity'],

  // Negatives.
  ['negative', 'new SportsOdds()', { timeout: -1 }, 'timeout must be a positive number of ms, at most 2147483647, got -1'],
  ['negative', 'withOptions()', { maxRetries: -1 }, 'maxRetries must be a non-negative integer, or Infinity, got -1'],
  ['negative', 'a call', { maxAge: -1 }, 'maxAge must be a non-negative number of ms, got -1'],
  ['negative', 'createMockService()', { liveScanLimit: -1 }, 'liveScanLimit must be a positive integer, got -1'],
  ['negative', 'startMockServer()', { port: -1 }, 'port must be a non-negative integer, at most 65535, got -1'],
  ['negative', 'sports-odds-mock', ['--latency', '-5'], '--latency takes a number of ms from 0 to 60000, not "-5"'],
  ['negative', 'sports-odds-mock', ['--daily-credits', '-1'], '--daily-credits takes a number of credits at least 0, not "-1"'],
  [
    'negative',
    'mock.faults.inject()',
    { route: 'events.odds', status: 503, retryAfter: -1 },
    'retryAfter must be a positive integer of seconds, got -1',
  ],
  ['negative', 'POST /__admin/faults', { route: 'events.odds', count: -1 }, 'body parameter count'],
  ['negative', 'mock.clock', { advance: -1 }, 'the clock only moves forward: advance it by 0 ms or more'],

  // Fractions.
  ['fraction', 'new SportsOdds()', { maxRetries: 1.5 }, 'maxRetries must be a non-negative integer, or Infinity, got 1.5'],
  ['fraction', 'a call', { maxRetries: 0.5 }, 'maxRetries must be a non-negative integer, or Infinity, got 0.5'],
  ['fraction', 'createMockService()', { liveScanLimit: 2.5 }, 'liveScanLimit must be a positive integer, got 2.5'],
  ['fraction', 'startMockServer()', { latencyMs: 2.5 }, 'latencyMs must be a non-negative integer of ms, at most 60000, got 2.5'],
  ['fraction', 'sports-odds-mock', ['--port', '80.5'], '--port takes a port from 0 to 65535, not "80.5"'],
  ['fraction', 'sports-odds-mock', ['--rate-limit', '2.5'], '--rate-limit takes a number of requests a second at least 1, not "2.5"'],
  ['fraction', 'mock.faults.inject()', { route: 'events.odds', status: 503, count: 1.5 }, 'count must be a positive integer, got 1.5'],
  ['fraction', 'POST /__admin/faults', { route: 'events.odds', count: 1.5 }, 'body parameter count'],
  ['fraction', 'POST /__admin/clock', { advance_ms: 1.5 }, 'body parameter advance_ms: must be a whole number of milliseconds'],

  // Wrong types.
  ['wrong type', 'new SportsOdds()', { timeout: '5000' }, 'timeout must be a positive number of ms, at most 2147483647, got "5000"'],
  ['wrong type', 'new SportsOdds()', { fetch: 'fetch' }, 'fetch must be a function, got "fetch"'],
  ['wrong type', 'withOptions()', { validate: 'no' }, 'validate must be true or false, got "no"'],
  ['wrong type', 'a call', { signal: 'stop' }, 'signal must be an object with addEventListener methods, got "stop"'],
  ['wrong type', 'new SportsOddsCredentials()', { sleep: 5 }, 'sleep must be a function, got 5'],
  ['wrong type', 'createMockService()', { billingPortal: 'yes' }, 'billingPortal must be true or false, got "yes"'],
  ['wrong type', 'createMockService()', { seed: {} }, 'seed must be a string or a finite number, got an object'],
  ['wrong type', 'startMockServer()', { port: '4010' }, 'port must be a non-negative integer, at most 65535, got "4010"'],
  ['wrong type', 'startMockServer()', { admin: 'yes' }, 'admin must be one of true, false, loopback, got "yes"'],
  [
    'wrong type',
    'mock.faults.inject()',
    { route: 'events.odds', status: '503' },
    'status (of events.odds) must be one of 400, 401, 403, 404',
  ],
  ['wrong type', 'POST /__admin/faults', { route: 'events.odds', count: '2' }, 'body parameter count'],

  // Instants: RFC 3339 with an offset (or a Date, or epoch ms, in process), never a Date.parse guess.
  [
    'instant',
    'createMockService()',
    { now: '1' },
    'now must be an RFC 3339 date-time with its offset (2026-11-22T00:00:00Z, 2026-11-22T01:00:00+01:00), a Date or epoch milliseconds, got "1"',
  ],
  [
    'instant',
    'createMockService()',
    { now: new Date(NAN) },
    'now must be an RFC 3339 date-time with its offset (2026-11-22T00:00:00Z, 2026-11-22T01:00:00+01:00), a Date or epoch milliseconds, got an invalid Date',
  ],
  ['instant', 'startMockServer()', { now: '1' }, 'now must be an RFC 3339 date-time with its offset'],
  ['instant', 'createFixtures()', { now: 'tomorrow' }, 'now must be an RFC 3339 date-time with its offset'],
  [
    'instant',
    'sports-odds-mock',
    ['--now', '1'],
    '--now takes an RFC 3339 date-time with its offset (2026-11-22T00:00:00Z, 2026-11-22T01:00:00+01:00), not "1"',
  ],
  ['instant', 'mock.clock', { set: '1' }, 'mock.clock.set() must be an RFC 3339 date-time with its offset'],
  ['instant', 'mock.clock', { set: '2026-11-22' }, 'mock.clock.set() must be an RFC 3339 date-time with its offset'],
  ['instant', 'POST /__admin/clock', { now: '1' }, 'body parameter now: must be an RFC 3339 date-time with its offset'],
  [
    'instant',
    'a call: query',
    { starts_from: new Date(NAN) },
    'starts_from: must be an RFC 3339 UTC timestamp such as 2026-11-21T18:00:00Z (with Z or +00:00), or a valid Date, got an invalid Date',
  ],
  [
    'instant',
    'a call: query',
    { starts_from: '2026-11-21T18:00:00+01:00' },
    'starts_from: must be an RFC 3339 UTC timestamp such as 2026-11-21T18:00:00Z (with Z or +00:00), or a valid Date, got "2026-11-21T18:00:00+01:00"',
  ],
  [
    'instant',
    'a call: query',
    { starts_to: 'tomorrow' },
    'starts_to: must be an RFC 3339 UTC timestamp or a UTC day YYYY-MM-DD (with Z or +00:00), or a valid Date, got "tomorrow"',
  ],

  // A fault's status is one its route answers, its code one the route answers with it.
  [
    'fault status',
    'mock.faults.inject()',
    { route: 'events.odds', status: 418 },
    'status (of events.odds) must be one of 400, 401, 403, 404, 414, 429, 431, 500, 502, 503, got 418',
  ],
  ['fault status', 'mock.faults.inject()', { route: 'catalog.sports', status: 409 }, 'status (of catalog.sports) must be one of'],
  [
    'fault status',
    'POST /__admin/faults',
    { route: 'events.odds', status: 418 },
    'status (of events.odds) must be one of 400, 401, 403, 404',
  ],
  [
    'fault code',
    'mock.faults.inject()',
    { route: 'events.odds', status: 503, code: 'not_found' },
    'code must be a code events.odds answers with 503 (temporarily_unavailable), got "not_found"',
  ],
  ['fault code', 'mock.faults.inject()', { route: 'events.odds', code: 'key_limit_reached' }, 'code (of events.odds) must be one of'],

  // An e-mail address as the service checks one.
  ['e-mail', 'mock.createAccount()', { email: 'not-an-email' }, 'email must be an e-mail address, got "not-an-email"'],
  [
    'e-mail',
    'createMockService()',
    { demoAccount: { email: 'not-an-email' } },
    'demoAccount.email must be an e-mail address, got "not-an-email"',
  ],
  ['e-mail', 'POST /__admin/accounts', { email: 'not-an-email' }, 'body parameter email'],
];

/** A port nothing listens on, and the check that it is still free (a refused server took nothing). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
async function stillFree(port: number): Promise<boolean> {
  const probe = createServer();
  const free = await new Promise<boolean>((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (free) await new Promise<void>((resolve) => probe.close(() => resolve()));
  return free;
}

/** The message of what `run` throws or rejects with, checking its class. */
async function messageOf(run: () => unknown, type: new (...args: never[]) => Error): Promise<string> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(type);
    return (error as Error).message;
  }
  throw new Error('nothing was refused');
}

/** Runs the sports-odds-mock bin to its exit: the first line of stderr, which must be a usage mistake (exit 2, no stack). */
function runCli(args: readonly string[]): Promise<string> {
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      expect([code, stdout]).toEqual([2, '']);
      expect(stderr).not.toMatch(/^\s+at /m);
      resolve(stderr.split('\n')[0]?.replace(/^sports-odds-mock: /, '') ?? '');
    });
  });
}

/** POSTs to the shared server's control plane: a refusal is 400 invalid_parameters; its message. */
async function controlRefusal(path: string, body: unknown): Promise<string> {
  const res = await fetch(`${server().url}/__admin${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { error: { code: string; message: string } };
  expect([res.status, answer.error.code]).toEqual([400, 'invalid_parameters']);
  return answer.error.message;
}

/** A client of the shared server whose requests are counted on the wire. */
function client(options: ClientOptions = {}) {
  const wire = spyFetch();
  const odds = new SportsOdds({ apiKey: server().mock.apiKey, baseUrl: server().url, fetch: wire.fetch, maxRetries: 0, ...options });
  return { odds, wire };
}

/** Each entry point: the refusal's message for `input`, after checking nothing was sent, started or armed. */
const ENTRY_POINTS: Record<EntryPoint, (input: unknown) => Promise<string>> = {
  'new SportsOdds()': (input) =>
    messageOf(
      () => new SportsOdds({ apiKey: 'svc_live_x', baseUrl: 'https://api.sports-odds.test', ...(input as object) }),
      SportsOddsError,
    ),
  'withOptions()': async (input) => {
    const { odds, wire } = client();
    const message = await messageOf(() => odds.withOptions(input as never), SportsOddsError);
    expect(wire.sent).toEqual([]);
    return message;
  },
  'a call': async (input) => {
    const { odds, wire } = client();
    const message = await messageOf(() => odds.catalog.sports(input as never), SportsOddsError);
    expect(wire.sent).toEqual([]);
    return message;
  },
  'a call: query': async (input) => {
    const { odds, wire } = client();
    const message = await messageOf(() => odds.events.list(input as never), SportsOddsError);
    expect(wire.sent).toEqual([]);
    return message;
  },
  'new SportsOddsCredentials()': (input) =>
    messageOf(() => new SportsOddsCredentials({ baseUrl: 'https://api.sports-odds.test', ...(input as object) }), SportsOddsError),
  'createMockService()': (input) => messageOf(() => createMockService(input as never), RangeError),
  'startMockServer()': async (input) => {
    const port = await freePort();
    const message = await messageOf(() => startMockServer({ port, ...(input as object) }), RangeError);
    expect(await stillFree(port)).toBe(true);
    return message;
  },
  'createFixtures()': (input) => messageOf(() => createFixtures(input as never), RangeError),
  'sports-odds-mock': (input) => runCli(input as string[]),
  'mock.faults.inject()': async (input) => {
    const message = await messageOf(() => server().mock.faults.inject(input as never), RangeError);
    expect(server().mock.faults.list()).toEqual([]);
    return message;
  },
  'mock.clock': async (input) => {
    const { clock } = server().mock;
    const before = clock.now();
    const [[move, value]] = Object.entries(input as object) as [['set' | 'advance', unknown]];
    const message = await messageOf(() => (move === 'set' ? clock.set(value as never) : clock.advance(value as never)), RangeError);
    expect(clock.now()).toBe(before);
    return message;
  },
  'mock.createAccount()': async (input) => {
    const before = server().mock.accounts().length;
    const message = await messageOf(() => server().mock.createAccount(input as never), RangeError);
    expect(server().mock.accounts()).toHaveLength(before);
    return message;
  },
  'POST /__admin/faults': async (input) => {
    const message = await controlRefusal('/faults', input);
    expect(server().mock.faults.list()).toEqual([]);
    return message;
  },
  'POST /__admin/clock': async (input) => {
    const before = server().mock.clock.now();
    const message = await controlRefusal('/clock', input);
    expect(server().mock.clock.now()).toBe(before);
    return message;
  },
  'POST /__admin/accounts': async (input) => {
    const before = server().mock.accounts().length;
    const message = await controlRefusal('/accounts', input);
    expect(server().mock.accounts()).toHaveLength(before);
    return message;
  },
};

describe('one table of refusals, through every entry point', () => {
  it.each(TABLE)('%s at %s: %j', async (_, at, input, fragment) => {
    expect(await ENTRY_POINTS[at](input)).toContain(fragment);
  });

  it('runs every refusal through every entry point where it applies', () => {
    // The options objects of the SDK and of the mock, where every kind of value is refused.
    const sdk: EntryPoint[] = ['new SportsOdds()', 'withOptions()', 'a call', 'new SportsOddsCredentials()'];
    const mock: EntryPoint[] = ['createMockService()', 'startMockServer()', 'mock.faults.inject()'];
    const applies: Record<string, EntryPoint[]> = {
      'unknown name': [
        ...sdk,
        ...mock,
        'createFixtures()',
        'sports-odds-mock',
        'mock.createAccount()',
        'POST /__admin/faults',
        'POST /__admin/clock',
      ],
      NaN: [...sdk, ...mock, 'sports-odds-mock', 'mock.clock'],
      Infinity: ['new SportsOdds()', 'a call', ...mock, 'mock.clock'],
      negative: [...sdk.slice(0, 3), ...mock, 'sports-odds-mock', 'POST /__admin/faults', 'mock.clock'],
      fraction: ['new SportsOdds()', 'a call', ...mock, 'sports-odds-mock', 'POST /__admin/faults', 'POST /__admin/clock'],
      'wrong type': [...sdk, ...mock, 'POST /__admin/faults'],
      instant: [
        'createMockService()',
        'startMockServer()',
        'createFixtures()',
        'sports-odds-mock',
        'mock.clock',
        'POST /__admin/clock',
        'a call: query',
      ],
      'fault status': ['mock.faults.inject()', 'POST /__admin/faults'],
      'e-mail': ['mock.createAccount()', 'createMockService()', 'POST /__admin/accounts'],
    };
    for (const [kind, entries] of Object.entries(applies)) {
      expect([kind, [...new Set(TABLE.filter(([k]) => k === kind).map(([, at]) => at))].sort()]).toEqual([kind, [...entries].sort()]);
    }
  });
});

describe('what each entry point takes instead', () => {
  it('sends a Date, or a UTC instant written +00:00, as RFC 3339 with Z; the day form of starts_to stays', async () => {
    const { odds, wire } = client();
    await odds.events.list({ starts_from: new Date(Date.UTC(2026, 10, 18)), starts_to: '2026-11-30' });
    await odds.events.list({ starts_from: '2026-11-18T06:30:00+00:00', starts_to: new Date(Date.UTC(2026, 10, 30, 12)) });
    const queries = wire.sent.map((r) => Object.fromEntries(new URL(r.url).searchParams));
    expect(queries).toEqual([
      { starts_from: '2026-11-18T00:00:00Z', starts_to: '2026-11-30' },
      { starts_from: '2026-11-18T06:30:00Z', starts_to: '2026-11-30T12:00:00Z' },
    ]);
  });

  it('keeps the service rule: the mock refuses +00:00 on the wire (docs/service.md: UTC with Z)', async () => {
    const res = await fetch(`${server().url}/v1/events?starts_from=${encodeURIComponent('2026-11-18T00:00:00+00:00')}`, {
      headers: { Authorization: `Bearer ${server().mock.apiKey}` },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('starts_from');
  });

  it("takes the mock's instants as RFC 3339 with an offset, a Date or epoch milliseconds", () => {
    const at = Date.parse('2026-11-22T00:00:00Z');
    for (const now of ['2026-11-22T01:00:00+01:00', new Date(at), at]) {
      expect(createMockService({ now }).clock.now() - at).toBeLessThan(60_000);
    }
    const starts = Date.parse(createFixtures({ now: new Date(at) }).event().starts ?? '');
    expect(starts - at).toBeGreaterThan(0);
    expect(starts - at).toBeLessThanOrEqual(96 * 3_600_000);
  });

  it('arms a fault with its code alone, answering its status, and with the route usual code for a status', () => {
    const { mock } = server();
    expect(mock.faults.inject({ route: 'events.odds', code: 'not_found' })).toMatchObject({ status: 404, code: 'not_found' });
    expect(mock.faults.inject({ route: 'keys.create', status: 409 })).toMatchObject({ status: 409, code: 'key_limit_reached' });
    mock.faults.clear();
  });

  it('takes undefined for an option left to its default, everywhere', async () => {
    const { odds } = client({
      timeout: undefined,
      budget: { maxCredits: undefined },
      cache: { maxAge: { 'catalog.sports': undefined } },
      logLevel: undefined,
    });
    await odds.withOptions({ maxRetries: undefined }).catalog.sports({ timeout: undefined, signal: undefined });
    expect(createMockService({ now: undefined, seed: undefined, demoAccount: { email: undefined } }).demoEmail).toBe(
      'demo@sports-odds.test',
    );
    const started = await startMockServer({ port: 0, host: undefined, latencyMs: undefined, clientTimeouts: { headersMs: undefined } });
    await started.close();
  });
});
