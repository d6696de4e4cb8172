import { describe, expect, it } from 'vitest';
import { newGate, until } from '../helpers/gate';
import { ErrorEnvelope, RequestId } from '../../src/schemas';
import * as z from 'zod/mini';
import { call, codeOf, NOW, useMockServer } from '../helpers/mock-server';

const newMock = useMockServer();
const SPORTS = '/v1/catalog/sports';

describe('every response', () => {
  it('carries X-Request-Id (req_ + 32 hex) and X-Service-Origin, on success and failure alike', async () => {
    const mock = newMock();
    for (const answer of [await call(mock, SPORTS), await call(mock, SPORTS, { key: null })]) {
      expect(z.safeParse(RequestId, answer.headers.get('X-Request-Id')).success).toBe(true);
      expect(answer.headers.get('X-Service-Origin')).toBe('https://api.sports-odds.test');
    }
  });

  it('answers every failure with the envelope whose request_id equals the header', async () => {
    const mock = newMock();
    const answer = await call(mock, SPORTS, { key: null });
    expect(answer.status).toBe(401);
    const envelope = z.parse(ErrorEnvelope, answer.body);
    expect(envelope.error.request_id).toBe(answer.headers.get('X-Request-Id'));
  });

  it('answers unknown paths under /v1 with the 404 envelope', async () => {
    const mock = newMock();
    for (const path of ['/v1/nope', '/v1/events/1/odds/extra', '/v1/props/1/closing']) {
      const answer = await call(mock, path);
      expect(answer.status).toBe(404);
      expect(codeOf(answer)).toBe('not_found');
      expect(z.safeParse(ErrorEnvelope, answer.body).success).toBe(true);
    }
  });

  it('does not register the billing portal unless the mock turns it on', async () => {
    const off = await call(newMock(), '/v1/account/billing-portal', { method: 'POST' });
    expect(off.status).toBe(404);
    expect(codeOf(off)).toBe('not_found');
  });
});

describe('authentication (docs/service.md, Authentication, keys and scopes)', () => {
  it('refuses a missing, malformed or unknown key with 401 and a Bearer challenge', async () => {
    const mock = newMock();
    const cases = [
      await call(mock, SPORTS, { key: null }),
      await call(mock, SPORTS, { key: 'svc_live_short' }),
      await call(mock, SPORTS, { key: `svc_live_${'A'.repeat(32)}` }),
      await call(mock, SPORTS, { key: null, headers: { Authorization: `Basic ${btoa(mock.apiKey)}` } }),
    ];
    for (const answer of cases) {
      expect(answer.status).toBe(401);
      expect(codeOf(answer)).toBe('invalid_api_key');
      expect(answer.headers.get('WWW-Authenticate')).toMatch(/^Bearer/);
    }
  });

  it('never accepts a key from a query parameter, cookie or custom header', async () => {
    const mock = newMock();
    const key = mock.apiKey;
    const cases = [
      await call(mock, `${SPORTS}?api_key=${key}`, { key: null }),
      await call(mock, SPORTS, { key: null, headers: { Cookie: `api_key=${key}` } }),
      await call(mock, SPORTS, { key: null, headers: { 'X-Api-Key': key } }),
    ];
    for (const answer of cases) {
      expect(answer.status).toBe(401);
      expect(JSON.stringify(answer.body)).not.toContain(key);
    }
  });

  it('never looks up a key that arrives outside the Authorization header', async () => {
    const mock = newMock();
    const spare = await mock.createKey(mock.demoEmail, { name: 'spare' });
    await call(mock, `${SPORTS}?api_key=${spare.apiKey}`, { key: null });
    await call(mock, SPORTS, { key: null, headers: { Cookie: `api_key=${spare.apiKey}`, 'X-Api-Key': spare.apiKey } });
    const keys = await call<{ id: string; last_used_at: string | null }[]>(mock, '/v1/account/keys');
    expect(keys.body.find((k) => k.id === spare.id)?.last_used_at).toBeNull();
    await call(mock, SPORTS, { key: spare.apiKey });
    const after = await call<{ id: string; last_used_at: string | null }[]>(mock, '/v1/account/keys');
    expect(after.body.find((k) => k.id === spare.id)?.last_used_at).toBe(new Date(mock.clock.now()).toISOString());
  });

  it('refuses a revoked key', async () => {
    const mock = newMock();
    const extra = await mock.createKey(mock.demoEmail, { name: 'extra' });
    expect((await call(mock, SPORTS, { key: extra.apiKey })).status).toBe(200);
    const revoked = await call(mock, `/v1/account/keys/${extra.id}/revoke`, { method: 'POST' });
    if (revoked.status === 404) return; // key routes arrive with the accounts issue
    expect((await call(mock, SPORTS, { key: extra.apiKey })).status).toBe(401);
  });

  it('answers 403 insufficient_scope to a key without data:read', async () => {
    const mock = newMock();
    const manager = await mock.createKey(mock.demoEmail, { name: 'manager', scopes: ['account:manage'] });
    const answer = await call(mock, SPORTS, { key: manager.apiKey });
    expect(answer.status).toBe(403);
    expect(codeOf(answer)).toBe('insufficient_scope');
  });

  it.each([
    ['suspended', 'account_suspended'],
    ['canceled', 'account_suspended'],
    ['expired', 'account_suspended'],
    ['held', 'plan_inactive'],
    ['reconciliation_required', 'plan_inactive'],
  ] as const)('answers 403 %s accounts with %s, free', async (status, code) => {
    const mock = newMock();
    await mock.updateAccount(mock.demoEmail, { status });
    const answer = await call(mock, SPORTS);
    expect(answer.status).toBe(403);
    expect(codeOf(answer)).toBe(code);
    expect(answer.headers.get('X-Credits-Cost')).toBeNull();
    expect(mock.ledger()[0]!.charged).toBe(0);
  });

  it.each(['suspended', 'held'] as const)('keeps the account routes open to a %s account (only data access is refused)', async (status) => {
    const mock = newMock();
    await mock.updateAccount(mock.demoEmail, { status });
    expect((await call(mock, SPORTS)).status).toBe(403);
    const account = await call<{ status: string }>(mock, '/v1/account');
    expect(account.status).toBe(200);
    expect(account.body.status).toBe(status);
  });

  it.each(['active', 'past_due'] as const)('gives %s accounts data access', async (status) => {
    const mock = newMock();
    await mock.updateAccount(mock.demoEmail, { status });
    expect((await call(mock, SPORTS)).status).toBe(200);
  });
});

