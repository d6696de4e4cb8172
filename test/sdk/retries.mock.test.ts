import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  ConnectionError,
  InvalidParametersError,
  PermissionDeniedError,
  QuotaExceededError,
  RateLimitError,
  ServiceError,
  UnavailableError,
} from '../../src';
import { rejection } from './fake-fetch';
import { chargesOf, sdkFor, useMockServer } from './mock-setup';

const newMock = useMockServer();

describe('retry rules against the mock service', () => {
  it('retries 429 rate_limited after Retry-After (1 s of virtual time)', async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'catalog.sports', status: 429, retryAfter: 1 });
    const { odds, seen } = sdkFor(mock);
    const start = mock.clock.now();
    const { data, meta } = await odds.catalog.sports().withMeta();
    expect(data).toHaveLength(44);
    expect(meta.attempts).toBe(2);
    expect(seen.retries).toHaveLength(1);
    expect(seen.retries[0]?.error).toBeInstanceOf(RateLimitError);
    expect(seen.retries[0]?.delayMs).toBe(1000);
    expect(mock.clock.now() - start).toBe(1000);
  });

  it('retries 503 then succeeds', async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'events.list', status: 503 });
    const { odds, seen } = sdkFor(mock);
    const { meta } = await odds.events.list({ limit: 3 }).withMeta();
    expect(meta.attempts).toBe(2);
    expect(seen.retries[0]?.error).toBeInstanceOf(UnavailableError);
    expect(seen.requests).toHaveLength(2);
  });

  it('retries 500 and 502 (a 502 after data work is charged, and the ledger counts it)', async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'catalog.leagues', status: 500 });
    mock.faults.inject({ route: 'catalog.periods', status: 502 });
    const { odds, seen } = sdkFor(mock);
    await odds.catalog.leagues({ sport_id: 1 });
    await odds.catalog.periods({ sport_id: 1 });
    expect(seen.retries.map((r) => r.error.name)).toEqual(['InternalServerError', 'ServiceError']);
    expect(seen.retries[1]?.error).toBeInstanceOf(ServiceError);
    expect(odds.credits.spent).toBe(chargesOf(mock).charged);
  });

  it('retries a dropped connection, before or after the service committed', async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'events.odds', drop: 'connection' });
    const { odds, seen } = sdkFor(mock);
    const events = await odds.events.list({ limit: 1 });
    const rows = await odds.events.odds(events[0]?.event_id as number);
    expect(rows.length).toBeGreaterThan(0);
    expect(seen.retries[0]?.error).toBeInstanceOf(ConnectionError);

    mock.faults.inject({ route: 'events.odds', drop: 'after_commit' });
    await odds.events.odds(events[0]?.event_id as number);
    expect(seen.retries).toHaveLength(2);
  });

  it('gives up after maxRetries with the last error', async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'catalog.sports', status: 503, count: 10 });
    const { odds, seen } = sdkFor(mock, { maxRetries: 2 });
    await expect(odds.catalog.sports()).rejects.toBeInstanceOf(UnavailableError);
    expect(seen.requests).toHaveLength(3);
  });

  it('never retries a 400', async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'catalog.sports', status: 400, code: 'invalid_parameters' });
    const { odds, seen } = sdkFor(mock);
    const error = await rejection<InvalidParametersError>(odds.catalog.sports());
    expect(error).toBeInstanceOf(InvalidParametersError);
    expect(error.sent).toBe(true);
    expect(error.requestId).toMatch(/^req_/);
    expect(seen.requests).toHaveLength(1);
    expect(seen.retries).toHaveLength(0);
  });

  it('does not sleep through an exhausted quota: QuotaExceededError with resetAt at once, free', async () => {
    const mock = newMock({
      plans: { tiny: { slug: 'tiny', name: 'Tiny', periodCredits: 10_000, periodDays: 30, dailyCredits: 30, rateLimitRps: 20 } },
    });
    const account = await mock.createAccount({ email: 'tiny@example.test', plan: 'tiny' });
    const { odds, seen } = sdkFor(mock, { apiKey: account.apiKey });
    const start = mock.clock.now();
    // A history request reserves 250 credits: more than the daily guard of 30 can hold.
    const events = await odds.events.list({ limit: 1 });
    const error = await rejection<QuotaExceededError>(odds.events.odds(events[0]?.event_id as number, { full_history: true }));
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect(error.code).toBe('quota_exceeded');
    expect(error.resetAt?.toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(error.meta.credits.cost).toBeUndefined();
    expect(seen.retries).toHaveLength(0);
    expect(mock.clock.now()).toBe(start);
  });

  it('recovers from real per-second rate limiting (trial: 2 rps) by honoring Retry-After', async () => {
    const mock = newMock();
    const account = await mock.createAccount({ email: 'burst@example.test', plan: 'trial' });
    // Five identical calls at once, each sent.
    const { odds, seen } = sdkFor(mock, { apiKey: account.apiKey, cache: false, coalesce: false });
    const results = await Promise.all(Array.from({ length: 5 }, () => odds.catalog.leagues({ sport_id: 1 })));
    expect(results.every((r) => r.length > 0)).toBe(true);
    expect(seen.retries.length).toBeGreaterThan(0);
    expect(seen.retries.every((r) => r.error instanceof RateLimitError && r.delayMs === 1000)).toBe(true);
  });
});

describe('authentication and access errors against the mock service', () => {
  it('401 for an unknown key, uncharged and not retried', async () => {
    const mock = newMock();
    const { odds, seen } = sdkFor(mock, { apiKey: `svc_live_${'x'.repeat(32)}` });
    const error = await rejection<AuthenticationError>(odds.catalog.sports());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.code).toBe('invalid_api_key');
    expect(error.meta.metered).toBe(false);
    expect(seen.requests).toHaveLength(1);
  });

  it('403 insufficient_scope for a key without data:read', async () => {
    const mock = newMock();
    const key = await mock.createKey(mock.demoEmail, { name: 'admin only', scopes: ['account:manage'] });
    const { odds } = sdkFor(mock, { apiKey: key.apiKey });
    await expect(odds.catalog.sports()).rejects.toMatchObject({ name: 'PermissionDeniedError', code: 'insufficient_scope', status: 403 });
  });

  it('403 account_suspended and plan_inactive', async () => {
    const mock = newMock();
    const account = await mock.createAccount({ email: 'sus@example.test', plan: 'starter' });
    const { odds } = sdkFor(mock, { apiKey: account.apiKey });
    await mock.updateAccount(account.email, { status: 'suspended' });
    const error = await rejection(odds.catalog.sports());
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({ code: 'account_suspended' });
    await mock.updateAccount(account.email, { status: 'held' });
    await expect(odds.catalog.sports()).rejects.toMatchObject({ code: 'plan_inactive' });
  });
});
