import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../examples/lib/port';
import { launchChromium } from '../e2e/browser';
import { finished, startExample, type ExampleRun } from './run-example';

/** The browser example opened in Chromium: the SDK in a page, calling the standalone mock across origins. */

let browser: Browser;
let example: ChildProcess;
let ended: Promise<ExampleRun>;
let page = '';
let service = '';
let ports: number[] = [];

beforeAll(async () => {
  ports = [await freePort(), await freePort()];
  example = startExample('browser', ['--port', String(ports[0]), '--mock-port', String(ports[1])]);
  ended = finished(example);
  const lines = createInterface({ input: example.stdout! });
  [browser] = await Promise.all([
    launchChromium(),
    new Promise<void>((resolve, reject) => {
      lines.on('line', (line) => {
        page ||= /^ {2}page: +(http:\/\/\S+)/.exec(line)?.[1] ?? '';
        service ||= /^ {2}service: +(http:\/\/[^\s/]+)/.exec(line)?.[1] ?? '';
        if (line === 'Ctrl-C to stop.') resolve();
      });
      void ended.then((run) => reject(new Error(`the example ended early: ${run.stderr}`)));
    }),
  ]);
}, 30_000);

afterAll(async () => {
  await browser?.close();
  // Ctrl-C, as a terminal sends it: to the example's whole process group.
  if (example?.pid !== undefined && example.exitCode === null) process.kill(-example.pid, 'SIGINT');
});

describe('npm run example -- browser', () => {
  it('listens on the ports its flags give: the page on --port, the mock on --mock-port', () => {
    expect(page).toBe(`http://127.0.0.1:${ports[0]}/`);
    expect(service).toBe(`http://127.0.0.1:${ports[1]}`);
  });

  it('shows the next matches with their prices and credits, called across origins from the page', async () => {
    expect(new URL(page).origin).not.toBe(service);
    const context = await browser.newContext();
    const tab = await context.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (e) => void errors.push(e.message));
    const crossOrigin: string[] = [];
    tab.on(
      'response',
      (res) => void (res.url().startsWith(`${service}/v1/`) && crossOrigin.push(`${res.request().method()} ${res.status()}`)),
    );
    await tab.goto(page);
    await tab.locator('#status', { hasText: 'done' }).waitFor();

    const rows = await tab.locator('#board tbody tr').allTextContents();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d.+ v .+\d+$/);
    expect(await tab.locator('#credits').textContent()).toMatch(
      /^This page spent \d+ credits in \d+ calls; [\d,]+ of 100,000 left today\.$/,
    );
    expect(await tab.locator('#error-demo').textContent()).toBe('An unknown event: NotFoundError 404 not_found, charged 1 credit.');
    expect(crossOrigin).toContain('GET 200');
    expect(crossOrigin).toContain('GET 404');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stops cleanly on Ctrl-C', async () => {
    process.kill(-example.pid!, 'SIGINT');
    const run = await ended;
    expect(run.code).toBe(130);
    expect(run.stderr).toContain('Stopping');
  });
});
