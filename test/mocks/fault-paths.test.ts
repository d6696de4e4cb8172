import { describe, expect, it } from 'vitest';
import { fixtures, type MockService } from '../../mocks';
import { contextOf } from '../../mocks/service/internal';
import type { Event, RequestHealthReport } from '../../src/schemas';
import { newGate, until } from '../helpers/gate';
import { call, codeOf, CREDIT_HEADERS, useMockServer, type Answer } from '../helpers/mock-server';

/**
 * Every step of the request path applies on every path of a data answer (issue 23, item 1): an armed
 * fault (status, latency, dropped connection), metering, headers, request health and the activity log
 * are the same whether the answer is computed fresh, comes from the visible cache (`X-Cache: HIT`),
 * from the stable answers of a final event, from an override (`mock.use`) or is for an added event.
 */
const newMock = useMockServer();
const DAY = 86_400_000;

/** One source of a data answer: how to reach it, and how to tell it answered. */
interface Source {
  /** Prepares the mock so that `path` is answered from this source; returns the path. */
  prepare(mock: MockService): Promise<string>;
  /** Holds when `answer` (a 200) came from this source. */
  served(mock: MockService, answer: Answer): void;
}

async function eventOf(mock: MockService, query: string, pick: (e: Event) => boolean): Promise<number> {
  const events = (await call<Event[]>(mock, `/v1/events?${query}`)).body;
  const id = events.find(pick)?.event_id;
  if (id == null) throw new Error(`no event for ${query}`);
  return id;
}

/** A soccer event of two days before the test instant: ended and settled. */
const finished = (mock: MockService) => {
  const day = new Date(mock.clock.now() - 2 * DAY).toISOString().slice(0, 10);
  return eventOf(
    mock,
    `sport_id=29&starts_from=${day}T00:00:00Z&starts_to=${day}&limit=20`,
    (e) => e.live_status === 2 && e.closing_available === true,
  );
};

const stableKept = (mock: MockService) => expect(contextOf(mock).state.stable.size).toBe(1);

/** A settled event's answer of a route, kept after a first call. */
const kept = (route: 'results' | 'odds'): Source => ({
  prepare: async (mock) => {
    const path = `/v1/events/${await finished(mock)}/${route}`;
    expect((await call(mock, path)).status).toBe(200);
    stableKept(mock);
    return path;
  },
  served: stableKept,
});

const SOURCES: Record<string, Source> = {
  'fresh (an upcoming generated event)': {
    prepare: async (mock) => `/v1/events/${await eventOf(mock, 'sport_id=29&limit=5', () => true)}/odds`,
    served: (mock, answer) => {
      expect(answer.headers.get('X-Cache')).toBeNull();
      expect(contextOf(mock).state.stable.size).toBe(0);
    },
  },
  'the visible cache (X-Cache: HIT)': {
    prepare: async (mock) => {
      expect((await call(mock, '/v1/catalog/sports')).headers.get('X-Cache')).toBe('MISS');
      return '/v1/catalog/sports';
    },
    served: (_mock, answer) => expect(answer.headers.get('X-Cache')).toBe('HIT'),
  },
  'the stable answers (results of a settled event)': kept('results'),
  'the stable answers (odds of a settled event)': kept('odds'),
  'an override (mock.use)': {
    prepare: async (mock) => {
      mock.use('events.odds', ({ params }) => [fixtures.oddsSnapshot({ event_id: params.event_id, line_id: 77, odds1: 2.5 })]);
      return '/v1/events/42/odds';
    },
    served: (_mock, answer) => expect(answer.body).toEqual([expect.objectContaining({ event_id: 42, line_id: 77, odds1: 2.5 })]),
  },
  'an added event': {
    prepare: async (mock) => {
      const id = mock.data.addEvent({
        sport_id: 29,
        runner_home: 'Harbor City',
        runner_away: 'Northfield',
        minute: -120,
        markets: [{ market: 'moneyline', prices: [{ at: -600, odds: [2.1, 3.4, 3.6] }] }],
      });
      return `/v1/events/${id}/odds`;
    },
    served: (_mock, answer) => expect(answer.body).toEqual([expect.objectContaining({ odds1: 2.1, odds0: 3.4, odds2: 3.6 })]),
  },
};

const charged = (mock: MockService) => mock.ledger().find((e) => e.email === mock.demoEmail)!.charged;
const lastActivity = (mock: MockService) => mock.requests().at(-1)!;
async function health(mock: MockService) {
  const report = await call<RequestHealthReport>(mock, '/v1/account/request-health?days=1');
  return report.body.summary;
}

