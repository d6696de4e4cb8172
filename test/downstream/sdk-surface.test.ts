// The surface a downstream project types against: named row types, rows as ids, unknown fields,
// header options, withOptions, the raw Response, VERSION, and the mock's handles ready when returned.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  APIError,
  InvalidParametersError,
  NotFoundError,
  SportsOdds,
  VERSION,
  type Event,
  type OddsSnapshot,
  type ResponseMeta,
} from 'sports-odds-data';
import { createMockService } from 'sports-odds-data/mocks';

const mock = createMockService({ now: '2026-11-21T15:00:00Z' });
const server = setupServer(...mock.handlers);
const odds = new SportsOdds({ apiKey: mock.apiKey, baseUrl: mock.baseUrl, logLevel: 'off' });

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

describe('the SDK surface', () => {
  it('shows the ledger before anything is awaited', () => {
    const fresh = createMockService();
    expect(fresh.ledger().map((e) => e.email)).toEqual([fresh.demoEmail]);
  });

  it('types rows by name and takes a row where an id goes', async () => {
    const [next] = await odds.events.list({ sport_id: 29, limit: 5 });
    if (!next) throw new Error('no event');
    expectTypeOf(next).toEqualTypeOf<Event>();
    const latest = await odds.events.odds(next);
    expectTypeOf(latest).toEqualTypeOf<OddsSnapshot[]>();
    await expect(odds.events.odds({ ...next, event_id: null })).rejects.toBeInstanceOf(InvalidParametersError);
  });

  it('sends header options and the version, shares the ledger with withOptions, and gives the raw Response', async () => {
    const seen: Headers[] = [];
    const spy = async (input: string | URL | Request, init?: RequestInit) => {
      const request = new Request(input, init);
      seen.push(request.headers);
      return fetch(request);
    };
    const view = odds.withOptions({ fetch: spy, defaultHeaders: { 'X-Team': 'pricing' } });
    const { data, meta, response } = await view.catalog.sports({ headers: { 'X-Trace': 't-1' } }).withMeta();
    expect(seen[0]?.get('x-team')).toBe('pricing');
    expect(seen[0]?.get('x-trace')).toBe('t-1');
    expect(seen[0]?.get('x-sdk-version')).toBe(`sports-odds-data/${VERSION}`);
    expect(response.headers.get('x-credits-cost')).toBe(String(meta.credits.cost));
    // The mock's own clock (it runs from its pinned start), not the local one.
    const date = Date.parse(response.headers.get('date') ?? '');
    expect(date).toBeGreaterThanOrEqual(Date.parse('2026-11-21T15:00:00Z'));
    expect(date).toBeLessThan(Date.parse('2026-11-21T16:00:00Z'));
    expect(view.credits).toEqual(odds.credits);
    const raw = await odds.catalog.sports().asResponse();
    expect(((await raw.json()) as unknown[]).length).toBe(data.length);
  });

  it("gives every service error its answer's meta, typed as present (strict tsc compiles err.meta.credits.cost)", async () => {
    // As the README shows: an error answer carries the same meta as data, credits included.
    let cost: number | undefined;
    try {
      await odds.analytics.clv({ event_id: 1, market: 'moneyline', side: 'home', odds: 2 });
    } catch (err) {
      if (!(err instanceof APIError)) throw err;
      expectTypeOf(err.meta).toEqualTypeOf<ResponseMeta>();
      cost = err.meta.credits.cost;
      expect(err).toBeInstanceOf(NotFoundError);
      expect(err.meta.status).toBe(404);
    }
    expect(cost).toBe(1);
    // A refusal raised before sending has no answer, and its meta says so.
    const local = await odds.events.odds({ event_id: null }).catch((e: unknown) => e);
    if (!(local instanceof InvalidParametersError)) throw new Error('expected a local refusal');
    expect([local.sent, local.meta.attempts, local.meta.metered]).toEqual([false, 0, false]);
  });
});
