import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import {
  Account,
  ACCOUNT_STATUSES,
  AccountStatus,
  BillingPortal,
  DaysQuery,
  Plan,
  Quota,
  QuotaWindow,
  RecoveryEmailStatus,
  Usage,
  UsageDay,
} from '../../src/schemas';
import { expectFail, expectOk } from './fixtures';

const billingPeriod = {
  starts_at: '2026-11-01T00:00:00Z',
  resets_at: '2026-12-01T00:00:00Z',
  limit: 100_000,
  used: 41_230,
  in_flight: 25,
  committed: 41_255,
  remaining: 58_745,
};
const daily = {
  starts_at: '2026-11-21T00:00:00Z',
  resets_at: '2026-11-22T00:00:00Z',
  limit: 10_000,
  used: 1_204,
  in_flight: 25,
  committed: 1_229,
  remaining: 8_771,
};
const quota = {
  period: '2026-11-01/2026-12-01',
  limit: 100_000,
  used: 41_230,
  committed: 41_255,
  remaining: 58_745,
  resets_at: '2026-12-01T00:00:00Z',
  billing_period: billingPeriod,
  daily,
};
const account = {
  email: 'ops@example.com',
  status: 'active',
  plan: { slug: 'starter', name: 'Starter', daily_credit_limit: 10_000, rate_limit_rps: 5 },
  quota,
  recovery_email: { verified: true, verified_at: '2026-10-02T08:30:00Z' },
};

describe('Account (docs/service.md, Account and key routes)', () => {
  it('accepts a full account record', () => {
    expect(expectOk(Account, account)).toEqual(account);
  });

  it('requires each top-level field', () => {
    for (const key of Object.keys(account)) {
      const { [key as keyof typeof account]: _omitted, ...rest } = account;
      expectFail(Account, rest, [key]);
    }
  });

  it('refuses an invalid email', () => {
    expectFail(Account, { ...account, email: 'not-an-email' }, ['email']);
  });

  it('accepts each named account status', () => {
    for (const status of ACCOUNT_STATUSES) expectOk(Account, { ...account, status });
  });

  it('names the seven account statuses of docs/service.md (Numeric codes and identifiers)', () => {
    expect([...ACCOUNT_STATUSES].sort()).toEqual(
      ['active', 'past_due', 'suspended', 'canceled', 'expired', 'held', 'reconciliation_required'].sort(),
    );
    expectFail(AccountStatus, 'paused');
  });
});

describe('Plan', () => {
  it('requires integer daily_credit_limit and rate_limit_rps', () => {
    expectOk(Plan, account.plan);
    expectFail(Plan, { ...account.plan, rate_limit_rps: 2.5 }, ['rate_limit_rps']);
    expectFail(Plan, { ...account.plan, daily_credit_limit: -1 }, ['daily_credit_limit']);
    expectFail(Plan, { ...account.plan, slug: undefined }, ['slug']);
  });
});

describe('QuotaWindow (docs/service.md, Account and key routes)', () => {
  it('accepts both windows', () => {
    expect(expectOk(QuotaWindow, billingPeriod)).toEqual(billingPeriod);
    expect(expectOk(QuotaWindow, daily)).toEqual(daily);
  });

  it('requires every field', () => {
    for (const key of Object.keys(billingPeriod)) {
      const { [key as keyof typeof billingPeriod]: _omitted, ...rest } = billingPeriod;
      expectFail(QuotaWindow, rest, [key]);
    }
  });

  it('counts are non-negative integers', () => {
    for (const key of ['limit', 'used', 'in_flight', 'committed', 'remaining']) {
      expectOk(QuotaWindow, { ...billingPeriod, [key]: 0 });
      expectFail(QuotaWindow, { ...billingPeriod, [key]: -1 }, [key]);
      expectFail(QuotaWindow, { ...billingPeriod, [key]: 1.5 }, [key]);
      expectFail(QuotaWindow, { ...billingPeriod, [key]: '10' }, [key]);
      expectFail(QuotaWindow, { ...billingPeriod, [key]: null }, [key]);
    }
  });

  it('timestamps are date-times', () => {
    expectFail(QuotaWindow, { ...billingPeriod, starts_at: '2026-11-01' }, ['starts_at']);
    expectFail(QuotaWindow, { ...billingPeriod, resets_at: 'next month' }, ['resets_at']);
  });
});

