import { describe, expect, expectTypeOf, it } from 'vitest';
import { fixtures, type MockService, type ResolverContext } from '../../mocks';
import type { Account, ClaimPending, ClosingLineValue, Event, OddsSnapshot, RequestHealthReport, SpecialMarket } from '../../src/schemas';
import { sdkFor } from '../sdk/mock-setup';
import {
  call,
  charged,
  codeOf,
  credits,
  expectChargedFailure,
  expectFree,
  expectMetered,
  iso,
  MINUTE,
  T0,
  tinyPlan,
} from './routes/helpers';
import { useMockServer } from '../helpers/mock-server';

/**
 * `mock.use(routeId, resolver)`: a test's answer in place of a route's handler, with the whole
 * pipeline around it. Every assertion goes through HTTP (or the SDK, for what a client sees).
 */
const newMock = useMockServer();

/** A finished soccer event of two days before (its odds are a stable answer). */
async function finishedEventId(mock: MockService): Promise<number> {
  const day = new Date(T0 - 2 * 86_400_000).toISOString().slice(0, 10);
  const events = (await call<Event[]>(mock, `/v1/events?sport_id=29&starts_from=${day}T00:00:00Z&starts_to=${day}&limit=20`)).body;
  const event = events.find((e) => e.live_status === 2 && e.closing_available);
  if (event?.event_id == null) throw new Error('no finished event');
  return event.event_id;
}

const ROW = {
  event_id: 42,
  line_id: 4_200_001,
  market: 'moneyline',
  period: 0,
  odds1: 2.5,
  odds0: 3.2,
  odds2: 2.9,
  status: 1,
  timestamp: '2026-11-21T14:00:00Z',
};

