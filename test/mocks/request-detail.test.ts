import { describe, expect, it } from 'vitest';
import { NOW } from '../helpers/mock-server';
import { useSharedStandaloneMock } from '../helpers/standalone';

/**
 * The latest requests of the control plane in detail (docs/mock-server.md, "Control plane:
 * `/__admin`"): the request line and answer headers with every secret masked, the charge and key,
 * the fault or override that applied; filters of the list; and a summary that tells a log emptied by
 * a clock jump from one never written.
 */

const server = useSharedStandaloneMock();
const json = { 'Content-Type': 'application/json' };
const admin = async <T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> => {
  const res = await fetch(`${server().url}/__admin${path}`, init);
  return { status: res.status, body: (await res.json()) as T };
};
const post = <T>(path: string, body: unknown) => admin<T>(path, { method: 'POST', headers: json, body: JSON.stringify(body) });
const get = (path: string, headers: Record<string, string> = { Authorization: `Bearer ${server().mock.apiKey}` }) =>
  fetch(`${server().url}${path}`, { headers });

interface Detail {
  request_id: string;
  status: number;
  cost: number;
  target: string;
  answer_headers: { name: string; value: string }[];
  key: { id: string; name: string; prefix: string } | null;
  fault: Record<string, unknown> | null;
  override: { id: string; kind: string } | null;
  dropped: boolean;
}

const detailOf = async (requestId: string) => (await admin<Detail>(`/requests/${requestId}`)).body;
const lastId = async () => (await admin<{ request_id: string }[]>('/requests?limit=1')).body[0]!.request_id;
const header = (detail: Detail, name: string) => detail.answer_headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;