describe('Quota', () => {
  it('accepts the quota object and requires both windows', () => {
    expect(expectOk(Quota, quota)).toEqual(quota);
    const { daily: _daily, ...noDaily } = quota;
    expectFail(Quota, noDaily, ['daily']);
    expectFail(Quota, { ...quota, billing_period: { ...billingPeriod, in_flight: undefined } }, ['billing_period', 'in_flight']);
  });

  it('the top-level figures are non-negative integers', () => {
    expectFail(Quota, { ...quota, remaining: -5 }, ['remaining']);
  });
});

describe('RecoveryEmailStatus (docs/service.md, Account and key routes)', () => {
  it('accepts verified with a timestamp, and unverified with null', () => {
    expectOk(RecoveryEmailStatus, { verified: true, verified_at: '2026-10-02T08:30:00Z' });
    expectOk(RecoveryEmailStatus, { verified: false, verified_at: null });
  });

  it('requires both fields (verified_at may be null but not absent)', () => {
    expectFail(RecoveryEmailStatus, { verified: false }, ['verified_at']);
    expectFail(RecoveryEmailStatus, { verified_at: null }, ['verified']);
  });

  it('refuses a non-boolean verified and a malformed verified_at', () => {
    expectFail(RecoveryEmailStatus, { verified: 1, verified_at: null }, ['verified']);
    expectFail(RecoveryEmailStatus, { verified: true, verified_at: 'yesterday' }, ['verified_at']);
  });
});

describe('Usage (docs/service.md)', () => {
  const usage = {
    days: 3,
    from: '2026-11-19',
    to: '2026-11-21',
    series: [
      { date: '2026-11-19', requests: 120, credits: 240 },
      { date: '2026-11-20', requests: 0, credits: 0 },
      { date: '2026-11-21', requests: 45, credits: 51 },
    ],
  };

  it('accepts a zero-filled series', () => {
    expect(expectOk(Usage, usage)).toEqual(usage);
  });

  it('days: 1 and 90 accepted, 0 and 91 rejected', () => {
    expectOk(Usage, { ...usage, days: 1 });
    expectOk(Usage, { ...usage, days: 90 });
    expectFail(Usage, { ...usage, days: 0 }, ['days']);
    expectFail(Usage, { ...usage, days: 91 }, ['days']);
    expectFail(Usage, { ...usage, days: 2.5 }, ['days']);
  });

  it('from/to are dates and series entries are well formed', () => {
    expectFail(Usage, { ...usage, from: '2026-11-19T00:00:00Z' }, ['from']);
    expectFail(Usage, { ...usage, series: [{ date: '2026-11-19', requests: -1, credits: 0 }] }, ['series', 0, 'requests']);
    expectFail(UsageDay, { date: '2026-11-19', requests: 1 }, ['credits']);
    expectFail(UsageDay, { date: 'Nov 19', requests: 1, credits: 1 }, ['date']);
  });
});

describe('DaysQuery', () => {
  it("decodes days '1' and '90', and an empty query", () => {
    expect(z.decode(DaysQuery, { days: '1' })).toEqual({ days: 1 });
    expect(z.decode(DaysQuery, { days: '90' })).toEqual({ days: 90 });
    expect(z.decode(DaysQuery, {})).toEqual({});
    expect(z.encode(DaysQuery, { days: 30 })).toEqual({ days: '30' });
  });

  it("rejects days '0', '91' and non-integers, naming days", () => {
    for (const bad of ['0', '91', '-1', '1.5', 'thirty', '']) expectFail(DaysQuery, { days: bad }, ['days']);
  });

  it('rejects unknown parameters', () => {
    expectFail(DaysQuery, { days: '30', cursor: 'x' });
  });
});

describe('BillingPortal', () => {
  it('answers a portal_url that is a URL', () => {
    expectOk(BillingPortal, { portal_url: 'https://billing.example.com/session/abc' });
    expectFail(BillingPortal, { portal_url: 'not a url' }, ['portal_url']);
    expectFail(BillingPortal, {}, ['portal_url']);
  });
});
