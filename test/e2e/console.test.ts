import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationList } from '../../mocks/server/control/operations';
import { startMockServer, type MockServer } from '../../mocks/server/node';
import { SportsOdds, UnavailableError } from '../../src';
import { NOW } from '../helpers/mock-server';
import { launchChromium } from './browser';

/**
 * The web console of the standalone server (`/__admin/`) in Chromium: it shows and drives the JSON
 * control plane. `UPDATE_CONSOLE_SCREENSHOT=1` also writes docs/images/console.png.
 */

let browser: Browser;
let server: MockServer;
let context: BrowserContext;
let page: Page;
const problems: string[] = [];

const json = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}/__admin${path}`, { ...init, headers: { 'Content-Type': 'application/json', ...init.headers } }).then((r) =>
    r.json(),
  );

/** Reloads the console, which draws from the control plane at once, rather than waiting for its next refresh. */
async function reload(): Promise<void> {
  await page.reload();
  await page.locator('body[data-refreshed]').waitFor({ state: 'attached' });
}

beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startMockServer({ port: 0, now: NOW })]);
  server.mock.clock.freeze(NOW);
  context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  page = await context.newPage();
  page.on('pageerror', (e) => void problems.push(`pageerror: ${e.message}`));
  // A CSP violation or a failed script shows as a console error (refused control requests, which
  // the test makes on purpose, show as failed resources and are not problems).
  page.on(
    'console',
    (m) => void (m.type() === 'error' && !m.text().startsWith('Failed to load resource') && problems.push(`console: ${m.text()}`)),
  );
  const answer = await page.goto(`${server.url}/__admin/`);
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()['content-security-policy']).toMatch(
    /script-src 'nonce-[0-9a-f]{32}'; style-src 'nonce-[0-9a-f]{32}'; connect-src 'self'/,
  );
  expect(answer?.headers()['cache-control']).toBe('no-store');
  await page.locator('#now', { hasText: '2026-11-21T15:00:00.000Z' }).waitFor();
}, 30_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

describe('the console at /__admin/', () => {
  it('lists the operations of the control plane, as GET /__admin answers them in JSON', async () => {
    const listing = (await (await fetch(`${server.url}/__admin`, { headers: { Accept: 'application/json' } })).json()) as {
      operations: { method: string; path: string }[];
    };
    expect(listing.operations.map((o) => `${o.method} ${o.path}`)).toEqual(operationList.map((o) => `${o.method} /__admin${o.path}`));
    const rows = page.locator('#operations tbody tr');
    await rows.nth(operationList.length - 1).waitFor({ state: 'attached' });
    expect(await rows.count()).toBe(operationList.length);
    expect(await rows.first().locator('td').first().textContent()).toBe('GET /__admin');
  });

  it('shows the accounts and their keys, never a key', async () => {
    const row = page.locator('#accounts tbody tr[data-email="demo@sports-odds.test"]');
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('pro');
    expect(text).toContain('verified');
    expect(text).toContain(`${server.mock.apiKey.slice(0, 13)}…`);
    expect(text).toContain('data:read + account:manage');
    expect(await page.content()).not.toContain(server.mock.apiKey);
  });

  it('advances and sets the clock', async () => {
    await page.getByRole('button', { name: '+5 min' }).click();
    await page.locator('#now', { hasText: '2026-11-21T15:05:00.000Z' }).waitFor();
    expect(server.mock.clock.date().toISOString()).toBe('2026-11-21T15:05:00.000Z');
    await page.getByRole('button', { name: '+1 day' }).click();
    await page.locator('#now', { hasText: '2026-11-22T15:05:00.000Z' }).waitFor();

    await page.fill('#clock-input', '2026-11-23T09:30:00Z');
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    await page.locator('#now', { hasText: '2026-11-23T09:30:00.000Z' }).waitFor();
    expect(await page.locator('#message').textContent()).toBe('Clock set to 2026-11-23T09:30:00.000Z');

    // A refusal of the control plane is shown, and the clock stays where it was.
    await page.fill('#clock-input', '9999-12-31T00:00:00Z');
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    await page.locator('#message.error', { hasText: 'invalid_parameters' }).waitFor();
    expect(server.mock.clock.date().toISOString()).toBe('2026-11-23T09:30:00.000Z');
  });

  it('arms a fault, shows it hit a request with its cost, and disarms another', async () => {
    await page.selectOption('#fault-route', 'catalog.sports');
    await page.selectOption('#fault-kind', 'status:503');
    await page.getByRole('button', { name: 'Arm', exact: true }).click();
    const armed = page.locator('#faults tbody tr[data-fault]');
    await armed.filter({ hasText: 'catalog.sports' }).waitFor();
    expect(await armed.filter({ hasText: 'catalog.sports' }).textContent()).toMatch(/catalog\.sports503 temporarily_unavailable1disarm/);
    expect(await json('/faults')).toEqual([
      {
        id: expect.stringMatching(/^flt_/),
        route: 'catalog.sports',
        endpoint: '/v1/catalog/sports',
        remaining: 1,
        kind: 'status',
        status: 503,
        code: 'temporarily_unavailable',
      },
    ]);

    const odds = new SportsOdds({ apiKey: server.mock.apiKey, baseUrl: server.url, maxRetries: 0 });
    await expect(odds.catalog.sports()).rejects.toBeInstanceOf(UnavailableError);
    await odds.catalog.sports(); // the fault was used up: this one answers

    const hit = page.locator('#requests tbody tr.fail[data-route="catalog.sports"]');
    await hit.waitFor();
    expect(await hit.locator('td.status').textContent()).toBe('503');
    expect(await hit.locator('td.code').textContent()).toBe('temporarily_unavailable');
    expect(await hit.locator('td.num').first().textContent()).toBe('1'); // a 503 after data work costs one credit
    await page.locator('#faults tbody tr.empty', { hasText: 'no fault armed' }).waitFor();

    // The credit windows and the chart follow the ledger: the 503's credit and the answer's.
    const charged = (server.mock.ledger().find((e) => e.email === server.mock.demoEmail)?.daily.used ?? 0).toLocaleString('en');
    await page.locator('[data-window="Daily (UTC)"]', { hasText: `${charged} used` }).waitFor();
    expect(await page.locator('#chart polyline.line').count()).toBe(1);
    expect(await page.locator('#chart-caption').textContent()).toContain(
      `since the daily window opened (2026-11-23 00:00Z): ${charged} in 2 charges`,
    );

    await page.selectOption('#fault-route', 'events.odds');
    await page.selectOption('#fault-kind', 'drop:after_commit');
    await page.fill('#fault-count', '3');
    await page.getByRole('button', { name: 'Arm', exact: true }).click();
    const pending = armed.filter({ hasText: 'events.odds' });
    await pending.waitFor();
    expect(await pending.textContent()).toContain('drop after commit');
    await pending.getByRole('button', { name: 'disarm' }).click();
    await page.locator('#faults tbody tr.empty').waitFor();
    expect(await json('/faults')).toEqual([]);
  });

  it('opens an outbox link on the first-party page it points to', async () => {
    await page.fill('#account-email', 'mailbox@example.com');
    await page.selectOption('#account-plan', 'starter');
    await page.uncheck('#account-verified');
    await page.getByRole('button', { name: 'Create' }).click();
    const created = await page.locator('#message.ok', { hasText: 'Created mailbox@example.com' }).textContent();
    const apiKey = /svc_live_[A-Za-z0-9]{32}/.exec(created ?? '')?.[0];
    expect(apiKey).toBeDefined();
    await page.locator('#accounts tbody tr[data-email="mailbox@example.com"]', { hasText: 'not verified' }).waitFor();

    // The customer asks for a verification mail; the console lists it.
    await new SportsOdds({ apiKey: apiKey!, baseUrl: server.url }).account.resendVerification();
    await reload();
    const link = page.locator('#outbox a.outbox-link', { hasText: 'open the verification page' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^${server.url}/verify-recovery-email#token=emv_`));
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');

    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await tab.locator('#status', { hasText: 'This mailbox can now be used to recover access to the account.' }).waitFor();
    expect(tab.url()).toBe(`${server.url}/verify-recovery-email`); // the token left the address bar
    await tab.close();
    await reload();
    await page
      .locator('#accounts tbody tr[data-email="mailbox@example.com"]', { hasText: 'verified' })
      .filter({ hasNotText: 'not verified' })
      .waitFor();
  });

  it('writes its screenshot for the docs when asked', async () => {
    // A few minutes of a client's work, so that the requests, the windows and the chart have a shape.
    const odds = new SportsOdds({ apiKey: server.mock.apiKey, baseUrl: server.url });
    const [event] = await odds.events.list({ sport_id: 29, limit: 200 });
    const steps = [
      () => odds.catalog.leagues({ sport_id: 29 }),
      () => odds.events.odds(event!, { full_history: true }),
      () => odds.events.list({ sport_id: 4, limit: 500 }),
      () => odds.events.openingLines(event!),
      () => odds.account.get(),
      () => odds.events.odds(event!, { main_lines_only: true }),
    ];
    for (const step of steps) {
      server.mock.clock.advance(75_000);
      await step();
    }
    await page.fill('#clock-input', '');
    await page.selectOption('#fault-route', 'events.odds');
    await page.selectOption('#fault-kind', 'status:503');
    await page.fill('#fault-count', '2');
    await page.fill('#fault-retry', '1');
    await page.getByRole('button', { name: 'Arm', exact: true }).click();
    // Arming redraws the console from the control plane: the workload above is in it.
    await page.locator('#message.ok', { hasText: 'on events.odds for 2 request(s)' }).waitFor();
    expect(await page.locator('#requests tbody tr[data-route]').count()).toBeGreaterThanOrEqual(steps.length + 1);
    const out = process.env['UPDATE_CONSOLE_SCREENSHOT']
      ? fileURLToPath(new URL('../../docs/images/console.png', import.meta.url))
      : undefined;
    if (out) await mkdir(new URL('../../docs/images/', import.meta.url), { recursive: true });
    const png = await page.screenshot({ fullPage: true, ...(out ? { path: out } : {}) });
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });

  it('resets to the seeded state, and nothing went wrong in the page', async () => {
    await page.getByRole('button', { name: 'Reset to the seeded state' }).click();
    await page.locator('#accounts tbody tr[data-email="mailbox@example.com"]').waitFor({ state: 'detached' });
    expect((await json('/accounts')).map((a: { email: string }) => a.email)).toEqual(['demo@sports-odds.test']);
    expect(problems).toEqual([]);
  });
});
