#!/usr/bin/env node
// Installs the packed tarball (with its optional peer msw) in a scratch folder, as a user would,
// and checks that `npx sports-odds-mock` starts, serves a data route with its demo key, and closes
// cleanly on SIGTERM; then that the SDK, the mocks and the schemas import from the installed
// package (ESM, and the SDK through require(esm) from CommonJS). Runs on the Node that runs this
// script (the project's Node 24): the machine's own Node may be older than the package's engines.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';

const tarball = resolve(process.argv[2] ?? '');
const scratch = mkdtempSync(join(tmpdir(), 'sports-odds-data-smoke-'));
const env = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}` };
const KEY = 'svc_live_SmokeSmokeSmokeSmokeSmokeSmoke12';

function step(command, args) {
  console.log(`\n$ ${[command, ...args].join(' ')}   (in ${scratch})`);
  const result = spawnSync(command, args, { cwd: scratch, env, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
}

async function serveOnce() {
  // The installed bin itself (not through npx), so that the signal reaches the server and its exit code is its own.
  const bin = join(scratch, 'node_modules', '.bin', 'sports-odds-mock');
  console.log(`\n$ node_modules/.bin/sports-odds-mock --port 0 --api-key ${KEY.slice(0, 12)}...`);
  const child = spawn(bin, ['--port', '0', '--api-key', KEY], { cwd: scratch, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((done) => child.on('exit', (code, signal) => done(code ?? signal)));
  let out = '';
  try {
    await check();
  } finally {
    child.kill('SIGKILL');
  }
  async function check() {
  const url = await new Promise((found, fail) => {
    const timer = setTimeout(() => fail(new Error(`no URL printed within 20 s: ${out}`)), 20_000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        found(m[1]);
      }
    });
  });
  const res = await fetch(`${url}/v1/catalog/sports`, { headers: { Authorization: `Bearer ${KEY}` } });
  const sports = await res.json();
  if (res.status !== 200 || sports.length !== 44) throw new Error(`unexpected answer ${res.status}`);
  console.log(`${url}/v1/catalog/sports -> ${res.status}, ${sports.length} sports, X-Credits-Cost ${res.headers.get('x-credits-cost')}`);
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`sports-odds-mock exited with ${code} on SIGTERM`);
  console.log('sports-odds-mock closed cleanly on SIGTERM');
  }
}

try {
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'smoke', private: true, type: 'module' }));
  step('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', tarball, 'msw@^3']);
  step('npx', ['--no', '--', 'sports-odds-mock', '--help']);
  await serveOnce();
  // The SDK against the embedded mock, as a user's ESM test would import them, and the SDK from
  // CommonJS through require(esm).
  writeFileSync(
    join(scratch, 'sdk.mjs'),
    `import { setupServer } from 'msw/node';
import { SportsOdds } from 'sports-odds-data';
import { createMockService } from 'sports-odds-data/mocks';
import { routes } from 'sports-odds-data/schemas';
const mock = createMockService({ now: '2026-11-21T15:00:00Z' });
const server = setupServer(...mock.handlers);
server.listen({ onUnhandledFrame: 'error' });
const odds = new SportsOdds({ apiKey: mock.apiKey, baseUrl: mock.baseUrl, logLevel: 'off' });
const { data, meta } = await odds.catalog.sports().withMeta();
server.close();
if (data.length !== 44 || meta.credits.cost !== 3 || !routes['events.list']) throw new Error('unexpected answer');
console.log('ESM: SportsOdds against createMockService: ' + data.length + ' sports for ' + meta.credits.cost + ' credits');
`,
  );
  step(process.execPath, ['sdk.mjs']);
  writeFileSync(join(scratch, 'sdk.cjs'), `const { SportsOdds } = require('sports-odds-data');\nif (typeof SportsOdds !== 'function') throw new Error('no SportsOdds');\nconsole.log('CommonJS: require(esm) loads the SDK');\n`);
  step(process.execPath, ['sdk.cjs']);
  console.log('\nsmoke-tarball: the packed package installs, its bin works, and its entries import.');
} catch (error) {
  console.error(`\nsmoke-tarball failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