describe('rate limit (docs/service.md, Rate limit)', () => {
  it('allows the plan rate per second across all keys of the account, then 429 rate_limited, Retry-After 1, free', async () => {
    const mock = newMock({ demoAccount: { plan: 'trial' } }); // 2 requests per second
    const other = await mock.createKey(mock.demoEmail, { name: 'second key' });
    const first = await call(mock, SPORTS);
    const second = await call(mock, SPORTS, { key: other.apiKey });
    const third = await call(mock, SPORTS);
    expect([first.status, second.status, third.status]).toEqual([200, 200, 429]);
    expect(codeOf(third)).toBe('rate_limited');
    expect(third.headers.get('Retry-After')).toBe('1');
    expect(third.headers.get('X-Credits-Cost')).toBeNull();
    const charged = Number(first.headers.get('X-Credits-Cost')) + Number(second.headers.get('X-Credits-Cost'));
    expect(mock.ledger()[0]!.charged).toBe(charged);
    mock.clock.advance(1000);
    expect((await call(mock, SPORTS)).status).toBe(200);
  });

  it('counts every request with a valid key, even one refused for its scope', async () => {
    const mock = newMock({ demoAccount: { plan: 'trial' } });
    const manager = await mock.createKey(mock.demoEmail, { name: 'manager', scopes: ['account:manage'] });
    expect((await call(mock, SPORTS, { key: manager.apiKey })).status).toBe(403);
    expect((await call(mock, SPORTS)).status).toBe(200);
    expect(codeOf(await call(mock, SPORTS))).toBe('rate_limited');
  });

  it('keeps accounts apart', async () => {
    const mock = newMock({ demoAccount: { plan: 'trial' } });
    const other = await mock.createAccount({ email: 'other@example.com', plan: 'trial' });
    await call(mock, SPORTS);
    await call(mock, SPORTS);
    expect((await call(mock, SPORTS)).status).toBe(429);
    expect((await call(mock, SPORTS, { key: other.apiKey })).status).toBe(200);
  });
});

