import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../mocks/server/node';
import { closeServer } from '../helpers/close';
import { launchChromium } from './browser';

let browser: Browser;
let server: MockServer;
let other: Server;
let otherOrigin = '';

beforeAll(async () => {
  browser = await launchChromium();
  // A second origin on the same site (same host, another port), allowed by CORS so that the
  // service itself, not the browser, has to refuse its cookie-authenticated request.
  other = createServer((_, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>other</title>'));
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
  otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  server = await startMockServer({ port: 0, corsOrigins: [otherOrigin] });
}, 30_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await closeServer(other);
});

async function admin<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/__admin${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  expect(res.ok, `${path}: ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

describe('first-party pages in Chromium', () => {
  it('checkout then claim through the HttpOnly cookie; the same request from another origin is refused', async () => {
    const checkout = await admin<{ session_id: string; resume_token: string }>('/checkouts', {
      email: 'browser-buyer@example.com',
      plan: 'starter',
    });
    const context = await browser.newContext();
    const page = await context.newPage();

    await page.goto(`${server.url}/checkout#token=${checkout.resume_token}`);
    await page.locator('#pay').waitFor();
    expect(page.url()).toBe(`${server.url}/checkout`); // the fragment is gone from the address bar
    const cookies = await context.cookies(`${server.url}/v1/checkout/claims`);
    const cookie = cookies.find((c) => c.name === 'so_checkout');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Strict');
    expect(await page.evaluate(() => document.cookie)).not.toContain('so_checkout');

    await page.goto(`${server.url}/claim`);
    await page.getByText('Payment is not complete yet').waitFor();
    await admin(`/checkouts/${checkout.session_id}/complete`);

    // Another origin of the same site: the browser sends the Strict cookie with its own Origin and
    // Sec-Fetch-Site. A JSON claim is stopped at its preflight (the mock grants CORS without
    // credentials); a no-cors one reaches the service, which refuses it. Nothing is issued.
    const intruder = await context.newPage();
    await intruder.goto(otherOrigin);
    const attempts = await intruder.evaluate(async (url) => {
      const outcome = async (init: RequestInit) => {
        try {
          const res = await fetch(`${url}/v1/checkout/claims`, { method: 'POST', credentials: 'include', body: '{}', ...init });
          return res.type === 'opaque' ? 'opaque' : String(res.status);
        } catch {
          return 'blocked';
        }
      };
      return [
        await outcome({ headers: { 'Content-Type': 'application/json' } }),
        await outcome({ mode: 'no-cors', headers: { 'Content-Type': 'text/plain' } }),
      ];
    }, server.url);
    expect(attempts).toEqual(['blocked', 'opaque']);
    const refused = server.requests.filter((r) => r.method === 'POST' && r.url === '/v1/checkout/claims');
    expect(refused.map((r) => r.status)).toEqual([202, 415]);

    await page.goto(`${server.url}/claim`);
    const key = await page.locator('#api-key').textContent();
    expect(key).toMatch(/^svc_live_[A-Za-z0-9]{32}$/);
    const account = await fetch(`${server.url}/v1/account`, { headers: { Authorization: `Bearer ${key}` } });
    expect(((await account.json()) as { email: string }).email).toBe('browser-buyer@example.com');
    await context.close();
  });

  it('a recovery link from the outbox shows the key once, and no token ever travelled in a URL', async () => {
    const created = await admin<{ api_key: string }>('/accounts', {
      email: 'lost@example.com',
      plan: 'pro',
      recovery_email_verified: true,
    });
    const auth = { Authorization: `Bearer ${created.api_key}` };
    const keys = (await (await fetch(`${server.url}/v1/account/keys`, { headers: auth })).json()) as { id: string }[];
    // The customer loses their only account:manage key.
    await fetch(`${server.url}/v1/account/keys/${keys[0]!.id}/revoke`, { method: 'POST', headers: auth });

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/recover`);
    await page.fill('#email', 'lost@example.com');
    await page.click('button');
    await page.getByText('If this address belongs').waitFor();

    const outbox = (await (await fetch(`${server.url}/__admin/outbox`)).json()) as { to: string; kind: string; link: string }[];
    const mail = outbox.find((m) => m.to === 'lost@example.com' && m.kind === 'recovery');
    expect(mail?.link).toMatch(/\/recover#token=rcv_/);

    // The link is opened as a person would from their mail: in a new tab.
    const tab = await context.newPage();
    await tab.goto(mail!.link);
    const key = await tab.locator('#api-key').textContent();
    expect(key).toMatch(/^svc_live_[A-Za-z0-9]{32}$/);
    expect((await fetch(`${server.url}/v1/account`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(200);

    await tab.reload();
    await tab.waitForLoadState('networkidle');
    expect(await tab.locator('#api-key').count()).toBe(0);

    for (const r of server.requests) expect(r.url).not.toMatch(/rcv_|res_|clm_|emv_|chl_|svc_live_|token/);
    await context.close();
  });
});
