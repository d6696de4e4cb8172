import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BudgetExceededError,
  InvalidParametersError,
  ResponseValidationError,
  SportsOdds,
  SportsOddsError,
  VERSION,
  type Event,
} from '../../src';
import { SDK_VERSION_HEADER } from '../../src/schemas';
import { rejection, TEST_KEY } from './fake-fetch';
import { chargesOf, sdkFor, useMockServer } from './mock-setup';
import { spyFetch } from './wire-spy';

const newMock = useMockServer();

describe('VERSION and the SDK version header', () => {
  it("is package.json's version", () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(VERSION).toBe(pkg.version);
  });

  it('names the SDK on every request', async () => {
    const mock = newMock();
    const wire = spyFetch();
    const { odds } = sdkFor(mock, { fetch: wire.fetch });
    await odds.catalog.sports();
    expect(wire.sent[0]?.headers.get(SDK_VERSION_HEADER)).toBe(`sports-odds-data/${VERSION}`);
    expect(wire.sent[0]?.headers.get('accept')).toBe('application/json');
  });
});

describe('request headers: defaultHeaders and per call', () => {
  it('sends defaultHeaders, lets a call override or remove one, and keeps the route headers last', async () => {
    const mock = newMock();
    const wire = spyFetch();
    const { odds } = sdkFor(mock, { fetch: wire.fetch, defaultHeaders: { 'X-Team': 'pricing', 'X-Trace': 'default' } });
    await odds.catalog.sports();
    // Headers do not make another answer: sent past the cache.
    await odds.catalog.sports({ headers: { 'x-trace': 'call-7', 'X-Team': null, [SDK_VERSION_HEADER]: null }, cache: false });
    const [first, second] = wire.sent;
    expect(first?.headers.get('x-team')).toBe('pricing');
    expect(first?.headers.get('x-trace')).toBe('default');
    expect(second?.headers.get('x-trace')).toBe('call-7');
    expect(second?.headers.has('x-team')).toBe(false);
    expect(second?.headers.has(SDK_VERSION_HEADER)).toBe(false);
    expect(second?.headers.get('authorization')).toBe(`Bearer ${mock.apiKey}`);
  });

  it('never takes the key as a header option', async () => {
    expect(
      () => new SportsOdds({ apiKey: TEST_KEY, baseUrl: 'https://x.test', defaultHeaders: { Authorization: 'Bearer other' } }),
    ).toThrow(/Authorization header comes from apiKey/);
    const mock = newMock();
    const { odds } = sdkFor(mock);
    await expect(odds.catalog.sports({ headers: { authorization: 'Bearer other' } })).rejects.toBeInstanceOf(SportsOddsError);
  });
});