describe('input validation', () => {
  it('refuses unknown, repeated and malformed parameters with 400 invalid_parameters naming the parameter, free', async () => {
    const mock = newMock();
    const cases: [string, string][] = [
      [`${SPORTS}?foo=1`, 'position 1'], // an unknown name is pointed at, never echoed
      ['/v1/catalog/leagues', 'sport_id'],
      ['/v1/catalog/leagues?sport_id=abc', 'sport_id'],
      ['/v1/catalog/leagues?sport_id=1&sport_id=2', 'sport_id'],
      ['/v1/events?limit=501', 'limit'],
      ['/v1/events?starts_from=2026-11-21', 'starts_from'],
      ['/v1/events/abc/odds', 'event_id'],
      ['/v1/events/1/odds?since=2026-11-01T00:00:00Z&full_history=0', 'since'],
    ];
    for (const [path, name] of cases) {
      const answer = await call(mock, path);
      expect(answer.status, path).toBe(400);
      expect(codeOf(answer)).toBe('invalid_parameters');
      expect((answer.body as { error: { message: string } }).error.message).toContain(name);
      expect(answer.headers.get('X-Credits-Cost')).toBeNull();
    }
    expect(mock.ledger()[0]!.charged).toBe(0);
  });
});

describe('metering (docs/service.md, Metering: credits, windows and headers)', () => {
  it('charges max(1, ceil(rows / 20)) and sends every credit header with the compatibility aliases', async () => {
    const mock = newMock();
    const answer = await call<unknown[]>(mock, SPORTS);
    const rows = answer.body.length;
    const cost = Math.max(1, Math.ceil(rows / 20));
    const h = answer.headers;
    expect(h.get('X-Result-Rows')).toBe(String(rows));
    expect(h.get('X-Result-Truncated')).toBe('false');
    expect(h.get('X-Credits-Cost')).toBe(String(cost));
    expect(h.get('X-Credits-Period-Limit')).toBe('1000000');
    expect(h.get('X-Credits-Limit')).toBe('1000000');
    expect(h.get('X-Credits-Period-Remaining')).toBe(String(1_000_000 - cost));
    expect(h.get('X-Credits-Remaining')).toBe(String(1_000_000 - cost));
    expect(h.get('X-Credits-Daily-Limit')).toBe('100000');
    expect(h.get('X-Credits-Daily-Remaining')).toBe(String(100_000 - cost));
    expect(h.get('X-Credits-Daily-Reset')).toBe('2026-11-22T00:00:00.000Z');
    expect(Date.parse(h.get('X-Credits-Period-Reset')!)).toBe(Date.parse(NOW) + 30 * 86_400_000);
    expect(mock.ledger()[0]!.charged).toBe(cost);
  });

  it('sends no credit headers on unmetered or pre-dispatch failures', async () => {
    const mock = newMock();
    for (const answer of [await call(mock, SPORTS, { key: null }), await call(mock, '/v1/nope')]) {
      expect(answer.headers.get('X-Credits-Cost')).toBeNull();
      expect(answer.headers.get('X-Result-Rows')).toBeNull();
    }
  });

  it('charges 1 credit with X-Result-Rows 0 for a 404 after data work', async () => {
    const mock = newMock();
    const answer = await call(mock, '/v1/events/999999999999/odds');
    expect(answer.status).toBe(404);
    expect(codeOf(answer)).toBe('not_found');
    expect(answer.headers.get('X-Credits-Cost')).toBe('1');
    expect(answer.headers.get('X-Result-Rows')).toBe('0');
    expect(mock.ledger()[0]!.charged).toBe(1);
  });

  it.each([502, 503])('charges 1 credit for a %i after data work, nothing for a 500', async (status) => {
    const mock = newMock();
    mock.faults.inject({ route: 'catalog.sports', status });
    const failed = await call(mock, SPORTS);
    expect(failed.status).toBe(status);
    expect(failed.headers.get('X-Credits-Cost')).toBe('1');
    expect(failed.headers.get('X-Result-Rows')).toBe('0');
    mock.faults.inject({ route: 'catalog.sports', status: 500 });
    const internal = await call(mock, SPORTS);
    expect(internal.status).toBe(500);
    expect(codeOf(internal)).toBe('internal_error');
    expect(internal.headers.get('X-Credits-Cost')).toBeNull();
    expect(mock.ledger()[0]!.charged).toBe(1);
  });

  it('refuses a request whose envelope does not fit with 429 quota_exceeded, Retry-After to the reset, free, no data work', async () => {
    const mock = newMock({
      plans: { tiny: { slug: 'tiny', name: 'Tiny', periodCredits: 100, periodDays: 30, dailyCredits: 30, rateLimitRps: 100 } },
      demoAccount: { plan: 'tiny' },
    });
    // An odds route reserves ceil(500 / 20) = 25 credits and settles 1 for an unknown event.
    expect((await call(mock, '/v1/events/999999999999/odds')).headers.get('X-Credits-Daily-Remaining')).toBe('29');
    expect((await call(mock, '/v1/events/999999999999/odds')).headers.get('X-Credits-Daily-Remaining')).toBe('28');
    const history = await call(mock, '/v1/events/999999999999/odds?full_history=1'); // 250-credit envelope
    expect(history.status).toBe(429);
    expect(codeOf(history)).toBe('quota_exceeded');
    // Both windows are too small for 250; the later reset (the plan period, 30 days) wins.
    expect(Number(history.headers.get('Retry-After'))).toBe(30 * 86_400);
    expect(history.headers.get('X-Credits-Cost')).toBeNull();
    expect(mock.ledger()[0]!.charged).toBe(2);
  });

  it('answers Retry-After to the daily reset when only the daily guard is exhausted, and the guard resets at 00:00 UTC', async () => {
    const mock = newMock({
      plans: { tiny: { slug: 'tiny', name: 'Tiny', periodCredits: 1000, periodDays: 30, dailyCredits: 26, rateLimitRps: 100 } },
      demoAccount: { plan: 'tiny' },
    });
    expect((await call(mock, '/v1/events/999999999999/odds')).status).toBe(404); // 1 charged, 25 left
    expect((await call(mock, '/v1/events/999999999999/odds')).status).toBe(404); // 24 left
    const refused = await call(mock, '/v1/events/999999999999/odds');
    expect(codeOf(refused)).toBe('quota_exceeded');
    expect(Number(refused.headers.get('Retry-After'))).toBe(9 * 3600); // 15:00 -> 00:00 UTC
    mock.clock.set('2026-11-21T23:59:59Z');
    expect(codeOf(await call(mock, '/v1/events/999999999999/odds'))).toBe('quota_exceeded');
    mock.clock.set('2026-11-22T00:00:00Z');
    const next = await call(mock, '/v1/events/999999999999/odds');
    expect(next.status).toBe(404);
    expect(next.headers.get('X-Credits-Daily-Remaining')).toBe('25');
    expect(next.headers.get('X-Credits-Daily-Reset')).toBe('2026-11-23T00:00:00.000Z');
  });

  it('starts a new plan period at its reset', async () => {
    const mock = newMock({
      plans: { tiny: { slug: 'tiny', name: 'Tiny', periodCredits: 26, periodDays: 30, dailyCredits: 1000, rateLimitRps: 100 } },
      demoAccount: { plan: 'tiny' },
    });
    await call(mock, '/v1/events/999999999999/odds');
    await call(mock, '/v1/events/999999999999/odds');
    expect(codeOf(await call(mock, '/v1/events/999999999999/odds'))).toBe('quota_exceeded');
    mock.clock.advance(30 * 86_400_000);
    const next = await call(mock, '/v1/events/999999999999/odds');
    expect(next.status).toBe(404);
    expect(next.headers.get('X-Credits-Period-Remaining')).toBe('25');
  });
});

