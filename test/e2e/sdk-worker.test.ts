import { build, type Metafile } from 'esbuild';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer } from '../helpers/close';
import { launchChromium } from './browser';
import type { DataFlowResult, RetryResult } from './fixtures/sdk-worker-page';

/**
 * The SDK's browser bundle in a real page (see browser.ts for which Chromium), its calls answered by the mock's
 * handlers through MSW's service worker (`setupWorker`): nothing listens on the mock's base URL,
 * so every answer proves the worker intercepted the request.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const workerScript = join(root, 'node_modules/msw/lib/mockServiceWorker.js');

let browser: Browser;
let server: Server;
let origin = '';
let outDir = '';
let bundleText = '';
let metafile: Metafile;
let context: BrowserContext;
let page: Page;
const consoleLines: string[] = [];
/** The page's requests to the mock's base URL, as the browser saw them answered. */
const apiResponses: { url: string; status: number; fromServiceWorker: boolean }[] = [];
const MOCK_BASE_URL = 'https://api.sports-odds.test';

beforeAll(async () => {
  const cache = join(root, 'node_modules/.cache');
  await mkdir(cache, { recursive: true });
  outDir = await mkdtemp(join(cache, 'sdk-worker-e2e-'));
  const [result, launched] = await Promise.all([
    build({
      entryPoints: [join(fixtures, 'sdk-worker-page.ts')],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      target: 'es2022',
      outfile: join(outDir, 'sdk-worker-page.js'),
      metafile: true,
      absWorkingDir: root, // metafile paths are relative to the repository
      logLevel: 'silent',
    }),
    launchChromium(),
  ]);
  browser = launched;
  metafile = result.metafile;
  bundleText = await readFile(join(outDir, 'sdk-worker-page.js'), 'utf8');

  const files: Record<string, { body: Buffer; type: string }> = {
    '/': { body: await readFile(join(fixtures, 'sdk-worker.html')), type: 'text/html; charset=utf-8' },
    '/sdk-worker-page.js': { body: Buffer.from(bundleText), type: 'text/javascript; charset=utf-8' },
    '/mockServiceWorker.js': { body: await readFile(workerScript), type: 'text/javascript; charset=utf-8' },
  };
  server = createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://x').pathname];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': file.type, 'Cache-Control': 'no-store' }).end(file.body);
  });
  // 127.0.0.1 over plain http is a potentially trustworthy origin: service workers are allowed.
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  context = await browser.newContext();
  page = await context.newPage();
  page.on('console', (m) => void consoleLines.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => void consoleLines.push(`pageerror: ${e.message}`));
  page.on('response', (res) => {
    if (res.url().startsWith(`${MOCK_BASE_URL}/`))
      apiResponses.push({ url: res.url(), status: res.status(), fromServiceWorker: res.fromServiceWorker() });
  });
  await page.goto(`${origin}/`);
  try {
    await page.evaluate(() => window.sdkWorkerReady);
  } catch (error) {
    throw new Error(`MSW's worker did not start: ${String(error)}\n${consoleLines.join('\n')}`);
  }
}, 20_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await closeServer(server);
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

/** The page's console, to read when an assertion fails. */
const logs = () => consoleLines.join('\n');