describe('the raw Response', () => {
  it('comes with the data from .withMeta(), and alone, readable and unvalidated, from .asResponse()', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const { data, meta, response } = await odds.catalog.sports().withMeta();
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${mock.baseUrl}/v1/catalog/sports`);
    expect(response.headers.get('x-credits-cost')).toBe(String(meta.credits.cost));
    const raw = await odds.catalog.sports().asResponse();
    expect(raw.url).toBe(`${mock.baseUrl}/v1/catalog/sports`);
    expect(raw.headers.get('x-request-id')).toMatch(/^req_/);
    expect(await raw.json()).toEqual(data);
  });

  it('asResponse() does not validate the body; error statuses still reject with typed errors', async () => {
    const odds = new SportsOdds({
      apiKey: TEST_KEY,
      baseUrl: 'https://api.sports-odds.test',
      fetch: async () => new Response(JSON.stringify([{ sport_id: 'not a number' }]), { status: 200 }),
    });
    expect(await (await odds.catalog.sports().asResponse()).json()).toEqual([{ sport_id: 'not a number' }]);
    await expect(odds.catalog.sports()).rejects.toBeInstanceOf(ResponseValidationError);
    const mock = newMock();
    await expect(sdkFor(mock).odds.events.results(999_999_999).asResponse()).rejects.toMatchObject({ name: 'NotFoundError' });
  });
});

describe('withOptions()', () => {
  it('shares the ledger, the budget and the key, with its own call options', async () => {
    const mock = newMock();
    const wire = spyFetch();
    const { odds } = sdkFor(mock, { budget: { maxCredits: 28 } });
    const patient = odds.withOptions({ maxRetries: 0, fetch: wire.fetch, defaultHeaders: { 'X-Team': 'backfill' } });
    expect(patient).toBeInstanceOf(SportsOdds);
    expect(patient.baseUrl).toBe(odds.baseUrl);
    await odds.catalog.sports(); // 3 credits
    await patient.catalog.leagues({ sport_id: 29 }); // 1 credit
    expect(wire.sent).toHaveLength(1);
    expect(wire.sent[0]?.headers.get('x-team')).toBe('backfill');
    expect(wire.sent[0]?.headers.get('authorization')).toBe(`Bearer ${mock.apiKey}`);
    // One ledger: both clients' credits, and one budget across them.
    expect(odds.credits.spent).toBe(chargesOf(mock).charged);
    expect(patient.credits).toEqual(odds.credits);
    const left = 28 - odds.credits.spent; // 24: a 500-event listing reserves 25
    await expect(patient.events.list({ limit: 500 })).rejects.toMatchObject({ name: 'BudgetExceededError', available: left });
    await expect(odds.events.list({ limit: 500 })).rejects.toBeInstanceOf(BudgetExceededError);
  });

  it("keeps the parent's logger, and its masking, when only the level changes", async () => {
    const mock = newMock();
    const lines: string[] = [];
    const logger = { debug: (m: string) => void lines.push(m), info: (m: string) => void lines.push(m), warn() {}, error() {} };
    const { odds } = sdkFor(mock, { logger, logLevel: 'warn' });
    await odds.withOptions({ logLevel: 'debug' }).catalog.sports();
    expect(lines.some((l) => l.includes('GET') && l.includes('/v1/catalog/sports'))).toBe(true);
    expect(lines.join('\n')).not.toContain(mock.apiKey);
  });

  it('follows a rotation of the parent: one key, shared', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const view = odds.withOptions({ timeout: 5_000 });
    const { api_key } = await view.keys.rotate();
    const wire = spyFetch();
    await odds.withOptions({ fetch: wire.fetch }).catalog.sports();
    expect(wire.sent[0]?.headers.get('authorization')).toBe(`Bearer ${api_key}`);
    await odds.catalog.sports(); // the old key is revoked: this works only with the new one
  });
});

describe('local validation messages', () => {
  const odds = new SportsOdds({ apiKey: TEST_KEY, baseUrl: 'https://api.sports-odds.test', fetch: async () => new Response('[]') });
  const messageOf = async (call: () => Promise<unknown>) => {
    const error = await rejection<InvalidParametersError>(call());
    expect(error).toBeInstanceOf(InvalidParametersError);
    expect(error.sent).toBe(false);
    return error.message.replace(/^400 invalid_parameters: /, '');
  };

  it('name the parameter, the form it takes and the value given', async () => {
    expect(await messageOf(() => odds.events.list({ sport_id: 'x' as never }))).toBe('sport_id: expected a positive integer, got "x"');
    expect(await messageOf(() => odds.events.list({ limit: 501 }))).toBe('limit: must be at most 500, got 501');
    expect(await messageOf(() => odds.events.list({ limit: 2.5 }))).toBe('limit: expected an integer from 1 to 500, got 2.5');
    expect(await messageOf(() => odds.events.list({ live: 'yes' as never }))).toBe('live: expected true or false, got "yes"');
    expect(await messageOf(() => odds.events.list({ starts_from: 'tomorrow' }))).toBe(
      'starts_from: must be an RFC 3339 UTC timestamp such as 2026-11-21T18:00:00Z (with Z or +00:00), or a valid Date, got "tomorrow"',
    );
    expect(await messageOf(() => odds.analytics.clv({ event_id: 1, market: 'corners' as never, side: 'home', odds: 2 }))).toBe(
      'market: expected one of moneyline, spread, totals, home_totals, away_totals, got "corners"',
    );
    expect(await messageOf(() => odds.events.list({ cursor: 'abc' }))).toBe('cursor: cursor is only valid with live=1');
  });

  it('never show a key given by mistake', async () => {
    const message = await messageOf(() => odds.events.list({ sport_id: TEST_KEY as never }));
    expect(message).toBe('sport_id: expected a positive integer, got "svc_live_****"');
    const unknown = await messageOf(() => odds.events.list({ [TEST_KEY]: 1 } as never));
    expect(unknown).not.toContain(TEST_KEY);
  });
});

describe('methods that take an id also take the row that carries it', () => {
  it('calls with the row id, and refuses a row whose id is null before sending', async () => {
    const mock = newMock();
    const { odds, seen } = sdkFor(mock);
    const upcoming = await odds.events.list({ sport_id: 29, limit: 3 });
    const event = upcoming[0] as Event;
    const byRow = await odds.events.odds(event);
    const byId = await odds.events.odds(event.event_id as number);
    expect(byRow).toEqual(byId);
    const sent = seen.requests.length;
    const error = await rejection<InvalidParametersError>(odds.events.odds({ ...event, event_id: null }));
    expect(error).toBeInstanceOf(InvalidParametersError);
    expect(error.message).toMatch(/event_id: the row given carries no event_id \(null\)/);
    expect(seen.requests).toHaveLength(sent);

    const keys = await odds.keys.list();
    const created = await odds.keys.create({ name: 'temp' });
    expect((await odds.keys.revoke(created)).status).toBe('revoked');
    expect(keys.length).toBeGreaterThan(0);
  });
});
