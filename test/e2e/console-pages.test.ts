import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../mocks/server/node';
import { launchChromium } from './browser';
import { newGate } from '../helpers/gate';
import { postAdmin } from '../helpers/standalone';

/**
 * The first-party pages next to the console, in Chromium: one state at a time (`#view` holds only
 * the current one), a message a customer can act on for every refusal (never the validator's text),
 * and the payment page's "mark paid" button exactly when the control plane answers.
 */

let browser: Browser;
let server: MockServer;
let noAdmin: MockServer;

beforeAll(async () => {
  [browser, server, noAdmin] = await Promise.all([
    launchChromium(),
    startMockServer({ port: 0 }),
    startMockServer({ port: 0, admin: false }),
  ]);
}, 30_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await noAdmin?.close();
});

async function fresh(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

/** The page's whole state once it settled on `#status`: the view's text, paragraph by paragraph. */
async function settled(page: Page, text?: string): Promise<string[]> {
  await page.locator('#status', text === undefined ? {} : { hasText: text }).waitFor();
  return page.locator('#view > *').allTextContents();
}

const admin = <T>(path: string, body: unknown = {}): Promise<T> => postAdmin<T>(server.url, path, body);

describe('one state at a time, in words a customer can act on', () => {
  it('/checkout without a token or cookie says so, and nothing else', async () => {
    const { context, page } = await fresh();
    await page.goto(`${server.url}/checkout`);
    const view = await settled(page);
    expect(view[0]).toBe('There is no checkout in progress in this browser. Open the link from your checkout confirmation.');
    expect(view[1]).toMatch(/^Reference for support: req_[0-9a-f]{32}$/);
    expect(view.join(' ')).not.toContain('Checking');
    await context.close();
  });

  it('/recover, for an account that still has a managing key, says why no link comes and what to do instead', async () => {
    const { context, page } = await fresh();
    await page.goto(`${server.url}/recover`);
    await page.fill('#email', server.mock.demoEmail);
    await page.getByRole('button', { name: 'Send recovery link' }).click();
    const view = await settled(page);
    expect(view).toHaveLength(2);
    expect(view[1]).toMatch(
      /^No e-mail comes when the account still has an active key with the account:manage scope: use that key instead/,
    );
    // The demo account has its key: the service queues nothing for it, and the page said why.
    expect((await server.mock.outbox()).filter((m) => m.kind === 'recovery')).toEqual([]);
    await context.close();
  });

  it('/recover shows its wait apart from its answer: `#progress` while the service works, `#status` once it answered', async () => {
    const { context, page } = await fresh();
    const gate = newGate();
    server.mock.faults.inject({ route: 'recovery.request', hold: gate.opened });
    await page.goto(`${server.url}/recover`);
    await page.fill('#email', server.mock.demoEmail);
    await page.getByRole('button', { name: 'Send recovery link' }).click();
    await page.locator('#view[aria-busy="true"] #progress', { hasText: 'Sending…' }).waitFor();
    expect(await page.locator('#status').count()).toBe(0);
    gate.open();
    const view = await settled(page);
    expect(view).toHaveLength(2);
    expect(await page.locator('#view').getAttribute('aria-busy')).toBeNull();
    await context.close();
  });

  it('/recover#token=bogus explains the link is not valid and offers the request form, never validator text', async () => {
    const { context, page } = await fresh();
    await page.goto(`${server.url}/recover#token=bogus`);
    const view = await settled(page, 'This recovery link is not valid');
    expect(view[0]).toBe('This recovery link is not valid. Ask for a new one below.');
    expect(await page.locator('#request #email').count()).toBe(1);
    const text = (await page.locator('#view').textContent()) ?? '';
    expect(text).not.toMatch(/recovery_token|body parameter|expected|invalid_token/);
    await context.close();
  });

  it('explains refused claim and verification links, and a verification page opened without its link', async () => {
    const { context, page } = await fresh();
    const bogus = `clm_${'A'.repeat(43)}`;
    await page.goto(`${server.url}/claim#token=${bogus}`);
    expect((await settled(page))[0]).toBe(
      'This claim link is not valid. Open the link from your checkout confirmation exactly as it was sent.',
    );
    await page.goto(`${server.url}/verify-recovery-email#token=emv_${'B'.repeat(43)}`);
    expect((await settled(page))[0]).toBe(
      'This verification link is not valid. Open the latest verification e-mail, or ask for a new one from your account.',
    );
    await page.goto(`${server.url}/verify-recovery-email`);
    expect(await settled(page)).toEqual(['Open the link from the verification e-mail: this page needs it.']);
    await context.close();
  });

  it('says when the service cannot be reached, instead of failing silently', async () => {
    const { context, page } = await fresh();
    await page.route('**/v1/checkout/intents', (route) => route.abort('connectionrefused'));
    await page.goto(`${server.url}/checkout#token=res_${'C'.repeat(43)}`);
    expect(await settled(page)).toEqual(['Could not reach the service. Check your connection, then reload this page.']);
    await context.close();
  });
});

describe('the payment page of the mock', () => {
  it('marks the checkout paid with the control plane on, and the checkout then leads to the key', async () => {
    const checkout = await admin<{ session_id: string; resume_token: string }>('/checkouts', {
      email: 'paying@example.com',
      plan: 'starter',
    });
    const { context, page } = await fresh();
    await page.goto(`${server.url}/checkout#token=${checkout.resume_token}`);
    await page.locator('#pay').click();
    expect(page.url()).toBe(`${server.url}/checkout/pay/${checkout.session_id}`);
    await page.locator('#mark-paid').click();
    expect(await settled(page, 'Marked paid.')).toEqual(['Marked paid.', 'Back to your checkout']);
    await page.locator('#back').click();
    await page.locator('#claim').click();
    const key = await page.locator('#api-key').textContent();
    expect(key).toMatch(/^svc_live_[A-Za-z0-9]{32}$/);
    expect(
      ((await (await fetch(`${server.url}/v1/account`, { headers: { Authorization: `Bearer ${key}` } })).json()) as { email: string })
        .email,
    ).toBe('paying@example.com');
    await context.close();
  });

  it('offers no button when the control plane is off, and says who can mark it paid', async () => {
    const checkout = await noAdmin.mock.startCheckout({ email: 'paying@example.com', plan: 'trial' });
    const { context, page } = await fresh();
    await page.goto(`${noAdmin.url}/checkout/pay/${checkout.session_id}`);
    expect(await settled(page)).toEqual([
      'This mock does not take payments, and its control plane is off: the checkout can only be marked paid by whoever runs the mock.',
    ]);
    expect(await page.locator('#mark-paid').count()).toBe(0);
    await context.close();
  });
});