describe('GET /__admin/requests/{id}', () => {
  it('shows the request line, the answer headers, the charge, the key and the fault that applied', async () => {
    const { body: armed } = await post<{ armed: { id: string } }>('/faults', { route: 'catalog.leagues', status: 503, retry_after: 2 });
    const res = await get('/v1/catalog/leagues?sport_id=29');
    expect(res.status).toBe(503);
    const detail = await detailOf(res.headers.get('x-request-id')!);
    expect(detail).toMatchObject({
      status: 503,
      cost: 1,
      target: '/v1/catalog/leagues?sport_id=29',
      fault: { id: armed.armed.id, kind: 'status', status: 503, code: 'temporarily_unavailable', retry_after: 2 },
      override: null,
      dropped: false,
    });
    const [demo] = server().mock.accounts();
    expect(detail.key).toEqual({ id: demo!.keys[0]!.id, name: demo!.keys[0]!.name, prefix: server().mock.apiKey.slice(0, 13) });
    expect(header(detail, 'X-Request-Id')).toBe(detail.request_id);
    expect(header(detail, 'X-Credits-Cost')).toBe('1');
    expect(header(detail, 'Retry-After')).toBe('2');
    expect(header(detail, 'Content-Type')).toBe('application/json');
    expect(JSON.stringify(detail)).not.toContain(server().mock.apiKey);
    // The service's answer as the pipeline gave it: not the server's CORS headers added on the way out.
    expect(res.headers.get('vary')).toBe('Origin');
    expect(header(detail, 'Vary')).toBeUndefined();
  });

  it('names the override that answered', async () => {
    const { body: override } = await post<{ id: string }>('/overrides', { route: 'catalog.sports', answer: [], once: true });
    const res = await get('/v1/catalog/sports');
    const detail = await detailOf(res.headers.get('x-request-id')!);
    expect(detail.override).toEqual({ id: override.id, kind: 'answer' });
    expect(detail.fault).toBeNull();
    expect(header(detail, 'X-Result-Rows')).toBe('0');
  });

  it('names the override that answered an operation route (not a data route) too', async () => {
    const { status, body: override } = await post<{ id: string }>('/overrides', {
      route: 'account.get',
      error: { code: 'temporarily_unavailable' },
      once: true,
    });
    expect([status, override]).toEqual([201, expect.objectContaining({ id: expect.stringMatching(/^ovr_/) })]);
    const res = await get('/v1/account');
    expect(res.status).toBe(503);
    const detail = await detailOf(res.headers.get('x-request-id')!);
    expect(detail).toMatchObject({ status: 503, override: { id: override.id, kind: 'error' }, fault: null });
    // Used up: the next request of the route is the handler's, and its detail names no override.
    const next = await get('/v1/account');
    expect(next.status).toBe(200);
    expect((await detailOf(next.headers.get('x-request-id')!)).override).toBeNull();
  });

  it('masks what may be a secret: values that failed their schema, names the route does not know, opaque path segments', async () => {
    const key = server().mock.apiKey;
    await get(`/v1/events?sport_id=${key}&pasted_${key.slice(9, 20)}=1`);
    expect((await detailOf(await lastId())).target).toBe('/v1/events?sport_id=•••&•••');
    await get(`/v1/events/${key}/odds?full_history=1`);
    expect((await detailOf(await lastId())).target).toBe('/v1/events/•••/odds?full_history=•••');
    await get(`/v1/nowhere/${'a1B2'.repeat(8)}/x?token=${key}`);
    expect((await detailOf(await lastId())).target).toBe('/v1/nowhere/•••/x?•••');
    await get(`/v1/${key}`);
    const unknown = await detailOf(await lastId());
    expect([unknown.status, unknown.target, unknown.key]).toEqual([404, '/v1/•••', null]);
    const everything = JSON.stringify((await admin('/requests')).body) + JSON.stringify(await detailOf(await lastId()));
    expect(everything).not.toContain(key.slice(9));
  });

  it('keeps a target of up to 2,048 characters whole, and the first 2,048 of a longer one, marked as cut', async () => {
    const whole = `/v1/${'x/'.repeat(1_022)}`;
    expect(whole).toHaveLength(2_048);
    const long = `/v1/${'x/'.repeat(3_000)}end`;
    const targets: string[] = [];
    for (const path of [whole, long]) {
      const res = await get(path);
      expect(res.status).toBe(404);
      targets.push((await detailOf(res.headers.get('x-request-id')!)).target);
    }
    expect(targets).toEqual([whole, `${long.slice(0, 2_048)}…`]);
  });

  it('masks a cursor the route refused after decoding it (altered or expired), as every refused value', async () => {
    const first = await get('/v1/events?live=1&limit=1');
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).not.toBeNull();
    const altered = `${cursor!.slice(0, -4)}AAAA`;
    const refused = await get(`/v1/events?live=1&limit=1&cursor=${encodeURIComponent(altered)}`);
    expect(refused.status).toBe(400);
    const detail = await detailOf(refused.headers.get('x-request-id')!);
    expect(detail.target).toBe('/v1/events?live=•••&limit=•••&cursor=•••');
    expect(JSON.stringify(detail)).not.toContain(altered.slice(8, 40));
    // The same cursor, accepted, shows as sent.
    const accepted = await get(`/v1/events?live=1&limit=1&cursor=${encodeURIComponent(cursor!)}`);
    expect(accepted.status).toBe(200);
    expect((await detailOf(accepted.headers.get('x-request-id')!)).target).toContain('cursor=');
  });

  it('masks the checkout cookie in Set-Cookie, and never shows a token', async () => {
    const { body: checkout } = await post<{ resume_token: string }>('/checkouts', { email: 'cookie@example.com', plan: 'trial' });
    const res = await fetch(`${server().url}/v1/checkout/intents`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ resume_token: checkout.resume_token }),
    });
    expect(res.headers.get('set-cookie')).toMatch(/^so_checkout=ckv_/);
    const detail = await detailOf(res.headers.get('x-request-id')!);
    expect(header(detail, 'Set-Cookie')).toMatch(/^so_checkout=•••; Path=\/v1\/checkout; HttpOnly; SameSite=Strict/);
    expect(detail.target).toBe('/v1/checkout/intents');
    expect(JSON.stringify(detail)).not.toMatch(/ckv_|res_/);
  });

  it('says a connection dropped after the commit, with the status the service committed and no headers', async () => {
    await post('/faults', { route: 'catalog.sports', drop: 'after_commit' });
    await expect(get('/v1/catalog/sports')).rejects.toThrow();
    const detail = await detailOf(await lastId());
    expect(detail).toMatchObject({ status: 200, dropped: true, answer_headers: [], fault: { drop: 'after_commit' } });
  });

  it('is 404 for an id the log does not hold', async () => {
    const missing = await admin<{ error: { code: string } }>(`/requests/req_${'0'.repeat(32)}`);
    expect([missing.status, missing.body.error.code]).toEqual([404, 'not_found']);
  });
});

