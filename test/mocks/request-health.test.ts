import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { RequestGuidanceMessage, RequestHealthGuidance, RequestHealthReport } from '../../src/schemas';
import type { MockService } from '../../mocks';
import { call, codeOf, NOW, useMockServer, type Answer } from '../helpers/mock-server';

const newMock = useMockServer();

const HOUR = 3_600_000;
const DAY = 86_400_000;
const NOW_MS = Date.parse(NOW);
const SPORTS = '/v1/catalog/sports';
const ODDS_TEMPLATE = '/v1/events/{event_id}/odds';
const iso = (ms: number) => new Date(ms).toISOString();
const isoDay = (ms: number) => iso(ms).slice(0, 10);
/** The default plans, with a per-second rate high enough for many requests at one frozen instant. */
const ROOMY = {
  plans: { pro: { slug: 'pro', name: 'Pro', periodCredits: 1_000_000, periodDays: 30, dailyCredits: 100_000, rateLimitRps: 10_000 } },
};
const postJson = (body: unknown, extra: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...extra },
  body: JSON.stringify(body),
});

const health = async (mock: MockService, query = '', key?: string) => {
  const answer = await call(mock, `/v1/account/request-health${query}`, key === undefined ? {} : { key });
  expect(answer.status).toBe(200);
  return z.parse(RequestHealthReport, answer.body);
};
const requestIdOf = (answer: Answer) => answer.headers.get('X-Request-Id')!;
const keyIdOf = async (mock: MockService, plaintext: string) => {
  const list = await call<{ id: string; prefix: string }[]>(mock, '/v1/account/keys');
  const found = list.body.filter((k) => plaintext.startsWith(k.prefix));
  expect(found.length).toBe(1);
  return found[0]!.id;
};

