import { describe, expect, it } from 'vitest';
import { newGate, until } from '../helpers/gate';
import * as z from 'zod/mini';
import { Account, BillingPortal, ErrorEnvelope, RequestId } from '../../src/schemas';
import type { MockService } from '../../mocks';
import { call, codeOf, CREDIT_HEADERS, useMockServer, type Answer } from '../helpers/mock-server';
import { newRotationNonce } from '../../src/core/rotation/record';

const newMock = useMockServer();

const DAY = 86_400_000;
const SPORTS = '/v1/catalog/sports';
const UNKNOWN_ODDS = '/v1/events/999999999999/odds';
const METERING_HEADERS = [...CREDIT_HEADERS, 'X-Result-Rows'];

const iso = (ms: number) => new Date(ms).toISOString();
const nonce = newRotationNonce;
const postJson = (body: unknown, extra: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...extra },
  body: JSON.stringify(body),
});

const account = async (mock: MockService, key?: string) => {
  const answer = await call<Account>(mock, '/v1/account', key === undefined ? {} : { key });
  expect(answer.status).toBe(200);
  return z.parse(Account, answer.body);
};

const ledgerOf = (mock: MockService, email = mock.demoEmail) => {
  const entry = mock.ledger().find((e) => e.email === email);
  if (!entry) throw new Error(`no ledger entry for ${email}`);
  return entry;
};