describe('mock.use: an answer in the handler place, with the service around it', () => {
  it('answers with the resolver rows, metered by their count, with every credit header and the ledger charge', async () => {
    const mock = newMock();
    const seen: ResolverContext<'events.odds'>[] = [];
    mock.use('events.odds', (ctx) => {
      seen.push(ctx);
      return Array.from({ length: 21 }, (_, i) => ({ ...ROW, event_id: ctx.params.event_id, line_id: ROW.line_id + i }));
    });
    const answer = await call<OddsSnapshot[]>(mock, '/v1/events/42/odds?full_history=1&since=2026-11-20T00:00:00Z');
    expect(expectMetered(answer, { cost: 2, truncated: false })).toHaveLength(21);
    expect(answer.body[0]).toEqual(ROW);
    expect(charged(mock)).toBe(2);
    expect(seen[0]!.params).toEqual({ event_id: 42 });
    expect(seen[0]!.query).toEqual({ full_history: true, since: '2026-11-20T00:00:00Z' });
    expect(seen[0]!.caller).toEqual({
      email: mock.demoEmail,
      plan: 'pro',
      keyId: expect.stringMatching(/^key_[0-9a-f]{32}$/),
      keyName: expect.any(String),
      scopes: ['data:read', 'account:manage'],
    });
    expect(seen[0]!.clock.now()).toBe(T0);
  });

  it('is typed by the route table: decoded params and query in, the route answer out', () => {
    const mock = newMock();
    mock.use('events.odds', ({ params, query }) => {
      expectTypeOf(params.event_id).toEqualTypeOf<number>();
      expectTypeOf(query.full_history).toEqualTypeOf<boolean | undefined>();
      return [fixtures.oddsSnapshot({ event_id: params.event_id })];
    });
    mock.use('analytics.clv', ({ query }) => ({
      closing_odds: 2,
      true_closing_odds: 2.05,
      clv: query.odds / 2.05 - 1,
      expected_win: null,
    }));
    // @ts-expect-error: a row's odds1 is a number
    mock.use('events.odds', () => [{ odds1: '2.10' }]);
    // @ts-expect-error: the CLV route answers one object, not rows
    mock.use('analytics.clv', () => []);
    // @ts-expect-error: no such route
    expect(() => mock.use('events.nothing', () => [])).toThrow(RangeError);
  });

  it('runs after authentication, scope, rate window and reservation: a refused request neither reaches it nor uses it up', async () => {
    const mock = newMock(tinyPlan(30));
    let calls = 0;
    mock.use(
      'events.odds',
      () => {
        calls++;
        return [ROW];
      },
      { once: true },
    );
    expectFree(await call(mock, '/v1/events/42/odds', { key: null }), 401, 'invalid_api_key');
    const manager = await mock.createKey(mock.demoEmail, { scopes: ['account:manage'] });
    expectFree(await call(mock, '/v1/events/42/odds', { key: manager.apiKey }), 403, 'insufficient_scope');
    // A history reservation is 250 credits: more than the 30 the daily guard holds.
    expectFree(await call(mock, '/v1/events/42/odds?full_history=1'), 429, 'quota_exceeded');
    expectFree(await call(mock, '/v1/events/42/odds?main_lines_only=2'), 400, 'invalid_parameters');
    expect(calls).toBe(0);
    expectMetered(await call(mock, '/v1/events/42/odds'), { cost: 1 });
    expect(calls).toBe(1);
    expect(codeOf(await call(mock, '/v1/events/42/odds'))).toBe('not_found');
  });

  it('once, times, the disposer and reset; the most recent override answers first; params narrow it', async () => {
    const mock = newMock();
    const odds1 = async (id = 42) => (await call<OddsSnapshot[]>(mock, `/v1/events/${id}/odds`)).body[0]?.odds1;
    const dispose = mock.use('events.odds', () => [{ ...ROW, odds1: 1.5 }]);
    mock.use('events.odds', () => [{ ...ROW, odds1: 2.5 }], { times: 2 });
    mock.use('events.odds', () => [{ ...ROW, odds1: 3.5 }], { once: true, params: { event_id: 7 } });
    expect([await odds1(), await odds1(7), await odds1(7), await odds1(), await odds1()]).toEqual([2.5, 3.5, 2.5, 1.5, 1.5]);
    dispose();
    expect(codeOf(await call(mock, '/v1/events/42/odds'))).toBe('not_found');
    const kept = mock.use('events.odds', () => [ROW]);
    await mock.reset();
    kept();
    expect(codeOf(await call(mock, '/v1/events/42/odds'))).toBe('not_found');
    const fresh = mock.use('events.odds', () => [ROW]);
    kept();
    expect((await call(mock, '/v1/events/42/odds')).status).toBe(200);
    fresh();
    expect(() => mock.use('events.odds', () => [], { once: true, times: 2 })).toThrow(/once or times/);
    expect(() => mock.use('events.odds', () => [], { times: 0 })).toThrow(/positive integer/);
    expect(() => mock.use('billing.portal', () => ({ portal_url: 'https://billing.example/x' }))).toThrow(/not registered/);
  });

  it('cuts rows past the route row cap, with X-Result-Truncated: true, charged for the rows sent', async () => {
    const mock = newMock();
    mock.use('events.odds', () => Array.from({ length: 600 }, (_, i) => ({ ...ROW, line_id: i })));
    const answer = await call<OddsSnapshot[]>(mock, '/v1/events/42/odds');
    expect(expectMetered(answer, { truncated: true, cost: 25 })).toHaveLength(500);
    expect(answer.body[499]!.line_id).toBe(499);
  });

  it('an override of a cache-eligible route is never cached nor served from the cache', async () => {
    const mock = newMock();
    const event = (await call<Event[]>(mock, '/v1/events?sport_id=29&limit=1')).body[0]!.event_id!;
    const path = `/v1/events/${event}/props`;
    const real = await call<SpecialMarket[]>(mock, path);
    expect(real.headers.get('X-Cache')).toBe('MISS');
    const row = fixtures.specialMarket({ event_id: event });
    const dispose = mock.use('events.props', () => [row]);
    for (let i = 0; i < 2; i++) {
      const answer = await call<SpecialMarket[]>(mock, path);
      expect(answer.headers.get('X-Cache')).toBeNull();
      expect(answer.body).toEqual([row]);
    }
    dispose();
    const after = await call<SpecialMarket[]>(mock, path);
    expect(after.headers.get('X-Cache')).toBe('HIT');
    expect(after.body).toEqual(real.body);
  });

  it('an override of a final event is never kept as its stable answer', async () => {
    const mock = newMock();
    const id = await finishedEventId(mock);
    mock.use('events.odds', () => [ROW], { once: true });
    expect((await call<OddsSnapshot[]>(mock, `/v1/events/${id}/odds`)).body).toEqual([ROW]);
    const real = (await call<OddsSnapshot[]>(mock, `/v1/events/${id}/odds`)).body;
    expect(real.every((r) => r.event_id === id)).toBe(true);
    // Kept now, the stable answer is not served in place of an override either.
    mock.use('events.odds', () => [ROW], { once: true });
    expect((await call<OddsSnapshot[]>(mock, `/v1/events/${id}/odds`)).body).toEqual([ROW]);
    expect((await call<OddsSnapshot[]>(mock, `/v1/events/${id}/odds`)).body).toEqual(real);
  });

  it('answers an override of an operation route with its success status', async () => {
    const mock = newMock();
    const account = fixtures.account({ email: 'someone@example.com' });
    mock.use('account.get', () => account, { once: true });
    const got = await call<Account>(mock, '/v1/account');
    expect(got.status).toBe(200);
    expect(got.body).toEqual(account);
    expect(got.headers.get('X-Credits-Cost')).toBeNull();
    const pending: ClaimPending = { status: 'claim_pending', message: 'payment is being confirmed' };
    mock.use('checkout.claim', ({ body }) => {
      expect(body).toEqual({});
      return pending;
    });
    const claim = await call(mock, '/v1/checkout/claims', {
      method: 'POST',
      key: null,
      headers: { 'Content-Type': 'application/json', Origin: mock.baseUrl, 'Sec-Fetch-Site': 'same-origin' },
      body: '{}',
    });
    expect([claim.status, claim.body]).toEqual([202, pending]);
  });
});

