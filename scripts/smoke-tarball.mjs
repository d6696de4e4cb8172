#!/usr/bin/env node
// Installs the packed tarball (with its optional peer msw) in a scratch folder, as a user would,
// and checks that `npx sports-odds-mock` starts, serves a data route with its demo key, and closes
// cleanly on SIGTERM; then that the SDK, the mocks, the schemas and the Redis coordinator (without
// its optional peer ioredis) import from the installed package (ESM, and the SDK through
// require(esm) from CommonJS). Runs on the Node that runs this script (the project's Node 24): the
// machine's own Node may be older than the package's engines.
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

/** Without its optional peer msw, the bin says what to install instead of a raw ERR_MODULE_NOT_FOUND. */
function noMsw() {
  const bare = mkdtempSync(join(tmpdir(), 'sports-odds-data-nomsw-'));
  try {
    writeFileSync(join(bare, 'package.json'), JSON.stringify({ name: 'bare', private: true, type: 'module' }));
    console.log(`\n$ npm install ${tarball} (no msw), then sports-odds-mock   (in ${bare})`);
    const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--legacy-peer-deps', tarball], {
      cwd: bare,
      env,
      stdio: 'inherit',
    });
    if (install.status !== 0) throw new Error('npm install of the tarball without msw failed');
    const result = spawnSync(join(bare, 'node_modules', '.bin', 'sports-odds-mock'), ['--port', '0'], {
      cwd: bare,
      env,
      encoding: 'utf8',
      timeout: 20_000,
    });
    if (result.status !== 1 || !result.stderr.includes('npm install --save-dev msw@^3')) {
      throw new Error(`without msw the bin should exit 1 saying to install it; got ${result.status}: ${result.stderr}`);
    }
    console.log(result.stderr.trim());
  } finally {
    rmSync(bare, { recursive: true, force: true });
  }
}

try {
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'smoke', private: true, type: 'module' }));
  step('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', tarball, 'msw@^3']);
  step('npx', ['--no', '--', 'sports-odds-mock', '--help']);
  // The MCP bin answers --help without its optional peers (@modelcontextprotocol/sdk, gpt-tokenizer).
  step('npx', ['--no', '--', 'sports-odds-mcp', '--help']);
  await serveOnce();
  // The SDK against the embedded mock, as a user's ESM test would import them, and the SDK from
  // CommonJS through require(esm).
  writeFileSync(
    join(scratch, 'sdk.mjs'),
    `import { setupServer } from 'msw/node';
import { InvalidParametersError, LiveScan, SportsOdds } from 'sports-odds-data';
import { createMockService } from 'sports-odds-data/mocks';
import { routes } from 'sports-odds-data/schemas';
// Its optional peer ioredis is not installed: the entry never imports it.
import { redisCoordinator } from 'sports-odds-data/redis';
const mock = createMockService({ now: '2026-11-21T15:00:00Z' });
const server = setupServer(...mock.handlers);
server.listen({ onUnhandledFrame: 'error' });
const odds = new SportsOdds({ apiKey: mock.apiKey, baseUrl: mock.baseUrl, logLevel: 'off' });
const { data, meta } = await odds.catalog.sports().withMeta();
server.close();
if (data.length !== 44 || meta.credits.cost !== 3 || !routes['events.list'] || typeof redisCoordinator !== 'function') throw new Error('unexpected answer');
// The built classes keep their names (stacks, constructor.name, error.name).
const invalid = new InvalidParametersError('limit must be 1 to 500', []);
const names = [invalid.name, invalid.constructor.name, LiveScan.name].join(' ');
if (names !== 'InvalidParametersError InvalidParametersError LiveScan') throw new Error('built classes lost their names: ' + names);
console.log('ESM: SportsOdds against createMockService: ' + data.length + ' sports for ' + meta.credits.cost + ' credits');
`,
  );
  step(process.execPath, ['sdk.mjs']);
  writeFileSync(
    join(scratch, 'sdk.cjs'),
    `const { SportsOdds } = require('sports-odds-data');\nif (typeof SportsOdds !== 'function') throw new Error('no SportsOdds');\nconsole.log('CommonJS: require(esm) loads the SDK');\n`,
  );
  step(process.execPath, ['sdk.cjs']);
  noMsw();
  console.log('\nsmoke-tarball: the packed package installs, its bin works, and its entries import.');
} catch (error) {
  console.error(`\nsmoke-tarball failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