describe('GET /v1/account/request-health (docs/service.md, Request health)', () => {
  it('answers an empty report of 30 days by default', async () => {
    const mock = newMock();
    const t0 = mock.clock.now();
    const report = await health(mock);
    expect(report.range).toEqual({
      days: 30,
      from: isoDay(NOW_MS - 29 * DAY),
      to: '2026-11-21',
      generated_at: iso(t0),
      detail_retention_days: 30,
    });
    expect(report.summary).toMatchObject({
      requests: 0,
      successful_requests: 0,
      failed_requests: 0,
      charged_failures: 0,
      charged_failure_credits: 0,
      average_latency_ms: 0,
    });
    expect(report.daily.length).toBe(30);
    expect(report.daily.map((d) => d.day)).toEqual(Array.from({ length: 30 }, (_, i) => isoDay(NOW_MS - (29 - i) * DAY)));
    for (const d of report.daily) expect(d).toMatchObject({ requests: 0, failed_requests: 0 });
    expect(report.issues).toEqual([]);
    expect(report.events).toEqual([]);
    expect(report.guidance_messages).toEqual([]);
    expect(report.next_cursor).toBe('');
  });

  it.each(['0', '91', 'x', ''])('refuses days=%s with 400 invalid_parameters', async (days) => {
    const mock = newMock();
    const answer = await call(mock, `/v1/account/request-health?days=${days}`);
    expect(answer.status).toBe(400);
    expect(codeOf(answer)).toBe('invalid_parameters');
  });

  it.each([1, 90])('covers days=%i', async (days) => {
    const mock = newMock();
    const report = await health(mock, `?days=${days}`);
    expect(report.range.days).toBe(days);
    expect(report.range.from).toBe(isoDay(NOW_MS - (days - 1) * DAY));
    expect(report.daily.length).toBe(days);
  });

  it('refuses an unknown query parameter and a cursor that is not one of its own', async () => {
    const mock = newMock();
    for (const query of ['?foo=1', '?cursor=', '?cursor=not-a-cursor', `?cursor=${btoa('{"x":1}')}`]) {
      const answer = await call(mock, `/v1/account/request-health${query}`);
      expect(answer.status, query).toBe(400);
      expect(codeOf(answer)).toBe('invalid_parameters');
    }
  });

  it('summarizes, aggregates by endpoint template + status + code, and lists failure events newest first', async () => {
    const mock = newMock(ROOMY);
    const reader = await mock.createKey(mock.demoEmail, { name: 'reader', scopes: ['data:read'] });
    const failures: { answer: Answer; at: number; key: string }[] = [];
    const fail = async (path: string, key = mock.apiKey) => {
      mock.clock.advance(1000);
      const answer = await call(mock, path, { key });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      failures.push({ answer, at: mock.clock.now(), key });
      return answer;
    };
    for (const id of [999999999991, 999999999992, 999999999993]) await fail(`/v1/events/${id}/odds`); // 404 after data work, 1 credit each
    await fail('/v1/events/444444444/odds?full_history=maybe'); // 400 before data work, free
    await fail('/v1/events/555555555/odds?since=2026-11-01T00:00:00Z&full_history=0');
    mock.faults.inject({ route: 'catalog.sports', status: 502 });
    await fail(SPORTS); // 502 after data work, 1 credit
    await fail('/v1/account', reader.apiKey); // 403, account route, not metered
    mock.clock.advance(1000);
    expect((await call(mock, SPORTS)).status).toBe(200);
    expect((await call(mock, SPORTS, { key: reader.apiKey })).status).toBe(200);
    expect(failures.map((f) => f.answer.status)).toEqual([404, 404, 404, 400, 400, 502, 403]);

    const report = await health(mock);
    expect(report.summary).toMatchObject({
      requests: 9,
      successful_requests: 2,
      failed_requests: 7,
      charged_failures: 4,
      charged_failure_credits: 4,
    });
    expect(report.summary.success_rate).toBeCloseTo(2 / 9, 10);
    const today = report.daily[report.daily.length - 1]!;
    expect(today).toMatchObject({
      day: '2026-11-21',
      requests: 9,
      successful_requests: 2,
      failed_requests: 7,
      charged_failures: 4,
      charged_failure_credits: 4,
    });
    for (const d of report.daily.slice(0, -1)) expect(d.requests).toBe(0);

    const issue = (endpoint: string, status: number, code: string) => {
      const found = report.issues.filter((i) => i.endpoint === endpoint && i.status === status && i.error_code === code);
      expect(found.length, `${endpoint} ${status} ${code}`).toBe(1);
      return found[0]!;
    };
    expect(report.issues.length).toBe(4);
    expect(issue(ODDS_TEMPLATE, 404, 'not_found')).toMatchObject({
      failures: 3,
      charged_failures: 3,
      charged_credits: 3,
      last_seen_at: iso(failures[2]!.at),
    });
    expect(issue(ODDS_TEMPLATE, 400, 'invalid_parameters')).toMatchObject({
      failures: 2,
      charged_failures: 0,
      charged_credits: 0,
      last_seen_at: iso(failures[4]!.at),
    });
    expect(issue(SPORTS, 502, 'service_error')).toMatchObject({
      failures: 1,
      charged_failures: 1,
      charged_credits: 1,
      last_seen_at: iso(failures[5]!.at),
    });
    expect(issue('/v1/account', 403, 'insufficient_scope')).toMatchObject({ failures: 1, charged_failures: 0, charged_credits: 0 });

    // Guidance per code.
    const notFound = issue(ODDS_TEMPLATE, 404, 'not_found').guidance;
    const serviceError = issue(SPORTS, 502, 'service_error').guidance;
    for (const g of report.issues.map((i) => i.guidance)) {
      expect(z.safeParse(RequestHealthGuidance, g).success).toBe(true);
      expect(g.docs_path).toMatch(/^\/docs\//);
      expect(g.actions.length).toBeGreaterThan(0);
    }
    expect(notFound).toMatchObject({ retryable: false, responsibility: 'customer' });
    expect(serviceError).toMatchObject({ retryable: true, responsibility: 'service' });
    expect(new Set(report.issues.map((i) => i.guidance.title)).size).toBe(4);

    // Events: every failure, newest first, attributed to its key, with the endpoint template.
    const demoKeyId = await keyIdOf(mock, mock.apiKey);
    const readerKeyId = await keyIdOf(mock, reader.apiKey);
    expect(report.events.map((e) => e.request_id)).toEqual(failures.map((f) => requestIdOf(f.answer)).reverse());
    expect(report.next_cursor).toBe('');
    const newestFirst = [...failures].reverse();
    report.events.forEach((event, i) => {
      const f = newestFirst[i]!;
      expect(event.status).toBe(f.answer.status);
      expect(event.error_code).toBe(codeOf(f.answer));
      expect(event.occurred_at).toBe(iso(f.at));
      expect(event.api_key_id).toBe(f.key === reader.apiKey ? readerKeyId : demoKeyId);
      expect(event.api_key_prefix).toBe(f.key.slice(0, 13));
      expect(event.api_key_name).toBe(f.key === reader.apiKey ? 'reader' : 'Primary key');
      expect(event.charged_credits).toBe(Number(f.answer.headers.get('X-Credits-Cost') ?? 0));
      // docs/service.md, "Request health": metered exactly when the answer carried the metering headers.
      expect(event.metered).toBe(f.answer.headers.has('X-Credits-Cost'));
      expect(event.metered).toBe(event.charged_credits > 0);
      expect(event.guidance).toEqual(issue(event.endpoint, event.status, event.error_code).guidance);
    });
    expect(report.events.map((e) => e.endpoint)).toEqual([
      '/v1/account',
      SPORTS,
      ODDS_TEMPLATE,
      ODDS_TEMPLATE,
      ODDS_TEMPLATE,
      ODDS_TEMPLATE,
      ODDS_TEMPLATE,
    ]);
  });

  it('keeps each account to its own requests', async () => {
    const mock = newMock(ROOMY);
    const other = await mock.createAccount({ email: 'other@example.com', plan: 'pro' });
    expect((await call(mock, `${SPORTS}?x=1`, { key: other.apiKey })).status).toBe(400);
    const mine = await health(mock);
    expect(mine.summary.requests).toBe(0);
    expect(mine.events).toEqual([]);
    const theirs = await health(mock, '', other.apiKey);
    expect(theirs.summary.failed_requests).toBe(1);
    expect(theirs.events.length).toBe(1);
  });

  it('never holds query values, bodies, authorization headers, key plaintext, tokens, addresses or concrete paths', async () => {
    const mock = newMock(ROOMY);
    const second = await mock.createKey(mock.demoEmail, { name: 'second', scopes: ['data:read'] });
    const manager = await mock.createKey(mock.demoEmail, { name: 'manager', scopes: ['account:manage'] });
    const checkout = await mock.startCheckout({ email: 'buyer@example.com' });
    const bodySecret = 'body-secret-7f3a9c51';
    const ip = '203.0.113.77';
    const badNonce = `rot_secret-nonce-${'Q'.repeat(20)}`;
    const recoveryLike = `rcv_${'Z'.repeat(42)}A`;
    const ipHeaders = { 'X-Forwarded-For': ip, 'X-Real-IP': ip, Forwarded: `for=${ip}` };
    const answers = [
      await call(mock, `/v1/events/999999987654321/odds?api_key=${second.apiKey}`, { headers: ipHeaders }),
      await call(mock, `${SPORTS}?claim_token=${checkout.claim_token}`, { headers: ipHeaders }),
      await call(mock, `/v1/account/keys?resume_token=${checkout.resume_token}`),
      await call(mock, `/v1/account?recovery_token=${recoveryLike}`),
      await call(mock, '/v1/account/keys', postJson({ name: bodySecret, scopes: ['root'] })),
      await call(mock, '/v1/account/keys', postJson({ name: 'x', api_key: second.apiKey })),
      await call(mock, '/v1/account/keys/rotate', { method: 'POST', headers: { 'Idempotency-Key': badNonce } }),
      await call(mock, '/v1/events/999999987654321/odds', { key: manager.apiKey, headers: ipHeaders }),
      await call(mock, '/v1/events/999999987654321/odds', { key: second.apiKey, headers: ipHeaders }),
      await call(
        mock,
        `/v1/events/999999987654321/odds?since=${encodeURIComponent('2026-11-01T00:00:00Z')}&full_history=0&token=${checkout.claim_token}`,
      ),
    ];
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 400, 400, 403, 404, 400]);
    const secrets = [
      mock.apiKey,
      second.apiKey,
      manager.apiKey,
      checkout.claim_token,
      checkout.resume_token,
      recoveryLike,
      bodySecret,
      ip,
      badNonce,
    ];
    for (const answer of answers) {
      const text = JSON.stringify(answer.body);
      for (const secret of secrets) expect(text).not.toContain(secret);
    }

    const text = JSON.stringify(await health(mock, '?days=90'));
    for (const secret of [...secrets, '999999987654321']) expect(text).not.toContain(secret);
    expect(text).not.toContain('api_key=');
    expect(text).not.toContain(mock.apiKey.slice(0, 14)); // no more of a key than its inventory prefix
    const report = await health(mock);
    expect(report.events.length).toBe(answers.length);
    expect(new Set(report.events.map((e) => e.endpoint))).toEqual(
      new Set([ODDS_TEMPLATE, SPORTS, '/v1/account/keys', '/v1/account', '/v1/account/keys/rotate']),
    );
    for (const { endpoint } of [...report.events, ...report.issues]) expect(endpoint).toMatch(/^\/v1\/[a-z0-9/_{}-]*$/);
    for (const event of report.events)
      expect(Object.keys(event).sort()).toEqual([
        'api_key_id',
        'api_key_name',
        'api_key_prefix',
        'charged_credits',
        'endpoint',
        'error_code',
        'guidance',
        'latency_ms',
        'metered',
        'occurred_at',
        'request_id',
        'status',
      ]);
  });
});