describe('mock.error: a failure of the route, as the service answers it', () => {
  it('a code answered after data work is charged one credit, with X-Result-Rows: 0; a 429 is free with Retry-After', async () => {
    const mock = newMock();
    mock.use(
      'events.odds',
      () => {
        throw mock.error('not_found', 'no such event here');
      },
      { once: true },
    );
    const missing = await call<{ error: { message: string } }>(mock, '/v1/events/42/odds');
    expectChargedFailure(missing, 404, 'not_found');
    expect(missing.body.error.message).toBe('no such event here');
    mock.use(
      'events.odds',
      () => {
        throw mock.error('service_error');
      },
      { once: true },
    );
    expectChargedFailure(await call(mock, '/v1/events/42/odds'), 502, 'service_error');
    mock.use(
      'events.odds',
      () => {
        throw mock.error('rate_limited');
      },
      { once: true },
    );
    const limited = await call(mock, '/v1/events/42/odds');
    expectFree(limited, 429, 'rate_limited');
    expect(limited.headers.get('Retry-After')).toBe('1');
    mock.use(
      'events.odds',
      () => {
        throw mock.error('quota_exceeded');
      },
      { once: true },
    );
    expect((await call(mock, '/v1/events/42/odds')).headers.get('Retry-After')).toBe(String(9 * 3600));
    mock.use(
      'events.odds',
      () => {
        throw mock.error('temporarily_unavailable', undefined, { retryAfter: 7 });
      },
      { once: true },
    );
    expect((await call(mock, '/v1/events/42/odds')).headers.get('Retry-After')).toBe('7');
    expect(charged(mock)).toBe(3);
    expect(() => mock.error('bogus' as never)).toThrow(RangeError);
    expect(() => mock.error('not_found', 'x', { retryAfter: 0.5 })).toThrow(RangeError);
  });

  it('a code the route never answers, or a resolver that throws anything else, is 422 fixture_invalid', async () => {
    const mock = newMock();
    mock.use(
      'events.odds',
      () => {
        throw mock.error('key_limit_reached');
      },
      { once: true },
    );
    expectFree(
      await call(mock, '/v1/events/42/odds'),
      422,
      'fixture_invalid',
      "mock.use('events.odds'): mock.error('key_limit_reached'): events.odds never answers key_limit_reached",
    );
    mock.use(
      'events.odds',
      () => {
        throw new TypeError('oops');
      },
      { once: true },
    );
    expectFree(await call(mock, '/v1/events/42/odds'), 422, 'fixture_invalid', 'the resolver threw TypeError: oops');
  });
});

