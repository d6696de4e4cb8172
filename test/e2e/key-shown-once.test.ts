import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../mocks/server/node';
import { launchChromium } from './browser';
import { postAdmin } from '../helpers/standalone';

/**
 * "Shown only once" means once (docs/mock-server.md, "First-party pages"): the service replays a
 * claim's answer to the same credential for 10 minutes, for a client that lost it, but a page that
 * showed a key does not show it again, on a reload, in a second tab or from the same mail link; an
 * answer the page never received is shown when it comes again.
 */

let browser: Browser;
let server: MockServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startMockServer({ port: 0 })]);
}, 30_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const admin = <T>(path: string, body: unknown = {}): Promise<T> => postAdmin<T>(server.url, path, body);

/** A paid checkout whose HttpOnly cookie this browser context holds (set by the checkout page). */
async function paidCheckout(context: BrowserContext, email: string): Promise<Page> {
  const checkout = await admin<{ session_id: string; resume_token: string }>('/checkouts', { email, plan: 'starter' });
  const page = await context.newPage();
  await page.goto(`${server.url}/checkout#token=${checkout.resume_token}`);
  await page.locator('#pay').waitFor();
  await admin(`/checkouts/${checkout.session_id}/complete`);
  return page;
}

/** Writes a picture for the docs when asked (`UPDATE_CONSOLE_SCREENSHOT=1`), and checks it is one. */
async function picture(page: Page, name: string): Promise<void> {
  const out = process.env['UPDATE_CONSOLE_SCREENSHOT'] ? fileURLToPath(new URL(`../../docs/images/${name}`, import.meta.url)) : undefined;
  if (out) await mkdir(new URL('../../docs/images/', import.meta.url), { recursive: true });
  await page.setViewportSize({ width: 900, height: 420 });
  const png = await page.screenshot(out ? { path: out } : {});
  expect(png.subarray(1, 4).toString()).toBe('PNG');
}

const ALREADY_SHOWN = 'This key was already shown on this page, and a key is shown only once. Use it where you stored it.';

describe('a key shown once', () => {
  it('the claim page shows the key with a copy button, then neither a reload nor a second tab shows it again', async () => {
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await paidCheckout(context, 'once@example.com');
    await page.goto(`${server.url}/claim`);
    const key = await page.locator('#api-key').textContent();
    expect(key).toMatch(/^svc_live_[A-Za-z0-9]{32}$/);
    expect(await page.locator('#status').textContent()).toBe('Store this key now: it is shown only once.');
    await picture(page, 'page-claim.png');
    await page.locator('#copy-key').click();
    await page.locator('#copy-key', { hasText: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    await page.reload();
    await page.locator('#status', { hasText: ALREADY_SHOWN }).waitFor();
    expect(await page.locator('#api-key').count()).toBe(0);
    expect(await page.content()).not.toContain(key);
    expect(await page.locator('#recover').getAttribute('href')).toBe('/recover');

    const tab = await context.newPage();
    await tab.goto(`${server.url}/claim`);
    await tab.locator('#status', { hasText: ALREADY_SHOWN }).waitFor();
    expect(await tab.content()).not.toContain(key);
    // The service did answer the key again (its replay window): the page is what kept it hidden.
    const claims = server.requests.filter((r) => r.url === '/v1/checkout/claims');
    expect(claims.slice(-3).map((r) => r.status)).toEqual([200, 200, 200]);
    // The browser keeps the prefix inventories show, never the key.
    const stored = await tab.evaluate(() => JSON.stringify(localStorage));
    expect(stored).toContain(key!.slice(0, 13));
    expect(stored).not.toContain(key!.slice(13));
    await context.close();
  });

  it('an answer the page never received is shown when a reload asks again', async () => {
    const context = await browser.newContext();
    const page = await paidCheckout(context, 'lost@example.com');
    // The service claims and answers; the connection breaks before the page reads the answer.
    await page.route(
      '**/v1/checkout/claims',
      async (route) => {
        await route.fetch();
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await page.goto(`${server.url}/claim`);
    await page.locator('#status', { hasText: 'Could not reach the service. Check your connection, then reload this page.' }).waitFor();
    await page.reload();
    const key = await page.locator('#api-key').textContent();
    expect(key).toMatch(/^svc_live_[A-Za-z0-9]{32}$/);
    expect((await fetch(`${server.url}/v1/account`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(200);
    await context.close();
  });

  it('the same recovery link opened twice shows the replacement key once', async () => {
    const created = await admin<{ api_key: string }>('/accounts', {
      email: 'twice@example.com',
      plan: 'pro',
      recovery_email_verified: true,
    });
    const auth = { Authorization: `Bearer ${created.api_key}` };
    const [primary] = (await (await fetch(`${server.url}/v1/account/keys`, { headers: auth })).json()) as { id: string }[];
    await fetch(`${server.url}/v1/account/keys/${primary!.id}/revoke`, { method: 'POST', headers: auth });
    const challenge = await admin<{ challenge_token: string }>('/challenges');
    await fetch(`${server.url}/v1/recovery/requests`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'twice@example.com', challenge_token: challenge.challenge_token }),
    });
    const outbox = (await (await fetch(`${server.url}/__admin/outbox`)).json()) as { to: string; link: string }[];
    const link = outbox.find((m) => m.to === 'twice@example.com')!.link;

    const context = await browser.newContext();
    const first = await context.newPage();
    await first.goto(link);
    const key = await first.locator('#api-key').textContent();
    expect(key).toMatch(/^svc_live_[A-Za-z0-9]{32}$/);
    const second = await context.newPage();
    await second.goto(link);
    await second.locator('#status', { hasText: ALREADY_SHOWN }).waitFor();
    expect(await second.content()).not.toContain(key);
    await context.close();
  });
});