describe('GET /__admin/requests filters and summary', () => {
  it('filters by route, by status or class, and by account; refuses a filter it cannot read', async () => {
    const other = await server().mock.createAccount({ email: 'other@example.com', plan: 'trial' });
    await get('/v1/catalog/sports');
    await get('/v1/events/1/odds');
    await get('/v1/catalog/sports', { Authorization: `Bearer ${other.apiKey}` });
    const list = async (query: string) =>
      (await admin<{ route: string; status: number; account: string }[]>(`/requests?${query}`)).body.map((r) => [
        r.route,
        r.status,
        r.account,
      ]);
    expect(await list('route=catalog.sports')).toEqual([
      ['catalog.sports', 200, 'demo@sports-odds.test'],
      ['catalog.sports', 200, 'other@example.com'],
    ]);
    expect(await list('status=4xx')).toEqual([['events.odds', 404, 'demo@sports-odds.test']]);
    expect(await list('status=200&account=OTHER@example.com')).toEqual([['catalog.sports', 200, 'other@example.com']]);
    expect(await list('route=catalog.sports&limit=1')).toEqual([['catalog.sports', 200, 'other@example.com']]);
    for (const bad of ['route=nope', 'status=2x', 'status=600', 'account=']) {
      const res = await admin<{ error: { code: string; message: string } }>(`/requests?${bad}`);
      expect([res.status, res.body.error.code], bad).toEqual([400, 'invalid_parameters']);
    }
  });

  it('tells a log emptied by a clock jump from one never written', async () => {
    expect((await admin('/requests/summary')).body).toEqual({ recorded: 0, kept: 0, max_age_ms: 3_600_000, max_count: 1_000 });
    await get('/v1/catalog/sports');
    await get('/v1/catalog/sports');
    server().mock.clock.advance(86_400_000);
    expect((await admin('/requests')).body).toEqual([]);
    expect((await admin('/requests/summary')).body).toMatchObject({ recorded: 2, kept: 0 });
    await post('/reset', {});
    expect((await admin('/requests/summary')).body).toMatchObject({ recorded: 0, kept: 0 });
  });
});

describe('POST /__admin/clock refusals', () => {
  it('say the format an instant must have, or that one of now, advance_ms or frozen is needed', async () => {
    for (const [body, expected] of [
      [{ now: 'tomorrow' }, /^body parameter now: must be an RFC 3339 date-time with its offset, such as 2026-11-22T00:00:00Z/],
      [{ now: '2026-11-22T00:00:00' }, /such as 2026-11-22T00:00:00Z or 2026-11-22T01:00:00\+01:00/],
      [{ advance_ms: 1.5 }, /^body parameter advance_ms: must be a whole number of milliseconds/],
      [{}, /^body: give now \(an RFC 3339 date-time.*\), advance_ms \(milliseconds to move forward\) or frozen \(true or false\)/],
      [{ now: NOW, advance_ms: 1 }, /^body: give one of now \(.*\) or advance_ms \(milliseconds to move forward\), not both/],
      [{ frozen: 'yes' }, /^body parameter frozen: must be true \(stop the clock\) or false \(let it run\)/],
    ] as const) {
      const res = await post<{ error: { code: string; message: string } }>('/clock', body);
      expect([res.status, res.body.error.code], JSON.stringify(body)).toEqual([400, 'invalid_parameters']);
      expect(res.body.error.message).toMatch(expected);
    }
  });
});

describe('control-plane refusals in words', () => {
  it('say what a field expected where the schema has no words of its own, never the value sent', async () => {
    const secret = 'svc_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    for (const [path, body, expected] of [
      ['/faults', { route: 5 }, 'body parameter route: expected string'],
      ['/accounts', { email: secret }, 'body parameter email: expected an e-mail address'],
      ['/accounts', { email: 'a@example.com', plan: 7 }, 'body parameter plan: expected string'],
    ] as const) {
      const res = await post<{ error: { code: string; message: string } }>(path, body);
      expect([res.status, res.body.error.code], JSON.stringify(body)).toEqual([400, 'invalid_parameters']);
      expect(res.body.error.message).toBe(expected);
      expect(res.body.error.message).not.toContain(secret.slice(9));
    }
  });
});
