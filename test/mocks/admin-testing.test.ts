import { afterEach, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../mocks/server/node';
import type { OverrideInfo } from '../../mocks';
import type { Event, OddsSnapshot } from '../../src/schemas';
import { NOW } from '../helpers/mock-server';

/**
 * The control plane of docs/testing.md on the standalone server: `/__admin/events` (an event spec
 * as JSON) and `/__admin/overrides` (a static answer or error), over real HTTP.
 */
const servers: MockServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function start(): Promise<MockServer> {
  const server = await startMockServer({ port: 0, now: NOW });
  server.mock.clock.freeze(NOW);
  servers.push(server);
  return server;
}

interface Reply<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

async function admin<T = unknown>(server: MockServer, path: string, init: { method?: string; body?: unknown } = {}): Promise<Reply<T>> {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  const response = await fetch(`${server.url}/__admin${path}`, {
    method,
    headers: method === 'GET' ? {} : { 'Content-Type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}

async function data<T = unknown>(server: MockServer, path: string): Promise<Reply<T>> {
  const response = await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${server.mock.apiKey}` } });
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}

const messageOf = (reply: Reply) => (reply.body as { error: { code: string; message: string } }).error;

const EVENT = {
  sport_id: 29,
  runner_home: 'Harbor City',
  runner_away: 'Northfield',
  minute: -120,
  markets: [
    {
      market: 'moneyline',
      prices: [
        { at: -600, odds: [2.1, 3.4, 3.6] },
        { at: -30, odds: [1.9, 3.5, 4.2] },
      ],
    },
  ],
};

const ROW = { event_id: 42, line_id: 4_200_001, market: 'moneyline', period: 0, odds1: 2.5, odds0: 3.2, odds2: 2.9, status: 1 };

const withoutMinute = ({ minute: _minute, ...spec }: Record<string, unknown>) => spec;

describe('/__admin/events', () => {
  it('adds an event from its JSON spec, lists it, serves it on /v1, and removes it', async () => {
    const server = await start();
    const added = await admin<{ event_id: number }>(server, '/events', { body: EVENT });
    expect(added.status).toBe(201);
    expect(added.headers.get('Cache-Control')).toBe('no-store');
    const id = added.body.event_id;
    expect(id).toBe(9_000_001);
    expect((await admin(server, '/events')).body).toEqual([
      {
        event_id: id,
        sport_id: 29,
        league_id: 1074,
        runner_home: 'Harbor City',
        runner_away: 'Northfield',
        starts: '2026-11-21T17:00:00Z',
        // The spec as given, its id and kickoff written out: posted again, it adds the same event.
        spec: { ...withoutMinute(EVENT), event_id: id, starts: '2026-11-21T17:00:00Z' },
      },
    ]);
    const odds = await data<OddsSnapshot[]>(server, `/v1/events/${id}/odds`);
    expect(odds.headers.get('X-Credits-Cost')).toBe('1');
    expect(odds.body.map((r) => r.odds1)).toEqual([2.1]);
    expect((await admin(server, `/events/${id}`, { method: 'DELETE' })).body).toEqual({ event_id: id, removed: true });
    const again = await admin(server, `/events/${id}`, { method: 'DELETE' });
    expect([again.status, messageOf(again).code]).toEqual([404, 'not_found']);
    expect((await data<Event[]>(server, `/v1/events?event_id=${id}`)).body).toEqual([]);
  });

  it('refuses an invalid spec with 400 naming its path, and adds nothing', async () => {
    const server = await start();
    for (const [spec, message] of [
      [
        { ...EVENT, markets: [{ market: 'moneyline', prices: [{ at: -600, odds: [0.9, 3.4, 3.6] }] }] },
        'at markets[0].prices[0].odds[0]: must be more than 1',
      ],
      [{ ...EVENT, sport: 29 }, 'unknown field(s): sport'],
      [[EVENT], 'expected object, received an array'],
    ] as const) {
      const refused = await admin(server, '/events', { body: spec });
      expect(refused.status).toBe(400);
      expect(messageOf(refused).code).toBe('invalid_parameters');
      expect(messageOf(refused).message).toContain(message);
    }
    expect((await admin(server, '/events')).body).toEqual([]);
  });
});

describe('/__admin/overrides', () => {
  it('refuses a misspelled field, saying which field it takes nearest, never echoing the name sent', async () => {
    const server = await start();
    const refused = await admin(server, '/overrides', { body: { route: 'catalog.sports', answr: [], once: true } });
    expect(refused.status).toBe(400);
    expect(messageOf(refused).code).toBe('invalid_parameters');
    expect(messageOf(refused).message).toMatch(
      /^unknown body field at position 2 \(5 characters, not shown\): did you mean answer\? it takes /,
    );
    expect(messageOf(refused).message).not.toContain('answr');
  });

  it('a static answer, once: the route answers it metered, then its own handler again', async () => {
    const server = await start();
    const armed = await admin<OverrideInfo>(server, '/overrides', { body: { route: 'events.odds', answer: [ROW], once: true } });
    expect(armed.status).toBe(201);
    expect(armed.body).toEqual({ id: 'ovr_1', route: 'events.odds', kind: 'answer', remaining: 1, params: null, answer: [ROW] });
    const first = await data<OddsSnapshot[]>(server, '/v1/events/42/odds');
    expect([first.status, first.body, first.headers.get('X-Credits-Cost'), first.headers.get('X-Result-Rows')]).toEqual([
      200,
      [ROW],
      '1',
      '1',
    ]);
    const second = await data(server, '/v1/events/42/odds');
    expect([second.status, messageOf(second).code]).toEqual([404, 'not_found']);
    expect((await admin(server, '/overrides')).body).toEqual([]);
  });

  it('a static error by path template for a number of requests, narrowed by path parameters', async () => {
    const server = await start();
    const armed = await admin<OverrideInfo>(server, '/overrides', {
      body: {
        route: '/v1/events/{event_id}/odds',
        error: { code: 'service_error', message: 'upstream timeout', retry_after: 2 },
        times: 2,
        params: { event_id: 42 },
      },
    });
    expect(armed.body).toMatchObject({
      route: 'events.odds',
      kind: 'error',
      remaining: 2,
      params: { event_id: 42 },
      error: { code: 'service_error', message: 'upstream timeout', retry_after: 2 },
    });
    expect((await data(server, '/v1/events/43/odds')).status).toBe(404);
    for (let i = 0; i < 2; i++) {
      const failed = await data(server, '/v1/events/42/odds');
      expect([
        failed.status,
        messageOf(failed).code,
        messageOf(failed).message,
        failed.headers.get('Retry-After'),
        failed.headers.get('X-Credits-Cost'),
      ]).toEqual([502, 'service_error', 'upstream timeout', '2', '1']);
    }
    expect((await data(server, '/v1/events/42/odds')).status).toBe(404);
  });

  it('refuses a static answer that breaks the route schema, or an error the route never answers, naming why; arms nothing', async () => {
    const server = await start();
    for (const [body, message] of [
      [
        { route: 'events.odds', answer: [{ ...ROW, odds1: '2.5' }] },
        "the answer breaks the route's schema at [0].odds1: expected number, received string",
      ],
      [{ route: 'events.odds', answer: [{ ...ROW, odd1: 2.5 }] }, 'the answer has a field the route does not define at [0].odd1'],
      [{ route: 'events.odds', error: { code: 'token_used' } }, 'events.odds never answers token_used'],
      [{ route: 'events.odds' }, 'give exactly one of answer'],
      [{ route: 'events.odds', answer: [], once: true, times: 2 }, 'give once or times, not both'],
      [{ route: 'billing.portal', answer: { portal_url: 'https://billing.example/s' } }, 'billing.portal is not registered'],
      [{ route: 'events.nothing', answer: [] }, 'route'],
    ] as const) {
      const refused = await admin(server, '/overrides', { body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(messageOf(refused).code).toBe('invalid_parameters');
      expect(messageOf(refused).message).toContain(message);
    }
    expect((await admin(server, '/overrides')).body).toEqual([]);
  });

  it('lists the armed overrides (the one that answers first, first), removes one or all; reset removes them and added events', async () => {
    const server = await start();
    await admin(server, '/overrides', { body: { route: 'events.odds', answer: [ROW] } });
    await admin(server, '/overrides', { body: { route: 'catalog.sports', error: { code: 'temporarily_unavailable' }, times: 3 } });
    await admin(server, '/overrides', { body: { route: 'events.results', answer: [] } });
    expect((await admin<OverrideInfo[]>(server, '/overrides')).body.map((o) => [o.id, o.route, o.remaining])).toEqual([
      ['ovr_3', 'events.results', null],
      ['ovr_2', 'catalog.sports', 3],
      ['ovr_1', 'events.odds', null],
    ]);
    expect((await admin(server, '/overrides/ovr_2', { method: 'DELETE' })).body).toEqual({ id: 'ovr_2', removed: true });
    expect((await admin(server, '/overrides/ovr_2', { method: 'DELETE' })).status).toBe(404);
    expect((await data(server, '/v1/catalog/sports')).status).toBe(200);
    expect((await admin(server, '/overrides', { method: 'DELETE' })).body).toEqual({ removed: 2 });
    await admin(server, '/overrides', { body: { route: 'events.odds', answer: [ROW] } });
    await admin(server, '/events', { body: EVENT });
    await admin(server, '/reset', { method: 'POST' });
    expect((await admin(server, '/overrides')).body).toEqual([]);
    expect((await admin(server, '/events')).body).toEqual([]);
  });
});