/** Waits (without asserting anything about time) until `check` holds. */
describe('GET /v1/account (docs/service.md, Account and key routes)', () => {
  it('answers the full record: email, status, plan, quota with both windows, recovery email', async () => {
    const mock = newMock();
    const t0 = mock.clock.now();
    const answer = await call(mock, '/v1/account');
    expect(answer.status).toBe(200);
    expect(z.safeParse(RequestId, answer.headers.get('X-Request-Id')).success).toBe(true);
    const record = z.parse(Account, answer.body);
    expect(record.email).toBe(mock.demoEmail);
    expect(record.status).toBe('active');
    expect(record.plan).toEqual({ slug: 'pro', name: 'Pro', daily_credit_limit: 100_000, rate_limit_rps: 20 });
    expect(record.recovery_email).toEqual({ verified: true, verified_at: iso(t0) });

    const { quota } = record;
    expect(quota.billing_period).toEqual({
      starts_at: iso(t0),
      resets_at: iso(t0 + 30 * DAY),
      limit: 1_000_000,
      used: 0,
      in_flight: 0,
      committed: 0,
      remaining: 1_000_000,
    });
    expect(quota.daily).toEqual({
      starts_at: '2026-11-21T00:00:00.000Z',
      resets_at: '2026-11-22T00:00:00.000Z',
      limit: 100_000,
      used: 0,
      in_flight: 0,
      committed: 0,
      remaining: 100_000,
    });
    // The top-level figures are the plan-period window's.
    expect(quota.limit).toBe(quota.billing_period.limit);
    expect(quota.used).toBe(quota.billing_period.used);
    expect(quota.committed).toBe(quota.billing_period.committed);
    expect(quota.remaining).toBe(quota.billing_period.remaining);
    expect(quota.resets_at).toBe(quota.billing_period.resets_at);
    expect(typeof quota.period).toBe('string');
  });

  it('shows the plan, status and mailbox authority of the calling account, not of the demo account', async () => {
    const mock = newMock();
    const other = await mock.createAccount({
      email: 'starter@example.com',
      plan: 'starter',
      status: 'past_due',
      recoveryEmailVerified: false,
    });
    const record = await account(mock, other.apiKey);
    expect(record.email).toBe('starter@example.com');
    expect(record.status).toBe('past_due');
    expect(record.plan).toEqual({ slug: 'starter', name: 'Starter', daily_credit_limit: 10_000, rate_limit_rps: 5 });
    expect(record.quota.billing_period.limit).toBe(100_000);
    expect(record.quota.daily.limit).toBe(10_000);
    expect(record.recovery_email).toEqual({ verified: false, verified_at: null });
  });

  it('has quota windows that agree with the metering of the data routes (headers and ledger)', async () => {
    const mock = newMock();
    const answers: Answer[] = [];
    answers.push(await call(mock, SPORTS)); // 200, charged by rows
    answers.push(await call(mock, UNKNOWN_ODDS)); // 404 after data work, 1 credit
    answers.push(await call(mock, SPORTS)); // cache hit, charged again
    answers.push(await call(mock, `${SPORTS}?nope=1`)); // 400 before data work, free
    const spent = answers.reduce((sum, a) => sum + Number(a.headers.get('X-Credits-Cost') ?? 0), 0);
    expect(answers.map((a) => a.status)).toEqual([200, 404, 200, 400]);
    expect(spent).toBeGreaterThan(1);

    const record = await account(mock);
    const last = answers[2]!.headers;
    const { billing_period: period, daily } = record.quota;
    expect(period.used).toBe(spent);
    expect(period.in_flight).toBe(0);
    expect(period.committed).toBe(spent);
    expect(period.remaining).toBe(period.limit - spent);
    expect(period.remaining).toBe(Number(last.get('X-Credits-Period-Remaining')));
    expect(period.limit).toBe(Number(last.get('X-Credits-Period-Limit')));
    expect(period.resets_at).toBe(last.get('X-Credits-Period-Reset'));
    expect(daily.used).toBe(spent);
    expect(daily.remaining).toBe(Number(last.get('X-Credits-Daily-Remaining')));
    expect(daily.limit).toBe(Number(last.get('X-Credits-Daily-Limit')));
    expect(daily.resets_at).toBe(last.get('X-Credits-Daily-Reset'));
    expect(record.quota.used).toBe(spent);
    expect(record.quota.remaining).toBe(period.remaining);

    const ledger = ledgerOf(mock);
    expect(ledger.charged).toBe(spent);
    expect(ledger.period).toEqual(period);
    expect(ledger.daily).toEqual(daily);
  });

  it('counts a running data request as in flight: remaining = limit - used - in_flight, committed = used + in_flight', async () => {
    const mock = newMock();
    const first = await call(mock, SPORTS);
    const used = Number(first.headers.get('X-Credits-Cost'));
    const gate = newGate();
    mock.faults.inject({ route: 'events.odds', hold: gate.opened });
    const slow = call(mock, UNKNOWN_ODDS);
    await until(() => ledgerOf(mock).reserved > 0);
    const envelope = ledgerOf(mock).reserved;
    expect(envelope).toBe(25); // ceil(500 / 20): the odds route's maximum certified charge

    const during = await account(mock);
    for (const w of [during.quota.billing_period, during.quota.daily]) {
      expect(w.used).toBe(used);
      expect(w.in_flight).toBe(envelope);
      expect(w.committed).toBe(used + envelope);
      expect(w.remaining).toBe(w.limit - used - envelope);
    }
    expect(during.quota.committed).toBe(used + envelope);
    expect(during.quota.remaining).toBe(during.quota.limit - used - envelope);
    // A data response settled meanwhile reports the same spendable balance (its own cost aside).
    const meanwhile = await call(mock, SPORTS);
    const cost = Number(meanwhile.headers.get('X-Credits-Cost'));
    expect(Number(meanwhile.headers.get('X-Credits-Period-Remaining'))).toBe(during.quota.limit - used - cost - envelope);

    gate.open();
    const done = await slow;
    expect(done.status).toBe(404);
    expect(done.headers.get('X-Credits-Cost')).toBe('1');
    const after = await account(mock);
    for (const w of [after.quota.billing_period, after.quota.daily]) {
      expect(w.in_flight).toBe(0);
      expect(w.used).toBe(used + cost + 1);
      expect(w.committed).toBe(w.used);
      expect(w.remaining).toBe(w.limit - w.used);
    }
    expect(ledgerOf(mock).reserved).toBe(0);
  });

  it('rolls the daily window at 00:00 UTC while the plan period keeps its figures', async () => {
    const mock = newMock();
    const cost = Number((await call(mock, SPORTS)).headers.get('X-Credits-Cost'));
    mock.clock.set('2026-11-22T00:00:00Z');
    const record = await account(mock);
    expect(record.quota.daily).toMatchObject({
      starts_at: '2026-11-22T00:00:00.000Z',
      resets_at: '2026-11-23T00:00:00.000Z',
      used: 0,
      remaining: 100_000,
    });
    expect(record.quota.billing_period).toMatchObject({ used: cost, remaining: 1_000_000 - cost });
  });
});

