import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { Account } from '../../../src/schemas';
import type { MockService } from '../../../mocks';
import { call, codeOf, useMockServer } from '../../helpers/mock-server';

const newMock = useMockServer();

const DAY = 86_400_000;
const SPORTS = '/v1/catalog/sports';
const iso = (ms: number) => new Date(ms).toISOString();
const accountOf = async (mock: MockService, key = mock.apiKey) => {
  const answer = await call(mock, '/v1/account', { key });
  expect(answer.status).toBe(200);
  return z.parse(Account, answer.body);
};

describe('a plan change (mock.updateAccount, "Limits and plans")', () => {
  it("applies the new plan's credit limits from now and keeps what the windows already used", async () => {
    const mock = newMock();
    const t0 = mock.clock.now();
    const spent = await call(mock, SPORTS);
    expect(spent.status).toBe(200);
    const cost = Number(spent.headers.get('X-Credits-Cost'));
    expect(cost).toBeGreaterThan(0);

    await mock.updateAccount(mock.demoEmail, { plan: 'trial' });

    const record = await accountOf(mock);
    expect(record.plan).toEqual({ slug: 'trial', name: 'Trial', daily_credit_limit: 1_000, rate_limit_rps: 2 });
    expect(record.quota.billing_period).toMatchObject({
      starts_at: iso(t0),
      resets_at: iso(t0 + 30 * DAY),
      limit: 10_000,
      used: cost,
      remaining: 10_000 - cost,
    });
    expect(record.quota.daily).toMatchObject({ limit: 1_000, used: cost, remaining: 1_000 - cost });
    expect(mock.accounts().find((a) => a.email === mock.demoEmail)?.plan).toBe('trial');

    mock.clock.advance(1_000);
    const next = await call(mock, SPORTS);
    expect(next.status).toBe(200);
    expect(next.headers.get('X-Credits-Period-Limit')).toBe('10000');
    expect(next.headers.get('X-Credits-Daily-Limit')).toBe('1000');
  });

  it("applies the new plan's per-second rate from the next request", async () => {
    const mock = newMock();
    await mock.updateAccount(mock.demoEmail, { plan: 'trial' });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(mock, SPORTS)).status);
    // Trial allows 2 requests per second; the demo account's pro plan allowed 20.
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('refuses an unknown plan naming the catalog, and changes nothing', async () => {
    const mock = newMock();
    await expect(mock.updateAccount(mock.demoEmail, { plan: 'gold' })).rejects.toThrow(
      new RangeError('unknown plan gold: one of trial, starter, pro'),
    );
    expect((await accountOf(mock)).plan.slug).toBe('pro');
    await expect(mock.createAccount({ email: 'gold@example.com', plan: 'gold' })).rejects.toThrow(
      new RangeError('unknown plan gold: one of trial, starter, pro'),
    );
    expect(mock.accounts().map((a) => a.email)).toEqual([mock.demoEmail]);
  });

  it('names the configured catalog when the mock has its own plans', async () => {
    const mock = newMock({
      plans: { team: { slug: 'team', name: 'Team', periodCredits: 50_000, periodDays: 30, dailyCredits: 5_000, rateLimitRps: 10 } },
    });
    await expect(mock.createAccount({ email: 'x@example.com', plan: 'enterprise' })).rejects.toThrow(
      new RangeError('unknown plan enterprise: one of trial, starter, pro, team'),
    );
    const { apiKey } = await mock.createAccount({ email: 'team@example.com', plan: 'team' });
    expect((await accountOf(mock, apiKey)).plan).toEqual({ slug: 'team', name: 'Team', daily_credit_limit: 5_000, rate_limit_rps: 10 });
  });
});

describe('a new account (mock.createAccount)', () => {
  it('is, by default, an active trial account with an unverified mailbox and one primary key holding both scopes', async () => {
    const mock = newMock();
    const t0 = mock.clock.now();
    const { email, apiKey } = await mock.createAccount({ email: 'plain@example.com' });
    expect(email).toBe('plain@example.com');
    const account = mock.accounts().find((a) => a.email === email)!;
    expect(account).toMatchObject({ status: 'active', plan: 'trial', createdAt: t0, recoveryEmailVerified: false });
    expect(account.keys).toHaveLength(1);
    expect(account.keys[0]).toMatchObject({
      name: 'Primary key',
      scopes: ['data:read', 'account:manage'],
      status: 'active',
      prefix: apiKey.slice(0, 13),
    });

    const record = await accountOf(mock, apiKey);
    expect(record).toMatchObject({ email, status: 'active', recovery_email: { verified: false, verified_at: null } });
    expect(record.plan.slug).toBe('trial');
    expect((await call(mock, SPORTS, { key: apiKey })).status).toBe(200);
  });

  it('takes the status, plan and mailbox authority it is given', async () => {
    const mock = newMock();
    const t0 = mock.clock.now();
    const { apiKey } = await mock.createAccount({
      email: 'held@example.com',
      plan: 'starter',
      status: 'held',
      recoveryEmailVerified: true,
    });
    expect(mock.accounts().find((a) => a.email === 'held@example.com')).toMatchObject({
      status: 'held',
      plan: 'starter',
      recoveryEmailVerified: true,
    });
    const refused = await call(mock, SPORTS, { key: apiKey });
    expect(refused.status).toBe(403);
    expect(codeOf(refused)).toBe('plan_inactive');
    await mock.updateAccount('held@example.com', { status: 'active' });
    expect((await accountOf(mock, apiKey)).recovery_email).toEqual({ verified: true, verified_at: iso(t0) });
  });

  it('uses a fixed primary key when one is given (demo scripts), and a fresh random one otherwise', async () => {
    const mock = newMock();
    const fixed = `svc_live_${'Fixed0123456789'.padEnd(32, 'x')}`;
    const created = await mock.createAccount({ email: 'fixed@example.com', apiKey: fixed });
    expect(created.apiKey).toBe(fixed);
    expect((await accountOf(mock, fixed)).email).toBe('fixed@example.com');

    const a = await mock.createAccount({ email: 'a@example.com' });
    const b = await mock.createAccount({ email: 'b@example.com' });
    for (const key of [a.apiKey, b.apiKey]) expect(key).toMatch(/^svc_live_[A-Za-z0-9]{32}$/);
    expect(a.apiKey).not.toBe(b.apiKey);
  });
});

describe('the quota object (docs/service.md, Account and key routes, docs/interpretations.md)', () => {
  it('names the current plan period as the ISO 8601 interval starts/resets, and moves with it', async () => {
    const mock = newMock();
    const t0 = mock.clock.now();
    const first = (await accountOf(mock)).quota;
    expect(first.period).toBe(`${iso(t0)}/${iso(t0 + 30 * DAY)}`);
    expect(first.period).toBe(`${first.billing_period.starts_at}/${first.billing_period.resets_at}`);

    mock.clock.advance(30 * DAY);
    const next = (await accountOf(mock)).quota;
    expect(next.period).toBe(`${iso(t0 + 30 * DAY)}/${iso(t0 + 60 * DAY)}`);
  });
});