describe('request-health detail pages', () => {
  it('pages more than 50 failure events newest first through next_cursor, each exactly once', async () => {
    const mock = newMock(ROOMY);
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) {
      mock.clock.advance(1000);
      const answer = await call(mock, `${SPORTS}?n=${i}`);
      expect(answer.status).toBe(400);
      ids.push(requestIdOf(answer));
    }
    const first = await health(mock);
    expect(first.summary.failed_requests).toBe(60);
    expect(first.issues[0]!.failures).toBe(60);
    expect(first.events.map((e) => e.request_id)).toEqual(ids.slice(10).reverse());
    expect(first.next_cursor).not.toBe('');

    // A failure after the first page does not shift the pages that follow.
    mock.clock.advance(1000);
    const later = requestIdOf(await call(mock, `${SPORTS}?late=1`));
    const second = await health(mock, `?cursor=${encodeURIComponent(first.next_cursor)}`);
    expect(second.events.map((e) => e.request_id)).toEqual(ids.slice(0, 10).reverse());
    expect(second.next_cursor).toBe('');
    expect(second.summary.failed_requests).toBe(61);

    const fresh = await health(mock);
    expect(fresh.events[0]!.request_id).toBe(later);
  });

  it('pages failures of one instant without loss or repetition', async () => {
    const mock = newMock(ROOMY);
    const ids = new Set<string>();
    for (let i = 0; i < 55; i++) ids.add(requestIdOf(await call(mock, `${SPORTS}?n=${i}`)));
    const first = await health(mock);
    expect(first.events.length).toBe(50);
    const second = await health(mock, `?cursor=${encodeURIComponent(first.next_cursor)}`);
    expect(second.events.length).toBe(5);
    expect(second.next_cursor).toBe('');
    const seen = [...first.events, ...second.events].map((e) => e.request_id);
    expect(new Set(seen)).toEqual(ids);
    expect(seen.length).toBe(55);
  });

  it('keeps failure details for 30 days, while daily rows and issues cover the whole range of up to 90 days', async () => {
    const mock = newMock({ ...ROOMY, now: iso(NOW_MS - 40 * DAY) });
    const failAt = async (at: number, n = 1) => {
      mock.clock.set(at);
      const out: string[] = [];
      for (let i = 0; i < n; i++) out.push(requestIdOf(await call(mock, `${SPORTS}?bad=${i}`)));
      return out;
    };
    await failAt(NOW_MS - 40 * DAY, 2);
    await failAt(NOW_MS - 31 * DAY);
    // The first instant of the oldest day the details cover: older than 29 whole days, and still listed.
    const oldestDay = await failAt(Date.parse(`${isoDay(NOW_MS - 29 * DAY)}T00:00:00Z`));
    const recent = await failAt(NOW_MS - 29 * DAY);
    const today = await failAt(NOW_MS);

    const ninety = await health(mock, '?days=90');
    expect(ninety.summary.failed_requests).toBe(6);
    expect(ninety.issues.length).toBe(1);
    expect(ninety.issues[0]).toMatchObject({
      endpoint: SPORTS,
      status: 400,
      error_code: 'invalid_parameters',
      failures: 6,
      last_seen_at: iso(NOW_MS),
    });
    const day = (report: typeof ninety, ms: number) => report.daily.find((d) => d.day === isoDay(ms));
    expect(day(ninety, NOW_MS - 40 * DAY)).toMatchObject({ requests: 2, failed_requests: 2 });
    expect(day(ninety, NOW_MS - 31 * DAY)).toMatchObject({ requests: 1, failed_requests: 1 });
    expect(day(ninety, NOW_MS - 29 * DAY)).toMatchObject({ requests: 2, failed_requests: 2 });
    expect(ninety.events.map((e) => e.request_id)).toEqual([...today, ...recent, ...oldestDay]);
    expect(ninety.range.detail_retention_days).toBe(30);

    const thirty = await health(mock);
    expect(thirty.summary.failed_requests).toBe(3);
    expect(thirty.issues[0]!.failures).toBe(3);
    expect(day(thirty, NOW_MS - 40 * DAY)).toBeUndefined();
    expect(thirty.events.map((e) => e.request_id)).toEqual([...today, ...recent, ...oldestDay]);

    const one = await health(mock, '?days=1');
    expect(one.summary.failed_requests).toBe(1);
    expect(one.events.map((e) => e.request_id)).toEqual(today);
  });

  it('lists issues with the most failures first, and issues with as many in code-unit order of their endpoint', async () => {
    const mock = newMock(ROOMY);
    // Recorded first, so that only the tie-break (not the order of recording) puts the leagues first.
    for (let i = 0; i < 2; i++) expect((await call(mock, `${SPORTS}?unknown=${i}`)).status).toBe(400);
    for (let i = 0; i < 2; i++) expect((await call(mock, `/v1/catalog/leagues?unknown=${i}`)).status).toBe(400);
    for (let i = 0; i < 3; i++) expect((await call(mock, '/v1/events/999999999/odds')).status).toBe(404);
    const report = await health(mock);
    expect(report.issues.map((i) => [i.endpoint, i.failures])).toEqual([
      [ODDS_TEMPLATE, 3],
      ['/v1/catalog/leagues', 2],
      [SPORTS, 2],
    ]);
  });
});

