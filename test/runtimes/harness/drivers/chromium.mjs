// Runs the scenario in Chromium: bundled for the browser from the installed tarball, served from
// 127.0.0.1 (a secure context: Web Crypto and localStorage work), called in the page through
// playwright-core. The browser is the one the e2e tests use (test/e2e/find-chromium.ts), launched
// with their flags (test/e2e/browser.ts); nothing is ever downloaded.
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleEntry } from '../bundle.mjs';
import { StepError, withDeadline } from '../process.mjs';

const PAGE = '<!doctype html><meta charset="utf-8"><title>runtimes smoke</title><script src="/smoke.js"></script>';

/**
 * `findChromium` and `CHROMIUM_FLAGS` from the e2e tests' TypeScript sources, compiled once under
 * node_modules/.cache (bare imports such as `@sparticuz/chromium` still resolve from the repo's
 * node_modules). browser.ts imports vitest's `inject` for its launcher, which this harness does not
 * use: it is replaced by a stub, so vitest is never loaded here.
 */
async function loadChromiumFinder(root) {
  const outDir = join(root, 'node_modules/.cache/test-runtimes');
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, 'chromium-finder.mjs');
  await build({
    stdin: {
      contents: "export { findChromium } from './test/e2e/find-chromium.ts';\nexport { CHROMIUM_FLAGS } from './test/e2e/browser.ts';\n",
      resolveDir: root,
      loader: 'ts',
    },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    logLevel: 'silent',
    plugins: [
      {
        name: 'no-vitest',
        setup(b) {
          b.onResolve({ filter: /^vitest$/ }, () => ({ path: 'vitest', namespace: 'no-vitest' }));
          b.onLoad({ filter: /.*/, namespace: 'no-vitest' }, () => ({
            contents: "export const inject = () => { throw new Error('vitest is not running'); };",
            loader: 'js',
          }));
        },
      },
    ],
  });
  return import(pathToFileURL(outfile).href);
}

/** Serves the page and the bundle on 127.0.0.1, port 0. */
async function servePage(bundle) {
  const files = {
    '/': { body: PAGE, type: 'text/html; charset=utf-8' },
    '/smoke.js': { body: bundle, type: 'text/javascript; charset=utf-8' },
  };
  const server = createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://x').pathname];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': file.type, 'Cache-Control': 'no-store' }).end(file.body);
  });
  await new Promise((listening) => server.listen(0, '127.0.0.1', listening));
  return { server, origin: `http://127.0.0.1:${server.address().port}` };
}

/**
 * Finds and launches Chromium, loads the bundled scenario in a page and runs it there.
 *
 * @example
 * const outcome = await runChromium({ dir: scratch, root, timeoutMs: 90_000 });
 */
export async function runChromium({ dir, root, timeoutMs }) {
  let version = 'Chromium (not started)';
  let browser;
  let server;
  try {
    const [bundle, finder] = await Promise.all([
      bundleEntry({
        dir,
        entry: 'browser-entry.mjs',
        step: 'bundle for the browser',
        format: 'iife',
        globalName: 'smoke',
        conditions: ['browser'],
      }),
      loadChromiumFinder(root),
    ]);
    let found;
    try {
      found = await finder.findChromium();
    } catch (error) {
      throw new StepError('find Chromium', error.message);
    }
    const { chromium } = await import('playwright-core');
    try {
      browser = await chromium.launch({ executablePath: found.path, args: finder.CHROMIUM_FLAGS, timeout: timeoutMs });
    } catch (error) {
      throw new StepError('launch Chromium', `${found.path} (${found.source}): ${error.message}`);
    }
    version = `Chromium ${browser.version()} (${found.source})`;
    const served = await servePage(bundle);
    server = served.server;
    const { origin } = served;
    const page = await browser.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => void pageErrors.push(error.message));
    await page.goto(`${origin}/`, { timeout: timeoutMs });
    const hasScenario = await page.evaluate(() => typeof globalThis.smoke?.runScenario === 'function');
    if (!hasScenario)
      throw new StepError('load the page', `the bundle did not load: ${pageErrors.join('; ') || 'no smoke.runScenario in the page'}`);
    const scenario = await withDeadline(
      page.evaluate(() => globalThis.smoke.runScenario()),
      timeoutMs,
      'run the scenario in the page',
      'no result from the page',
    );
    return { version, scenario };
  } catch (error) {
    if (!(error instanceof StepError)) throw error;
    return { version, failure: { step: error.step, message: error.message } };
  } finally {
    await browser?.close();
    await new Promise((closed) => (server ? server.close(closed) : closed()));
  }
}