describe('output validation', () => {
  it('strips unknown source fields from rows (docs/service.md, Overview: unknown source fields are removed)', async () => {
    const mock = newMock();
    const answer = await call<Record<string, unknown>[]>(mock, SPORTS);
    expect(answer.body.length).toBe(44);
    const allowed = new Set(['sport_id', 'name', 'has_history', 'has_live', 'has_props', 'has_outrights']);
    for (const row of answer.body) for (const key of Object.keys(row)) expect(allowed.has(key), key).toBe(true);
  });
});

describe('cache (X-Cache)', () => {
  it('answers MISS then HIT on cache-eligible routes, and never on odds', async () => {
    const mock = newMock();
    expect((await call(mock, SPORTS)).headers.get('X-Cache')).toBe('MISS');
    expect((await call(mock, SPORTS)).headers.get('X-Cache')).toBe('HIT');
    mock.clock.advance(60 * 60 * 1000);
    expect((await call(mock, SPORTS)).headers.get('X-Cache')).toBe('MISS');
    expect((await call(mock, '/v1/events/999999999999/odds')).headers.get('X-Cache')).toBeNull();
  });
});

describe('faults', () => {
  it('drops the connection before any work, free', async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'catalog.sports', drop: 'connection' });
    await expect(fetch(`${mock.baseUrl}${SPORTS}`, { headers: { Authorization: `Bearer ${mock.apiKey}` } })).rejects.toThrow();
    expect(mock.ledger()[0]!.charged).toBe(0);
    expect((await call(mock, SPORTS)).status).toBe(200);
  });

  it('drops the connection after the service committed and charged the request', async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'catalog.sports', drop: 'after_commit' });
    await expect(fetch(`${mock.baseUrl}${SPORTS}`, { headers: { Authorization: `Bearer ${mock.apiKey}` } })).rejects.toThrow();
    expect(mock.ledger()[0]!.charged).toBe(3);
  });
});