describe('support guidance messages', () => {
  it("shows the account's active, unexpired messages only", async () => {
    const mock = newMock();
    await mock.ready;
    const standing = await mock.addGuidance({
      email: mock.demoEmail,
      title: 'Odds history rebuild',
      body: 'Odds history is being rebuilt tonight; expect gaps.',
      endpoint: ODDS_TEMPLATE,
      error_code: 'service_error',
    });
    const soon = await mock.addGuidance({
      email: mock.demoEmail,
      title: 'Planned maintenance',
      body: 'A short maintenance window starts soon.',
      expires_at: iso(NOW_MS + HOUR),
    });
    await mock.addGuidance({
      email: mock.demoEmail,
      title: 'Old notice',
      body: 'This notice has already expired.',
      expires_at: iso(NOW_MS - HOUR),
    });
    await mock.createAccount({ email: 'other@example.com', plan: 'pro' });
    await mock.addGuidance({ email: 'other@example.com', title: 'Someone else', body: 'A note for another account.' });

    const report = await health(mock);
    expect(report.guidance_messages).toEqual([standing, soon]);
    for (const m of report.guidance_messages) {
      expect(z.safeParse(RequestGuidanceMessage, m).success).toBe(true);
      expect(m).toMatchObject({ status: 'active', created_by: 'support' });
      expect(m.id).toMatch(/^gdn_[0-9a-f]{32}$/);
    }
    mock.clock.advance(HOUR);
    expect((await health(mock)).guidance_messages).toEqual([standing]);
  });
});
