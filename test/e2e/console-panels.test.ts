import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../mocks/server/node';
import { NOW } from '../helpers/mock-server';
import { launchChromium } from './browser';

/**
 * The console's panels for test authors (docs/mock-server.md, "The console: `/__admin/`") in
 * Chromium: overrides, added events, checkouts, an account's status, plan, mailbox and keys, the
 * request list's filters and detail, copy buttons. `UPDATE_CONSOLE_SCREENSHOT=1` also writes the
 * pictures of docs/images/ these panels appear in.
 */

let browser: Browser;
let server: MockServer;
let context: BrowserContext;
let page: Page;
const problems: string[] = [];

const admin = async <T>(path: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${server.url}/__admin${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as T;
};
const get = (path: string, key = server.mock.apiKey) => fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${key}` } });

/** Reloads the console, which draws from the control plane at once, rather than waiting for its next refresh. */
async function reload(): Promise<void> {
  await page.reload();
  await page.locator('body[data-refreshed]').waitFor({ state: 'attached' });
}

/** The clipboard's text, as the page reads it. */
const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

/** Writes a picture for the docs when asked, and checks it is one. */
async function picture(target: Page | Locator, name: string): Promise<void> {
  const out = process.env['UPDATE_CONSOLE_SCREENSHOT'] ? fileURLToPath(new URL(`../../docs/images/${name}`, import.meta.url)) : undefined;
  if (out) await mkdir(new URL('../../docs/images/', import.meta.url), { recursive: true });
  const png = await target.screenshot({ ...(out ? { path: out } : {}) });
  expect(png.subarray(1, 4).toString()).toBe('PNG');
}

beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startMockServer({ port: 0, now: NOW })]);
  server.mock.clock.freeze(NOW);
  context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  page = await context.newPage();
  page.on('pageerror', (e) => void problems.push(`pageerror: ${e.message}`));
  page.on(
    'console',
    (m) => void (m.type() === 'error' && !m.text().startsWith('Failed to load resource') && problems.push(`console: ${m.text()}`)),
  );
  await page.goto(`${server.url}/__admin/`);
  await page.locator('body[data-refreshed]').waitFor({ state: 'attached' });
}, 30_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

describe('the console for test authors', () => {
  it('downloads the state, uploads it back, and freezes and resumes the clock', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#state-download').click()]);
    const saved = JSON.parse(await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c).toString('utf8'))) as {
      format: string;
      clock: { now: number };
    };
    expect(saved.format).toBe('sports-odds-mock-state');
    expect(JSON.stringify(saved)).not.toContain(server.mock.apiKey);
    await admin('/accounts', { email: 'console-state@example.com' });
    await page
      .locator('#state-upload')
      .setInputFiles({ name: 'mock-state.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(saved)) });
    await page.locator('#message', { hasText: 'State of mock-state.json restored' }).waitFor();
    expect(server.mock.accounts().map((a) => a.email)).not.toContain('console-state@example.com');
    await page.locator('#clock-freeze', { hasText: 'Resume' }).click();
    await page.locator('#clock-freeze', { hasText: 'Freeze' }).waitFor();
    expect(server.mock.clock.frozen).toBe(false);
    await page.locator('#clock-freeze').click();
    await page.locator('#clock-freeze', { hasText: 'Resume' }).waitFor();
    expect(server.mock.clock.frozen).toBe(true);
    expect(problems).toEqual([]);
  });

  it('arms an override, and the request it answered names it in its detail', async () => {
    await page.selectOption('#override-route', 'catalog.sports');
    await page.selectOption('#override-kind', 'error');
    await page.selectOption('#override-code', 'service_error');
    await page.fill('#override-retry', '3');
    await page.fill('#override-times', '1');
    await page.getByRole('button', { name: 'Add override' }).click();
    const row = page.locator('#overrides tbody tr[data-override]');
    await row.filter({ hasText: 'catalog.sports' }).waitFor();
    expect(await row.textContent()).toContain('error service_error, Retry-After 3 s');
    const id = await row.getAttribute('data-override');

    const res = await get('/v1/catalog/sports');
    expect(res.status).toBe(502);
    await reload();
    await page.locator('#overrides tbody tr.empty').waitFor(); // used up
    const hit = page.locator(`#requests tbody tr[data-request="${res.headers.get('x-request-id')}"]`);
    await hit.locator('button').click();
    const detail = page.locator('#request-detail');
    await detail.locator('.applied-override', { hasText: id! }).waitFor();
    expect(await detail.locator('.line').textContent()).toBe('GET /v1/catalog/sports');
    expect(await detail.locator('.outcome').textContent()).toMatch(/^502 service_error · /);
    expect(await detail.locator('.charge').textContent()).toMatch(
      /^1 credit · [\d,]+ left in the plan period window · [\d,]+ left in the daily window$/,
    );
    expect(await detail.locator('table.headers').textContent()).toContain(`X-Request-Id${res.headers.get('x-request-id')}`);
    expect(await detail.textContent()).not.toContain(server.mock.apiKey);
    await picture(page.locator('#requests-section'), 'console-request.png');
  });

  it('filters the requests by route, status and account', async () => {
    const other = await admin<{ api_key: string }>('/accounts', { email: 'filter@example.com', plan: 'trial' });
    await get('/v1/events/1/odds');
    await get('/v1/catalog/leagues?sport_id=29', other.api_key);
    await reload();
    const rows = page.locator('#requests tbody tr[data-request]');
    await page.selectOption('#request-status', '4xx');
    await page.locator('#requests tbody tr[data-route="catalog.leagues"]').waitFor({ state: 'detached' });
    expect(new Set(await page.locator('#requests tbody td.status').allTextContents())).toEqual(new Set(['404']));

    await page.selectOption('#request-status', '');
    await page.selectOption('#request-account', 'filter@example.com');
    await page.locator('#requests tbody tr[data-route="events.odds"]').waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('filter@example.com');

    await page.selectOption('#request-route', 'events.odds');
    await page.locator('#requests tbody tr.empty', { hasText: 'no request matches these filters' }).waitFor();
    await page.selectOption('#request-route', '');
    await page.selectOption('#request-account', '');
    await page.locator('#requests tbody tr[data-route="events.odds"]').waitFor();
  });

  it('adds an event from its JSON spec, which the service then serves, and removes it', async () => {
    await page.getByRole('button', { name: 'Add event' }).click();
    const message = await page.locator('#message.ok', { hasText: 'Added event' }).textContent();
    const id = /Added event (\d+)/.exec(message ?? '')?.[1];
    const row = page.locator(`#events tbody tr[data-event="${id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Harbor City – Northfield');
    expect((await get(`/v1/events/${id}/odds`)).status).toBe(200);

    await page.fill(
      '#event-spec',
      '{"sport_id": 29, "runner_home": "A", "runner_away": "B", "minute": -10, "markets": [{"market": "moneyline", "prices": [{"at": 0, "odds": [0.5, 2]}]}]}',
    );
    await page.getByRole('button', { name: 'Add event' }).click();
    await page.locator('#message.error', { hasText: 'invalid_parameters' }).waitFor();
    expect(await page.locator('#message').textContent()).toContain('markets[0].prices[0].odds[0]');

    await row.getByRole('button', { name: 'remove' }).click();
    await row.waitFor({ state: 'detached' });
    expect((await get(`/v1/events/${id}/odds`)).status).toBe(404);
  });

  it('starts a checkout with its links shown once, copies one, marks it paid, and the claim leads to the key', async () => {
    await page.fill('#checkout-email', 'buyer@example.com');
    await page.selectOption('#checkout-plan', 'starter');
    await page.getByRole('button', { name: 'Start checkout' }).click();
    const message = page.locator('#message.ok', { hasText: 'Started a checkout for buyer@example.com' });
    await message.waitFor();
    expect(await message.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      expect.stringMatching(new RegExp(`^${server.url}/checkout#token=res_`)),
      expect.stringMatching(new RegExp(`^${server.url}/claim#token=clm_`)),
    ]);
    const copy = message.getByRole('button', { name: 'Copy link' }).last();
    await copy.click();
    await message.getByRole('button', { name: 'Copied' }).waitFor();
    const claimLink = await clipboard();
    expect(claimLink).toMatch(new RegExp(`^${server.url}/claim#token=clm_[A-Za-z0-9_-]{43}$`));

    const row = page.locator('#checkouts tbody tr', { hasText: 'buyer@example.com' });
    expect(await row.locator('td.state').textContent()).toBe('open');
    await row.getByRole('button', { name: 'mark paid' }).click();
    await row.locator('td.state', { hasText: 'paid' }).waitFor();

    const tab = await context.newPage();
    await tab.goto(claimLink);
    expect(await tab.locator('#api-key').textContent()).toMatch(/^svc_live_[A-Za-z0-9]{32}$/);
    await tab.close();
    await reload();
    await page.locator('#checkouts tbody tr', { hasText: 'buyer@example.com' }).locator('td.state', { hasText: 'claimed' }).waitFor();
    // The tokens were in that one answer only: the list never shows one.
    expect(await page.locator('#checkouts').textContent()).not.toMatch(/res_|clm_/);
  });

  it("changes an account's status, plan and mailbox, adds a key (copied, shown once) and revokes it", async () => {
    await admin('/accounts', { email: 'managed@example.com', plan: 'pro', recovery_email_verified: true });
    await reload();
    await page.locator('#accounts tbody tr[data-email="managed@example.com"]').getByRole('button', { name: 'manage' }).click();
    const detail = page.locator('#account-detail');
    await detail.locator('#account-detail-email', { hasText: 'managed@example.com' }).waitFor();
    expect(await page.inputValue('#account-mailbox')).toBe('managed@example.com');

    await page.selectOption('#account-status', 'past_due');
    await page.selectOption('#account-plan-edit', 'starter');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('#message.ok', { hasText: 'Saved managed@example.com: past_due, starter' }).waitFor();
    expect(server.mock.accounts().find((a) => a.email === 'managed@example.com')).toMatchObject({ status: 'past_due', plan: 'starter' });

    await page.fill('#key-name', 'reader');
    await page.getByRole('button', { name: 'Add key' }).click();
    const added = page.locator('#message.ok', { hasText: 'Added the key reader to managed@example.com (shown once)' });
    await added.waitFor();
    const key = await added.locator('code.secret').textContent();
    expect(key).toMatch(/^svc_live_[A-Za-z0-9]{32}$/);
    await added.getByRole('button', { name: 'Copy' }).click();
    await added.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await clipboard()).toBe(key);
    expect((await get('/v1/catalog/sports', key!)).status).toBe(200);

    const keyRow = page.locator('#account-keys tbody tr', { hasText: 'reader' });
    await keyRow.getByRole('button', { name: 'revoke' }).click();
    await page.locator('#message.ok', { hasText: `Revoked ${key!.slice(0, 13)}… (reader)` }).waitFor();
    await keyRow.locator('td', { hasText: 'revoked' }).waitFor();
    expect((await get('/v1/catalog/sports', key!)).status).toBe(401);
    // Shown once: nothing on the page holds the key after the next message.
    await page.getByRole('button', { name: '+1 min' }).click();
    await page.locator('#message.ok', { hasText: 'Clock now' }).waitFor();
    expect(await page.content()).not.toContain(key!);

    await page.fill('#account-mailbox', 'moved@example.com');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('#accounts tbody tr[data-email="moved@example.com"]').waitFor();
    expect(await page.locator('#account-detail-email').textContent()).toBe('moved@example.com');
    await picture(page.locator('#accounts-section'), 'console-account.png');
  });

  it('after a clock jump says the requests aged out of the log, not that there are none', async () => {
    await get('/v1/catalog/sports');
    await reload();
    await page.locator('#requests tbody tr[data-request]').first().waitFor();
    const { recorded } = await admin<{ recorded: number }>('/requests/summary');
    await page.getByRole('button', { name: '+1 day' }).click();
    const empty = page.locator('#requests tbody tr.empty');
    await empty.waitFor();
    const text = (await empty.textContent()) ?? '';
    expect(text).not.toContain('no request yet');
    expect(text).toContain(`no request in the last hour of mock time: the ${recorded.toLocaleString('en')} recorded since the start`);
  });

  it("gives as the clock's example the next midnight of the mock's time, which the clock then takes", async () => {
    // Days past the page's static example (2026-11-22): that example lies in the mock's past.
    await admin('/clock', { advance_ms: 2 * 86_400_000 });
    await reload();
    const next = new Date(Math.floor(server.mock.clock.now() / 86_400_000) * 86_400_000 + 86_400_000).toISOString().replace('.000Z', 'Z');
    expect(await page.locator('#clock-input').getAttribute('placeholder')).toBe(next);
    expect(await page.locator('#clock-example').textContent()).toBe(next);
    expect(await page.locator('#clock-example-offset').textContent()).toBe(`${next.slice(0, 11)}01:00:00+01:00`);
    await page.fill('#clock-input', next);
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    // The control plane answers the instant with its milliseconds.
    await page.locator('#message:not(.error)', { hasText: `Clock set to ${next.replace('Z', '.000Z')}` }).waitFor({ timeout: 5_000 });
    expect(server.mock.clock.date().toISOString().replace('.000Z', 'Z')).toBe(next);
  });

  it('says the format the clock takes when it cannot read one', async () => {
    await page.fill('#clock-input', '2026-11-30T25:00:00Z');
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    const message = await page.locator('#message.error').textContent();
    expect(message).toContain(
      'Setting the clock failed: invalid_parameters: body parameter now: must be an RFC 3339 date-time with its offset',
    );
    expect(message).toContain('2026-11-22T00:00:00Z');
    expect(message).not.toContain('Invalid input');
    expect(problems).toEqual([]);
  });
});