describe.each(Object.entries(SOURCES))('an answer from %s', (_name, source) => {
  it.each([
    [502, 'service_error'],
    [503, 'temporarily_unavailable'],
  ])(
    'answers an armed %i in its place, charged one credit, recorded, the fault used up; the source still answers next',
    async (status, code) => {
      const mock = newMock();
      const path = await source.prepare(mock);
      const before = charged(mock);
      const failuresBefore = (await health(mock)).charged_failures;
      mock.faults.inject({ route: routeOf(path), status, count: 2 });
      for (let i = 0; i < 2; i++) {
        const failed = await call(mock, path);
        expect(failed.status).toBe(status);
        expect(codeOf(failed)).toBe(code);
        expect(failed.headers.get('X-Credits-Cost')).toBe('1');
        expect(failed.headers.get('X-Result-Rows')).toBe('0');
        for (const name of CREDIT_HEADERS) expect(failed.headers.get(name), name).not.toBeNull();
        expect(failed.headers.get('X-Cache')).toBeNull();
        expect(lastActivity(mock)).toMatchObject({ status, error_code: code, cost: 1, metered: true });
      }
      expect(mock.faults.list()).toEqual([]);
      expect(charged(mock)).toBe(before + 2);
      expect((await health(mock)).charged_failures).toBe(failuresBefore + 2);
      const next = await call(mock, path);
      expect(next.status).toBe(200);
      source.served(mock, next);
    },
  );

  it.each([
    [500, 'internal_error', null],
    [429, 'rate_limited', '1'],
  ])('answers an armed %i before any work, free', async (status, code, retryAfter) => {
    const mock = newMock();
    const path = await source.prepare(mock);
    const before = charged(mock);
    mock.faults.inject({ route: routeOf(path), status });
    const failed = await call(mock, path);
    expect([failed.status, codeOf(failed), failed.headers.get('Retry-After')]).toEqual([status, code, retryAfter]);
    for (const name of [...CREDIT_HEADERS, 'X-Result-Rows']) expect(failed.headers.get(name), name).toBeNull();
    expect(lastActivity(mock)).toMatchObject({ status, error_code: code, cost: 0, metered: false });
    expect(charged(mock)).toBe(before);
    expect(mock.faults.list()).toEqual([]);
    source.served(mock, await call(mock, path));
  });

  it('drops the connection before any work: free, unrecorded', async () => {
    const mock = newMock();
    const path = await source.prepare(mock);
    const before = { charged: charged(mock), requests: mock.requests().length };
    mock.faults.inject({ route: routeOf(path), drop: 'connection' });
    const dropped = await mock.fetch(`${mock.baseUrl}${path}`, { headers: { Authorization: `Bearer ${mock.apiKey}` } });
    expect(dropped.type).toBe('error');
    expect({ charged: charged(mock), requests: mock.requests().length }).toEqual(before);
    expect(mock.faults.list()).toEqual([]);
  });

  it('drops the connection after the commit: charged and recorded as the answer it dropped', async () => {
    const mock = newMock();
    const path = await source.prepare(mock);
    const reference = await call(mock, path);
    source.served(mock, reference);
    const before = charged(mock);
    mock.faults.inject({ route: routeOf(path), drop: 'after_commit' });
    const dropped = await mock.fetch(`${mock.baseUrl}${path}`, { headers: { Authorization: `Bearer ${mock.apiKey}` } });
    expect(dropped.type).toBe('error');
    const cost = Number(reference.headers.get('X-Credits-Cost'));
    expect(charged(mock)).toBe(before + cost);
    expect(lastActivity(mock)).toMatchObject({ status: 200, cost, metered: true });
    source.served(mock, await call(mock, path));
  });

  it('holds the answer with its reservation in flight until the gate opens', async () => {
    const mock = newMock();
    const path = await source.prepare(mock);
    const gate = newGate();
    mock.faults.inject({ route: routeOf(path), hold: gate.opened });
    const held = call(mock, path);
    const ledger = () => mock.ledger().find((e) => e.email === mock.demoEmail)!;
    await until(() => ledger().reserved > 0);
    expect(mock.faults.list()).toEqual([]);
    gate.open();
    const answer = await held;
    expect(answer.status).toBe(200);
    source.served(mock, answer);
    expect(ledger().reserved).toBe(0);
  });
});

/** The route id of a data path of these tests. */
function routeOf(path: string): string {
  if (path.startsWith('/v1/catalog/sports')) return 'catalog.sports';
  return path.endsWith('/results') ? 'events.results' : 'events.odds';
}

describe('a fault is used up only by a request it applies to', () => {
  it('stays armed through requests refused before the work (key, parameters, quota), and applies to the next that reaches it', async () => {
    const plans = { tiny: { slug: 'tiny', name: 'Tiny', periodCredits: 1_000, periodDays: 30, dailyCredits: 30, rateLimitRps: 100 } };
    const mock = newMock({ plans, demoAccount: { plan: 'tiny' } });
    for (const status of [503, 500]) mock.faults.inject({ route: 'events.odds', status });
    mock.faults.inject({ route: 'events.odds', latencyMs: 1 });
    const armed = mock.faults.list();
    expect(codeOf(await call(mock, '/v1/events/42/odds', { key: null }))).toBe('invalid_api_key');
    expect(codeOf(await call(mock, '/v1/events/42/odds?full_history=2'))).toBe('invalid_parameters');
    // A history reserves 250 credits: more than the daily 30.
    expect(codeOf(await call(mock, '/v1/events/42/odds?full_history=1'))).toBe('quota_exceeded');
    expect(mock.faults.list()).toEqual(armed);
    expect(codeOf(await call(mock, '/v1/events/42/odds'))).toBe('temporarily_unavailable');
    expect(codeOf(await call(mock, '/v1/events/42/odds'))).toBe('internal_error');
    expect(codeOf(await call(mock, '/v1/events/42/odds'))).toBe('not_found');
    expect(mock.faults.list()).toEqual([]);
    expect(charged(mock)).toBe(2);
  });
});
