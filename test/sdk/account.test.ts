import { describe, expect, it } from 'vitest';
import { InternalServerError, InvalidParametersError, NotFoundError, PermissionDeniedError, type RequestHealthEvent } from '../../src';
import { NOW, sdkFor, useMockServer } from './mock-setup';
import { captureLogger, errorText, rejectionOf, spyFetch } from './wire-spy';

const newMock = useMockServer();

const MIN = 60_000;
const DAY = 86_400_000;

describe('odds.account', () => {
  it('get(): the account record with plan, both quota windows and the recovery-email status', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const before = await odds.account.get();
    expect(before.email).toBe(mock.demoEmail);
    expect(before.status).toBe('active');
    expect(before.plan.slug).toBe('pro');
    expect(before.recovery_email.verified).toBe(true);
    expect(before.quota.daily.used).toBe(0);

    await odds.catalog.sports();
    const after = await odds.account.get();
    expect(after.quota.daily.used).toBe(odds.credits.spent);
    expect(after.quota.daily.remaining).toBe(after.quota.daily.limit - after.quota.daily.used);
    expect(after.quota.billing_period.used).toBe(odds.credits.spent);
  });

  it('get(): a data:read key is refused with PermissionDeniedError insufficient_scope', async () => {
    const mock = newMock();
    const reader = await mock.createKey(mock.demoEmail, { name: 'reader' });
    const error = await rejectionOf(sdkFor(mock, { apiKey: reader.apiKey }).odds.account.get());
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect((error as PermissionDeniedError).code).toBe('insufficient_scope');
  });

  it('usage(): the zero-filled daily series (default 30 days), with days checked locally', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    await odds.catalog.sports();
    const usage = await odds.account.usage({ days: 7 });
    expect(usage.days).toBe(7);
    expect(usage.series).toHaveLength(7);
    expect(usage.to).toBe(NOW.slice(0, 10));
    expect(usage.series.at(-1)).toMatchObject({ date: NOW.slice(0, 10), requests: 1, credits: odds.credits.spent });
    expect(usage.series.slice(0, -1).every((d) => d.requests === 0 && d.credits === 0)).toBe(true);
    expect((await odds.account.usage()).series).toHaveLength(30);

    const error = await rejectionOf(odds.account.usage({ days: 91 }));
    expect(error).toBeInstanceOf(InvalidParametersError);
    expect((error as InvalidParametersError).sent).toBe(false);
  });

  it('requestHealth(): one page of the report over a mix of failures, holding no key or query value', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock, { maxRetries: 0 });
    mock.faults.inject({ route: 'catalog.sports', status: 500 });
    await expect(odds.catalog.sports()).rejects.toBeInstanceOf(InternalServerError);
    mock.clock.advance(1000);
    await expect(odds.events.odds(999_999_999)).rejects.toBeInstanceOf(NotFoundError);
    mock.clock.advance(1000);
    const reader = await mock.createKey(mock.demoEmail, { name: 'reader' });
    await expect(sdkFor(mock, { apiKey: reader.apiKey }).odds.keys.list()).rejects.toBeInstanceOf(PermissionDeniedError);

    const report = await odds.account.requestHealth({ days: 7 });
    expect(report.range.days).toBe(7);
    expect(report.summary.failed_requests).toBe(3);
    expect(report.events.map((e) => [e.endpoint, e.status, e.error_code])).toEqual([
      ['/v1/account/keys', 403, 'insufficient_scope'],
      ['/v1/events/{event_id}/odds', 404, 'not_found'],
      ['/v1/catalog/sports', 500, 'internal_error'],
    ]);
    expect(report.next_cursor).toBe('');
    const text = JSON.stringify(report);
    for (const secret of [mock.apiKey, reader.apiKey, '999999999']) expect(text).not.toContain(secret);
  });

  it('requestHealthEvents(): iterates every failure event across detail pages, newest first, each once', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock, { maxRetries: 0 });
    mock.faults.inject({ route: 'catalog.sports', status: 500, count: 120 });
    for (let i = 0; i < 120; i++) {
      mock.clock.advance(100);
      await expect(odds.catalog.sports()).rejects.toBeInstanceOf(InternalServerError);
    }
    const wire = spyFetch();
    const reader = sdkFor(mock, { fetch: wire.fetch }).odds;

    const events: RequestHealthEvent[] = [];
    for await (const event of reader.account.requestHealthEvents({ days: 1 })) events.push(event);
    expect(events).toHaveLength(120);
    expect(new Set(events.map((e) => e.request_id)).size).toBe(120);
    const times = events.map((e) => Date.parse(e.occurred_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // Three detail pages: the cursor followed twice, with the same days.
    const urls = wire.sent.map((r) => new URL(r.url));
    expect(urls).toHaveLength(3);
    expect(urls.map((u) => u.searchParams.get('days'))).toEqual(['1', '1', '1']);
    expect(urls[0]?.searchParams.has('cursor')).toBe(false);
    expect(urls.slice(1).every((u) => u.searchParams.get('cursor'))).toBe(true);

    const pages: number[] = [];
    for await (const page of reader.account.requestHealthPages({ days: 1 })) pages.push(page.events.length);
    expect(pages).toEqual([50, 50, 20]);
  });

  it('requestHealthEvents(): a report without failures yields nothing after one request', async () => {
    const mock = newMock();
    const wire = spyFetch();
    const { odds } = sdkFor(mock, { fetch: wire.fetch });
    const events: RequestHealthEvent[] = [];
    for await (const event of odds.account.requestHealthEvents()) events.push(event);
    expect(events).toEqual([]);
    expect(wire.sent).toHaveLength(1);
  });

  it('resendVerification(): exactly {} as JSON, always 202; one real send per 10 minutes, none once verified', async () => {
    const mock = newMock();
    const wire = spyFetch();
    const { odds } = sdkFor(mock, { fetch: wire.fetch });
    const verification = async () => (await mock.outbox()).filter((m) => m.kind === 'verification');

    // Verified already: the same generic answer, nothing sent.
    const answer = await odds.account.resendVerification();
    expect(answer.status).toBe('accepted');
    expect(wire.sent[0]?.body).toBe('{}');
    expect(wire.sent[0]?.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await verification()).toHaveLength(0);

    // A new mailbox is unverified: one real send, then a cooldown of 10 minutes.
    await mock.updateAccount(mock.demoEmail, { email: 'moved@example.com' });
    expect((await odds.account.get()).recovery_email.verified).toBe(false);
    await odds.account.resendVerification();
    await odds.account.resendVerification();
    expect(await verification()).toHaveLength(1);
    mock.clock.advance(10 * MIN);
    expect((await odds.account.resendVerification()).status).toBe('accepted');
    const sent = await verification();
    expect(sent).toHaveLength(2);
    expect(sent.every((m) => m.to === 'moved@example.com')).toBe(true);
  });

  it('billingPortal(): NotFoundError in the private beta; a portal URL when the mock registers it', async () => {
    const beta = newMock();
    const error = await rejectionOf(sdkFor(beta).odds.account.billingPortal());
    expect(error).toBeInstanceOf(NotFoundError);

    const mock = newMock({ billingPortal: true });
    const { portal_url } = await sdkFor(mock).odds.account.billingPortal();
    expect(portal_url).toMatch(/^https:\/\//);
  });

  it('keeps the key out of debug logs and errors of account calls', async () => {
    const mock = newMock();
    const { logger, lines } = captureLogger();
    const { odds } = sdkFor(mock, { logger, logLevel: 'debug', maxRetries: 1 });
    mock.faults.inject({ route: 'account.get', drop: 'connection' });
    await odds.account.get();
    mock.clock.advance(DAY);
    const reader = await mock.createKey(mock.demoEmail, { name: 'reader' });
    const error = await rejectionOf(sdkFor(mock, { apiKey: reader.apiKey, logger, logLevel: 'debug' }).odds.account.usage());
    expect(lines.length).toBeGreaterThan(2);
    const everything = [...lines, errorText(error)].join('\n');
    for (const key of [mock.apiKey, reader.apiKey]) expect(everything).not.toContain(key.slice(9));
  });
});
