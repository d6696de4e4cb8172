/**
 * Browser: a static page that uses the SDK from the browser against the standalone mock service,
 * across origins (CORS). Serves the page on one port and the mock on another, then waits for Ctrl-C.
 *
 *   npm run example -- browser [--port 0] [--mock-port 0] [--sport 29]
 *
 * `--port` is the page's port and `--mock-port` the standalone mock's (0, the default: any free
 * port; both are printed). The mock allows the page's origin by CORS.
 *
 * The page's script (app.ts) is bundled for the browser with esbuild when the example starts. With
 * SPORTS_ODDS_BASE_URL and SPORTS_ODDS_API_KEY set, the page calls that service instead, which must
 * allow the page's origin by CORS.
 */
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { startMockServer, type MockServer } from '../../mocks/server/node';
import { SportsOdds } from '../../src';
import { checkSport, exampleCli } from '../lib/cli';
import { portFlag } from '../lib/port';
import { runExample } from '../lib/run';
import { realService } from '../lib/target';

const cli = exampleCli(
  'browser',
  '[--port <n>] [--mock-port <n>] [--sport <id>]',
  'A static page that uses the SDK against the standalone mock through CORS, until Ctrl-C.',
  `  --port <n>        the page's port (default 0: any free one)
  --mock-port <n>   the mock's port (default 0: any free one)
  --sport <id>      the sport the page shows (default 29)
  --help            show this help`,
);
const { values: args } = cli.parse(process.argv.slice(2), {
  port: { type: 'string' },
  'mock-port': { type: 'string' },
  sport: { type: 'string', default: '29' },
});
const pagePort = portFlag(cli, '--port', args.port);
const mockPort = portFlag(cli, '--mock-port', args['mock-port']);
const sportId = cli.integer('--sport', args.sport, { min: 1, what: 'a sport id' }) as number;
const here = dirname(process.argv[1] ?? '.');

/** The page's files: the HTML, its stylesheet, and app.ts bundled for the browser. */
async function pageFiles(): Promise<Record<string, { body: string; type: string }>> {
  const bundle = await build({
    entryPoints: [join(here, 'app.ts')],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'warning',
  });
  return {
    '/': { body: await readFile(join(here, 'index.html'), 'utf8'), type: 'text/html; charset=utf-8' },
    '/style.css': { body: await readFile(join(here, 'style.css'), 'utf8'), type: 'text/css; charset=utf-8' },
    '/app.js': { body: bundle.outputFiles[0]?.text ?? '', type: 'text/javascript; charset=utf-8' },
  };
}

const real = realService();
let mock: MockServer | undefined;
let page: Server | undefined;
await runExample(real?.baseUrl ?? 'the mock server', async (signal) => {
  const files = await pageFiles();
  let config = '';
  let serviceOrigin = '';
  page = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://page').pathname;
    const file = path === '/config.json' ? { body: config, type: 'application/json' } : files[path];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, {
      'Content-Type': file.type,
      'Cache-Control': 'no-store',
      // The page runs only its own script and talks only to itself and the service.
      'Content-Security-Policy': `default-src 'none'; script-src 'self'; style-src 'self'; img-src data:; connect-src 'self' ${serviceOrigin}; base-uri 'none'; frame-ancestors 'none'`,
    });
    res.end(file.body);
  });
  await new Promise<void>((resolve, reject) => {
    page?.once('error', reject);
    page?.listen(pagePort, '127.0.0.1', resolve);
  });
  const pageOrigin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;

  // The mock allows the page's origin on /v1 and exposes the metering headers and Date to it.
  if (!real) mock = await startMockServer({ port: mockPort, corsOrigins: [pageOrigin] });
  const service = real ?? { baseUrl: mock?.url ?? '', apiKey: mock?.mock.apiKey ?? '' };
  serviceOrigin = new URL(service.baseUrl).origin;
  // A sport the catalog does not list would show an empty page: one line and exit 2 instead.
  await checkSport(cli, new SportsOdds({ ...service, logLevel: 'off' }), sportId, signal);
  config = JSON.stringify({ ...service, sportId });

  console.log('The SDK in a browser page, calling the service across origins (CORS)');
  console.log(`  page:    ${pageOrigin}/   <- open this in a browser`);
  console.log(`  service: ${service.baseUrl}${mock ? ` (standalone mock; console at ${mock.url}/__admin/)` : ''}`);
  console.log('Ctrl-C to stop.');
  await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
});
await mock?.close();
await new Promise((resolve) => (page ? page.close(resolve).closeAllConnections() : resolve(undefined)));