describe('held answers (latency and test gates)', () => {
  it('holds a cached answer too, with its reservation in flight, and lists the gate as held', async () => {
    const mock = newMock();
    expect((await call(mock, SPORTS)).headers.get('X-Cache')).toBe('MISS');
    const gate = newGate();
    mock.faults.inject({ route: 'catalog.sports', hold: gate.opened });
    expect(mock.faults.list()).toEqual([expect.objectContaining({ route: 'catalog.sports', held: true, remaining: 1 })]);
    const held = call(mock, SPORTS);
    await until(() => mock.ledger()[0]!.reserved > 0);
    expect(mock.ledger()[0]!.reserved).toBe(25); // the envelope: ceil(500 / 20)
    gate.open();
    const answer = await held;
    expect(answer.status).toBe(200);
    expect(answer.headers.get('X-Cache')).toBe('HIT');
    expect(mock.ledger()[0]!.reserved).toBe(0);
  });
});

describe('concurrency', () => {
  it('admits exactly as many of 200 simultaneous requests as fit, never overspends, and the rejected ones cost nothing', async () => {
    const plans = {
      burst: { slug: 'burst', name: 'Burst', periodCredits: 1_000_000, periodDays: 30, dailyCredits: 25 * 37 + 10, rateLimitRps: 1000 },
    };
    const mock = newMock({ plans, demoAccount: { plan: 'burst' } });
    const keys = [mock.apiKey];
    for (let i = 0; i < 3; i++) keys.push((await mock.createKey(mock.demoEmail, { name: `k${i}` })).apiKey);
    // Each odds request reserves 25 credits; the daily guard holds 37 full envelopes (and 10 spare).
    // A gate holds every admitted request's data work, so all 200 are decided while every admitted
    // reservation is still in flight; only then is the gate opened.
    const gate = newGate();
    mock.faults.inject({ route: 'events.odds', count: 200, hold: gate.opened });
    let decided = 0;
    const pending = Array.from({ length: 200 }, (_, i) =>
      call(mock, '/v1/events/999999999999/odds', { key: keys[i % keys.length]! }).finally(() => void (decided += 1)),
    );
    await until(() => decided === 163);
    expect(mock.ledger()[0]!.reserved).toBe(37 * 25);
    gate.open();
    const answers = await Promise.all(pending);
    const admitted = answers.filter((a) => a.status === 404);
    const refused = answers.filter((a) => codeOf(a) === 'quota_exceeded');
    expect(admitted.length + refused.length).toBe(200);
    expect(admitted.length).toBe(37);
    const charged = admitted.reduce((sum, a) => sum + Number(a.headers.get('X-Credits-Cost')), 0);
    const ledger = mock.ledger()[0]!;
    expect(charged).toBe(ledger.charged);
    expect(ledger.reserved).toBe(0);
    for (const a of admitted) expect(Number(a.headers.get('X-Credits-Daily-Remaining'))).toBeGreaterThanOrEqual(0);
    for (const a of refused) expect(a.headers.get('X-Credits-Cost')).toBeNull();
    expect(ledger.daily.used).toBeLessThanOrEqual(ledger.daily.limit);
  });
});
