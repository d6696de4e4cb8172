import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { operationList } from '../../mocks/server/control/operations';
import { NOW } from '../helpers/mock-server';
import { useSharedStandaloneMock } from '../helpers/standalone';

/**
 * The JSON control plane the console reads (no browser): the operations listing, armed faults,
 * accounts, the ledger in snake_case with RFC 3339 times, the latest requests, challenge defaults.
 */

const server = useSharedStandaloneMock();
const json = { 'Content-Type': 'application/json' };
const admin = (path: string, init: RequestInit = {}) => fetch(`${server().url}/__admin${path}`, init);
const body = async <T = unknown>(res: Response | Promise<Response>): Promise<T> => (await (await res).json()) as T;
const auth = () => ({ Authorization: `Bearer ${server().mock.apiKey}` });

describe('GET /__admin', () => {
  it('lists every operation as JSON at /__admin and /__admin/, and serves the console to a browser', async () => {
    for (const path of ['', '/']) {
      const res = await admin(path, { headers: { Accept: 'application/json' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const listing = await body<{ console: string; operations: { method: string; path: string; summary: string }[] }>(res);
      expect(listing.console).toBe('/__admin/');
      expect(listing.operations).toHaveLength(operationList.length);
      for (const operation of listing.operations) {
        expect(operation.path).toMatch(/^\/__admin(\/|$)/);
        expect(operation.summary.length).toBeGreaterThan(10);
      }
      expect(listing.operations.map((o) => `${o.method} ${o.path}`)).toEqual(
        expect.arrayContaining([
          'GET /__admin/faults',
          'POST /__admin/faults',
          'DELETE /__admin/faults/{id}',
          'GET /__admin/accounts',
          'GET /__admin/requests',
          'GET /__admin/ledger',
        ]),
      );
    }
    // curl's `*/*` gets the JSON too: only a client asking for HTML gets the page.
    expect((await admin('', { headers: { Accept: '*/*' } })).headers.get('content-type')).toBe('application/json');
    const page = await admin('/', { headers: { Accept: 'text/html,application/xhtml+xml' } });
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = page.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([0-9a-f]{32})'/.exec(csp)?.[1];
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await page.text();
    expect(html.match(/<script[^>]*>/g)).toEqual([`<script type="module" nonce="${nonce}">`]);
    expect(html).not.toContain(server().mock.apiKey);
  });

  it('keeps the guard of the control plane: a foreign Host is refused, and no operation answers another method', async () => {
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const url = new URL(`${server().url}/__admin/`);
      const req = httpRequest(
        { host: url.hostname, port: url.port, path: url.pathname, headers: { Host: 'console.evil.example', Accept: 'text/html' } },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.text)).toMatchObject({ error: { code: 'origin_rejected' } });
    const put = await admin('/faults', { method: 'PUT', headers: json, body: '{}' });
    expect(put.status).toBe(404);
    expect((await body<{ error: { message: string } }>(put)).error.message).toContain('GET /__admin lists them');
  });
});

describe('faults', () => {
  it('lists armed faults in the order they apply, with what each does and the requests it has left', async () => {
    expect(await body(admin('/faults'))).toEqual([]);
    const first = await body<{ armed: { id: string } }>(
      admin('/faults', { method: 'POST', headers: json, body: JSON.stringify({ route: 'catalog.sports', count: 2, status: 429 }) }),
    );
    await admin('/faults', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ route: '/v1/events/{event_id}/odds', drop: 'after_commit' }),
    });
    await admin('/faults', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ route: 'catalog.leagues', latency_ms: 5, status: 403, code: 'plan_inactive' }),
    });
    expect(first.armed).toEqual({
      id: expect.stringMatching(/^flt_\d+$/),
      route: 'catalog.sports',
      endpoint: '/v1/catalog/sports',
      remaining: 2,
      kind: 'status',
      status: 429,
      code: 'rate_limited',
      retry_after: 1,
    });
    const listed = await body<{ id: string; route: string; remaining: number }[]>(admin('/faults'));
    expect(listed).toEqual([
      first.armed,
      {
        id: expect.stringMatching(/^flt_/),
        route: 'events.odds',
        endpoint: '/v1/events/{event_id}/odds',
        remaining: 1,
        kind: 'drop',
        drop: 'after_commit',
      },
      {
        id: expect.stringMatching(/^flt_/),
        route: 'catalog.leagues',
        endpoint: '/v1/catalog/leagues',
        remaining: 1,
        kind: 'status',
        status: 403,
        code: 'plan_inactive',
        latency_ms: 5,
      },
    ]);
    expect(
      server()
        .mock.faults.list()
        .map((f) => f.id),
    ).toEqual(listed.map((f) => f.id));

    // A request uses one: the list follows.
    expect((await fetch(`${server().url}/v1/catalog/sports`, { headers: auth() })).status).toBe(429);
    expect((await body<{ remaining: number }[]>(admin('/faults')))[0]?.remaining).toBe(1);

    // Disarm one by id: the route answers again; disarming it twice is a 404.
    const disarm = await admin(`/faults/${first.armed.id}`, { method: 'DELETE', headers: json });
    expect(await body(disarm)).toEqual({ disarmed: first.armed.id });
    expect((await fetch(`${server().url}/v1/catalog/sports`, { headers: auth() })).status).toBe(200);
    const again = await admin(`/faults/${first.armed.id}`, { method: 'DELETE', headers: json });
    expect(again.status).toBe(404);
    expect((await body<{ error: { code: string } }>(again)).error.code).toBe('not_found');

    expect(await body(admin('/faults', { method: 'DELETE', headers: json }))).toEqual({ disarmed: 2 });
    expect(await body(admin('/faults'))).toEqual([]);
  });

  it('refuses to disarm without the JSON content type (the browser guard)', async () => {
    await admin('/faults', { method: 'POST', headers: json, body: JSON.stringify({ route: 'catalog.sports', status: 503 }) });
    const [armed] = await body<{ id: string }[]>(admin('/faults'));
    expect((await admin(`/faults/${armed!.id}`, { method: 'DELETE' })).status).toBe(415);
    expect(await body(admin('/faults'))).toHaveLength(1);
  });
});