describe('account routes: scope, metering and rate', () => {
  const manageRoutes = (mock: MockService, key: string): Promise<Answer>[] => [
    call(mock, '/v1/account', { key }),
    call(mock, '/v1/account/usage', { key }),
    call(mock, '/v1/account/request-health', { key }),
    call(mock, '/v1/account/keys', { key }),
    call(mock, '/v1/account/keys', { key, ...postJson({ name: 'x' }) }),
    call(mock, `/v1/account/keys/key_${'0'.repeat(32)}/revoke`, { key, method: 'POST' }),
    call(mock, '/v1/account/keys/rotate', { key, method: 'POST', headers: { 'Idempotency-Key': nonce() } }),
    call(mock, '/v1/account/recovery-email/verification/resend', { key, ...postJson({}) }),
  ];

  it('answers 403 insufficient_scope to a data:read key on every account route, and changes nothing', async () => {
    const mock = newMock();
    const reader = await mock.createKey(mock.demoEmail, { name: 'reader', scopes: ['data:read'] });
    const before = await call<unknown[]>(mock, '/v1/account/keys');
    for (const answer of await Promise.all(manageRoutes(mock, reader.apiKey))) {
      expect(answer.status).toBe(403);
      expect(codeOf(answer)).toBe('insufficient_scope');
      expect(z.safeParse(ErrorEnvelope, answer.body).success).toBe(true);
      expect(JSON.stringify(answer.body)).not.toContain(reader.apiKey);
    }
    // The reader key was neither rotated nor revoked and still reads data.
    expect((await call(mock, SPORTS, { key: reader.apiKey })).status).toBe(200);
    const after = await call<{ status: string }[]>(mock, '/v1/account/keys');
    expect(after.body.length).toBe(before.body.length);
    expect(after.body.every((k) => k.status === 'active')).toBe(true);
  });

  it('answers 401 invalid_api_key without a key', async () => {
    const mock = newMock();
    const answer = await call(mock, '/v1/account', { key: null });
    expect(answer.status).toBe(401);
    expect(codeOf(answer)).toBe('invalid_api_key');
  });

  it('lets an account:manage-only key read the account', async () => {
    const mock = newMock();
    const manager = await mock.createKey(mock.demoEmail, { name: 'manager', scopes: ['account:manage'] });
    expect((await account(mock, manager.apiKey)).email).toBe(mock.demoEmail);
  });

  it('carries no credit headers and charges nothing on account routes', async () => {
    const mock = newMock();
    const answers = [
      await call(mock, '/v1/account'),
      await call(mock, '/v1/account/usage'),
      await call(mock, '/v1/account/request-health'),
      await call(mock, '/v1/account/keys'),
      await call(mock, '/v1/account/keys', postJson({ name: 'new' })),
      await call(mock, '/v1/account/recovery-email/verification/resend', postJson({})),
      await call(mock, '/v1/account/usage?days=0'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 201, 202, 400]);
    for (const answer of answers) {
      expect(answer.headers.get('X-Request-Id')).not.toBeNull();
      for (const name of METERING_HEADERS) expect(answer.headers.get(name), name).toBeNull();
    }
    const ledger = ledgerOf(mock);
    expect(ledger.charged).toBe(0);
    expect(ledger.charges).toEqual([]);
    expect((await account(mock)).quota.billing_period.used).toBe(0);
  });

  it('counts account requests against the per-second rate limit shared with data requests', async () => {
    const mock = newMock({ demoAccount: { plan: 'trial' } }); // 2 requests per second
    expect((await call(mock, '/v1/account')).status).toBe(200);
    expect((await call(mock, '/v1/account/keys')).status).toBe(200);
    const data = await call(mock, SPORTS);
    expect(data.status).toBe(429);
    expect(codeOf(data)).toBe('rate_limited');
    expect(data.headers.get('Retry-After')).toBe('1');
    const again = await call(mock, '/v1/account');
    expect(again.status).toBe(429);
    expect(codeOf(again)).toBe('rate_limited');
    expect(again.headers.get('X-Credits-Cost')).toBeNull();
    mock.clock.advance(1000);
    expect((await call(mock, '/v1/account')).status).toBe(200);
    expect((await call(mock, SPORTS)).status).toBe(200);
  });
});

describe('POST /v1/account/billing-portal', () => {
  it('is not registered by default: 404 not_found for every caller', async () => {
    const mock = newMock();
    for (const answer of [
      await call(mock, '/v1/account/billing-portal', { method: 'POST' }),
      await call(mock, '/v1/account/billing-portal', { method: 'POST', key: null }),
    ]) {
      expect(answer.status).toBe(404);
      expect(codeOf(answer)).toBe('not_found');
    }
  });

  it('answers 200 { portal_url } when the mock turns it on, under account:manage, and takes no redirect input', async () => {
    const mock = newMock({ billingPortal: true });
    const answer = await call(mock, '/v1/account/billing-portal', { method: 'POST' });
    expect(answer.status).toBe(200);
    const body = z.parse(BillingPortal, answer.body);
    expect(Object.keys(answer.body as object)).toEqual(['portal_url']);
    expect(new URL(body.portal_url).protocol).toBe('https:');
    expect(body.portal_url).not.toContain(mock.apiKey);
    for (const name of METERING_HEADERS) expect(answer.headers.get(name)).toBeNull();

    const reader = await mock.createKey(mock.demoEmail, { name: 'reader' });
    const refused = await call(mock, '/v1/account/billing-portal', { method: 'POST', key: reader.apiKey });
    expect(refused.status).toBe(403);
    expect(codeOf(refused)).toBe('insufficient_scope');

    const redirect = await call(mock, '/v1/account/billing-portal?return_url=https%3A%2F%2Fevil.test', { method: 'POST' });
    expect(redirect.status).toBe(400);
    expect(codeOf(redirect)).toBe('invalid_parameters');
  });
});