describe('an override answer that breaks the route schema', () => {
  it('is 422 fixture_invalid naming the route and the field path: free, not retried, not in request health', async () => {
    const mock = newMock();
    mock.use('events.odds', () => [ROW, { ...ROW, odds1: '2.10' }] as never);
    const answer = await call<{ error: { message: string } }>(mock, '/v1/events/42/odds');
    expectFree(answer, 422, 'fixture_invalid');
    expect(answer.body.error.message).toBe(
      "mock.use('events.odds'): the answer breaks the route's schema at [1].odds1: expected number, received string",
    );
    expect(charged(mock)).toBe(0);
    expect(mock.ledger()[0]!.reserved).toBe(0);
    const health = (await call<RequestHealthReport>(mock, '/v1/account/request-health?days=1')).body;
    expect(health.summary.failed_requests).toBe(0);
    expect(mock.requests().map((r) => [r.route, r.status, r.error_code])).toContainEqual(['events.odds', 422, 'fixture_invalid']);

    const { odds, seen } = sdkFor(mock);
    const error = await odds.events.odds(42).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 422, code: 'fixture_invalid' });
    expect(String((error as Error).message)).toContain('[1].odds1: expected number, received string');
    expect(seen.retries).toHaveLength(0);
  });

  it('names a field the route does not define (a typo), and the root of a wrong shape', async () => {
    const mock = newMock();
    mock.use('events.odds', () => [{ ...ROW, odd1: 2.1 }] as never, { once: true });
    expectFree(
      await call(mock, '/v1/events/42/odds'),
      422,
      'fixture_invalid',
      'the answer has a field the route does not define at [0].odd1',
    );
    mock.use('analytics.clv', () => [] as never, { once: true });
    expectFree(
      await call(mock, `/v1/analytics/clv?event_id=42&market=moneyline&side=home&odds=2`),
      422,
      'fixture_invalid',
      'schema at the root: expected object, received an array',
    );
    mock.use('account.get', () => ({ ...fixtures.account(), plan: { slug: 'pro' } }) as never, { once: true });
    expectFree(await call(mock, '/v1/account'), 422, 'fixture_invalid', 'at plan.name');
  });

  it('a resolver that answers a route whose answer is one object counts one row', async () => {
    const mock = newMock();
    mock.use('analytics.clv', ({ query }) => ({
      closing_odds: 2,
      true_closing_odds: 2.05,
      expected_win: (query.stake ?? 1) * (query.odds / 2.05 - 1),
      clv: query.odds / 2.05 - 1,
    }));
    const answer = await call<ClosingLineValue>(mock, '/v1/analytics/clv?event_id=42&market=moneyline&side=home&odds=2.3&stake=10');
    expectMetered(answer, { cost: credits(1) });
    expect(answer.body.expected_win).toBe(10 * (2.3 / 2.05 - 1));
  });
});

describe('overrides and added events together', () => {
  it('an override narrowed to an added event answers for it only', async () => {
    const mock = newMock();
    const id = mock.data.addEvent({
      sport_id: 29,
      runner_home: 'A',
      runner_away: 'B',
      starts: iso(T0 + 60 * MINUTE),
      markets: [{ market: 'moneyline', prices: [{ at: -30, odds: [2, 3.4, 3.6] }] }],
    });
    mock.use(
      'events.odds',
      () => {
        throw mock.error('temporarily_unavailable');
      },
      { params: { event_id: id } },
    );
    expectChargedFailure(await call(mock, `/v1/events/${id}/odds`), 503, 'temporarily_unavailable');
    expect((await call(mock, `/v1/events/${id}/lines/opening`)).status).toBe(200);
  });
});