describe('accounts, ledger and requests', () => {
  it('lists accounts with their keys: records only, never a key or a hash', async () => {
    const created = await body<{ api_key: string }>(
      admin('/accounts', { method: 'POST', headers: json, body: JSON.stringify({ email: 'b@example.com', plan: 'trial' }) }),
    );
    const text = await (await admin('/accounts')).text();
    expect(text).not.toContain(server().mock.apiKey);
    expect(text).not.toContain(created.api_key);
    const accounts = JSON.parse(text) as {
      email: string;
      plan: string;
      status: string;
      created_at: string;
      recovery_email_verified: boolean;
      keys: { prefix: string; scopes: string[] }[];
    }[];
    expect(accounts.map((a) => [a.email, a.plan, a.status, a.recovery_email_verified])).toEqual([
      ['demo@sports-odds.test', 'pro', 'active', true],
      ['b@example.com', 'trial', 'active', false],
    ]);
    expect(accounts[1]?.created_at).toBe('2026-11-21T15:00:00.000Z');
    expect(accounts[1]?.keys).toEqual([
      {
        id: expect.stringMatching(/^key_/),
        name: 'Primary key',
        prefix: created.api_key.slice(0, 13),
        scopes: ['data:read', 'account:manage'],
        status: 'active',
        created_at: '2026-11-21T15:00:00.000Z',
        last_used_at: null,
        revoked_at: null,
      },
    ]);
  });

  it('shows the ledger in snake_case with RFC 3339 times, like the rest of the control plane', async () => {
    await fetch(`${server().url}/v1/catalog/sports`, { headers: auth() });
    server().mock.clock.advance(1_000);
    await fetch(`${server().url}/v1/events?sport_id=29&limit=100`, { headers: auth() });
    const [demo] = await body<Record<string, unknown>[]>(admin('/ledger'));
    expect(Object.keys(demo!).sort()).toEqual(['charged', 'charges', 'daily', 'email', 'period', 'reserved']);
    const charges = demo!['charges'] as Record<string, unknown>[];
    expect(charges).toEqual([
      {
        request_id: expect.stringMatching(/^req_/),
        route: 'catalog.sports',
        key_id: expect.stringMatching(/^key_/),
        cost: 3,
        at: '2026-11-21T15:00:00.000Z',
      },
      {
        request_id: expect.stringMatching(/^req_/),
        route: 'events.list',
        key_id: expect.stringMatching(/^key_/),
        cost: expect.any(Number),
        at: '2026-11-21T15:00:01.000Z',
      },
    ]);
    expect(demo!['charged']).toBe(charges.reduce((sum, c) => sum + (c['cost'] as number), 0));
    expect(demo!['daily']).toMatchObject({
      starts_at: '2026-11-21T00:00:00.000Z',
      resets_at: '2026-11-22T00:00:00.000Z',
      used: demo!['charged'],
    });
    // The in-process handle keeps its JavaScript shape (camelCase, epoch milliseconds).
    expect(server().mock.ledger()[0]?.charges[0]).toMatchObject({ routeId: 'catalog.sports', at: Date.parse(NOW) });
  });

  it('lists the latest requests, the last n with ?limit, and refuses a bad limit', async () => {
    for (const path of ['/v1/catalog/sports', '/v1/catalog/leagues?sport_id=29', '/v1/events/1/odds'])
      await fetch(`${server().url}${path}`, { headers: auth() });
    const all = await body<{ route: string; status: number }[]>(admin('/requests'));
    expect(all.map((r) => [r.route, r.status])).toEqual([
      ['catalog.sports', 200],
      ['catalog.leagues', 200],
      ['events.odds', 404],
    ]);
    expect((await body<{ route: string }[]>(admin('/requests?limit=1'))).map((r) => r.route)).toEqual(['events.odds']);
    for (const bad of ['?limit=0', '?limit=1001', '?limit=x', '?other=1']) {
      const res = await admin(`/requests${bad}`);
      expect(res.status, bad).toBe(400);
      expect((await body<{ error: { code: string } }>(res)).error.code).toBe('invalid_parameters');
    }
  });
});

describe('POST /__admin/challenges', () => {
  it('defaults the action to the recovery request, so an empty body gives a token the recovery page can use', async () => {
    const { challenge_token } = await body<{ challenge_token: string }>(
      admin('/challenges', { method: 'POST', headers: json, body: '{}' }),
    );
    expect(challenge_token).toMatch(/^chl_/);
    const accepted = await fetch(`${server().url}/v1/recovery/requests`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'nobody@example.com', challenge_token }),
    });
    expect(accepted.status).toBe(202);
    // Single use: the same token again is refused, so the 202 above did check it.
    const reused = await fetch(`${server().url}/v1/recovery/requests`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'nobody@example.com', challenge_token }),
    });
    expect(reused.status).toBe(403);
    expect(((await reused.json()) as { error: { code: string } }).error.code).toBe('challenge_failed');
    expect((await admin('/challenges', { method: 'POST', headers: json, body: '{"action":""}' })).status).toBe(400);
  });
});