describe('the SDK in Chromium, mocked by MSW setupWorker', () => {
  it('bundles for the browser: no node: import in the SDK or anything the page pulls in', () => {
    const inputs = Object.entries(metafile.inputs);
    const sdkInputs = inputs.filter(([path]) => path.startsWith('src/'));
    expect(sdkInputs.length).toBeGreaterThan(10);
    for (const [path, input] of inputs) {
      for (const imported of input.imports) expect(imported.path, `${path} imports ${imported.path}`).not.toMatch(/^node:/);
    }
    expect(bundleText).not.toMatch(/\bfrom\s*["'`]node:|\bimport\s*\(\s*["'`]node:|\brequire\(\s*["'`]node:/);
    // The page really runs the SDK's sources and the mock's, not a prebuilt dist.
    expect(inputs.some(([path]) => path === 'src/client.ts')).toBe(true);
    expect(inputs.some(([path]) => path === 'mocks/index.ts')).toBe(true);
  });

  it('the worker controls the page', async () => {
    const controlled = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { controller: navigator.serviceWorker.controller?.scriptURL, active: registration?.active?.state };
    });
    expect(controlled.controller, logs()).toBe(`${origin}/mockServiceWorker.js`);
    expect(controlled.active).toBe('activated');
    // Not MSW's fallback mode: the page's fetch is the browser's own, so answers come from the worker.
    expect(await page.evaluate(() => Function.prototype.toString.call(window.fetch))).toContain('[native code]');
  });

  it('a data flow with credit metadata: catalog, events, odds', async () => {
    const flow = await page
      .evaluate(() => window.runDataFlow())
      .catch((error: unknown) => {
        throw new Error(`${String(error)}\n${logs()}`);
      });
    const r: DataFlowResult = flow;

    expect(r.sports.rows).toBeGreaterThan(0);
    expect(r.events.rows).toBeGreaterThan(0);
    expect(r.events.rows).toBeLessThanOrEqual(5);
    expect(r.firstEventId).toBeGreaterThan(0);
    expect(r.odds.rows).toBeGreaterThan(0);

    const calls = [r.sports, r.events, r.odds];
    for (const call of calls) {
      expect(call.status).toBe(200);
      expect(call.attempts).toBe(1);
      // The worker's answer keeps the service's headers readable by the page (cross-origin fetch).
      expect(call.metered).toBe(true);
      expect(call.credits.cost).toBeGreaterThan(0);
      expect(call.credits.periodLimit).toBeGreaterThan(0);
      expect(call.credits.dailyLimit).toBeGreaterThan(0);
    }

    // Each call's X-Credits-Cost is what the mock's ledger charged, in order.
    const charges = r.ledger.charges;
    expect(charges.map((c) => c.routeId)).toEqual(['catalog.sports', 'events.list', 'events.odds']);
    expect(charges.map((c) => c.cost)).toEqual(calls.map((c) => c.credits.cost));
    expect(r.ledger.charged).toBe(calls.reduce((sum, c) => sum + (c.credits.cost ?? 0), 0));
    expect(r.ledger.reserved).toBe(0);

    // Remaining credits fall by exactly each call's cost in both windows.
    for (const [prev, next] of [
      [r.sports, r.events],
      [r.events, r.odds],
    ] as const) {
      expect(next.credits.periodRemaining).toBe((prev.credits.periodRemaining ?? 0) - (next.credits.cost ?? 0));
      expect(next.credits.dailyRemaining).toBe((prev.credits.dailyRemaining ?? 0) - (next.credits.cost ?? 0));
    }
    expect(r.odds.credits.periodRemaining).toBe(r.ledger.period.remaining);
    expect(r.odds.credits.dailyRemaining).toBe(r.ledger.daily.remaining);

    // The client's own ledger agrees.
    expect(r.clientCredits.spent).toBe(r.ledger.charged);
    expect(r.clientCredits.meteredCalls).toBe(3);
    expect(r.clientCredits.period.remaining).toBe(r.ledger.period.remaining);
    expect(r.clientCredits.daily.remaining).toBe(r.ledger.daily.remaining);
    expect(r.answers.map((a) => `${a.routeId}:${a.status}`)).toEqual(['catalog.sports:200', 'events.list:200', 'events.odds:200']);
    // The browser saw each answer come from the service worker (nothing listens on the mock's host).
    expect(apiResponses.map((a) => [new URL(a.url).pathname, a.status, a.fromServiceWorker])).toEqual([
      ['/v1/catalog/sports', 200, true],
      ['/v1/events', 200, true],
      [`/v1/events/${r.firstEventId}/odds`, 200, true],
    ]);
  });

  it('a 429 is retried after Retry-After and succeeds; the rate-limited attempt costs nothing', async () => {
    apiResponses.length = 0;
    const r: RetryResult = await page
      .evaluate(() => window.runRetry())
      .catch((error: unknown) => {
        throw new Error(`${String(error)}\n${logs()}`);
      });

    expect(r.call.status).toBe(200);
    expect(r.call.attempts).toBe(2);
    expect(r.call.rows).toBeGreaterThan(0);
    expect(r.retries).toEqual([{ attempt: 1, delayMs: 1000, error: 'RateLimitError', status: 429 }]);

    // Attempt 1: 429, unmetered (no X-Credits-Cost). Attempt 2: 200, metered.
    expect(r.answers.map((a) => [a.attempt, a.status, a.metered])).toEqual([
      [1, 429, false],
      [2, 200, true],
    ]);
    expect(r.answers[0]?.credits.cost).toBeUndefined();

    // The ledger gained exactly one charge, the successful attempt's, and it matches the header.
    const added = r.ledger.charges.slice(r.chargesBefore);
    expect(added.map((c) => c.routeId)).toEqual(['catalog.sports']);
    expect(added[0]?.cost).toBe(r.call.credits.cost);
    expect(r.clientCredits.spent).toBe(r.ledger.charged);
    expect(r.clientCredits.meteredCalls).toBe(4);
    expect(r.call.credits.periodRemaining).toBe(r.ledger.period.remaining);
    expect(apiResponses.map((a) => [a.status, a.fromServiceWorker])).toEqual([
      [429, true],
      [200, true],
    ]);
  });

  it("the page logged no error but the browser's own line for the injected 429", () => {
    const errors = consoleLines.filter((line) => /^(error|pageerror):/.test(line));
    expect(errors).toEqual(['error: Failed to load resource: the server responded with a status of 429 ()']);
  });
});
