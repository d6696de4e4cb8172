#!/usr/bin/env node
// `npm run test:runtimes`: packs the package and runs one smoke scenario (test/runtimes/scenario.mjs)
// against the installed tarball in every runtime the README lists: Node 22.12 (the lowest the
// package supports), Node 24, Node 26, Bun, Deno, Cloudflare workerd (through miniflare) and
// Chromium. The runtimes other than Node 24 and Chromium come from test/runtimes/package.json,
// installed on demand into test/runtimes/node_modules (and reused while its lockfile is unchanged).
//
// Options: --only=node22,deno (a subset, by id), --verbose (every step of every runtime),
// --keep (keep the scratch project and print where it is).
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { installConsumer, packPackage } from '../test/runtimes/harness/consumer.mjs';
import { BINARIES, ensureRuntimes } from '../test/runtimes/harness/install.mjs';
import { seconds, summaryTable, verdict, verdictLines } from '../test/runtimes/harness/report.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const runtimesDir = join(root, 'test/runtimes');
const modules = join(runtimesDir, 'node_modules');

const { values: options } = parseArgs({
  options: { only: { type: 'string' }, verbose: { type: 'boolean', default: false }, keep: { type: 'boolean', default: false } },
});

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
/** The version a runtime package is pinned to in test/runtimes/package.json (`npm:node@22.12.0` gives 22.12.0). */
const pinned = (name) => readJson(join(runtimesDir, 'package.json')).devDependencies[name].replace(/^npm:.*@/, '');
const installedVersion = (dir) => readJson(join(dir, 'package.json')).version;

/** The runtimes, in the order of the report. `expected` is how the runtime's version must begin. */
const RUNTIMES = [
  {
    id: 'node22',
    name: 'Node 22.12',
    expected: () => `Node v${pinned('node22')}`,
    cli: () => ({ command: join(modules, BINARIES.node22) }),
  },
  {
    id: 'node24',
    name: 'Node 24',
    expected: () => `Node v${installedVersion(join(root, 'node_modules/node'))}`,
    cli: () => ({ command: join(root, 'node_modules/node/bin/node') }),
  },
  { id: 'node26', name: 'Node 26', expected: () => `Node v${pinned('node26')}`, cli: () => ({ command: join(modules, BINARIES.node26) }) },
  // --no-install: Bun never auto-installs a missing import; everything comes from node_modules.
  {
    id: 'bun',
    name: 'Bun',
    expected: () => `Bun ${pinned('bun')}`,
    cli: () => ({ command: join(modules, BINARIES.bun), args: ['--no-install'] }),
  },
  // --allow-env: msw (through @mswjs/interceptors' `debug`) reads the whole environment at import.
  {
    id: 'deno',
    name: 'Deno',
    expected: () => `Deno ${pinned('deno')}`,
    cli: () => ({ command: join(modules, BINARIES.deno), args: ['run', '--no-prompt', '--allow-env'] }),
  },
  { id: 'workerd', name: 'Cloudflare workerd', expected: () => `workerd ${installedVersion(join(modules, 'workerd'))}`, driver: 'workerd' },
  { id: 'chromium', name: 'Chromium', expected: () => 'Chromium ', driver: 'chromium' },
];

const TIMEOUT_MS = { cli: 60_000, workerd: 60_000, chromium: 120_000 };

function selectRuntimes() {
  if (!options.only) return RUNTIMES;
  const ids = options.only.split(',').map((id) => id.trim());
  const unknown = ids.filter((id) => !RUNTIMES.some((r) => r.id === id));
  if (unknown.length > 0) throw new Error(`unknown runtime ${unknown.join(', ')}; known: ${RUNTIMES.map((r) => r.id).join(', ')}`);
  return RUNTIMES.filter((r) => ids.includes(r.id));
}

/** Runs one runtime's driver; a driver's own crash is a failure of that runtime, not of the harness. */
async function runOne(runtime, scratch) {
  const started = Date.now();
  let outcome;
  try {
    if (runtime.cli) {
      const { runCli } = await import('../test/runtimes/harness/drivers/cli.mjs');
      const env = {
        ...process.env,
        NO_COLOR: '1',
        DO_NOT_TRACK: '1',
        DENO_NO_UPDATE_CHECK: '1',
        DENO_DIR: join(scratch, '.deno'),
      };
      outcome = await runCli({ ...runtime.cli(), cwd: scratch, env, timeoutMs: TIMEOUT_MS.cli });
    } else if (runtime.driver === 'workerd') {
      const { runWorkerd } = await import('../test/runtimes/harness/drivers/workerd.mjs');
      outcome = await runWorkerd({ dir: scratch, modules, timeoutMs: TIMEOUT_MS.workerd });
    } else {
      const { runChromium } = await import('../test/runtimes/harness/drivers/chromium.mjs');
      outcome = await runChromium({ dir: scratch, root, timeoutMs: TIMEOUT_MS.chromium });
    }
  } catch (error) {
    outcome = { failure: { step: 'the driver', message: error instanceof Error ? (error.stack ?? error.message) : String(error) } };
  }
  let expected;
  try {
    expected = runtime.expected();
  } catch (error) {
    expected = '(unknown)';
    outcome = { ...outcome, failure: outcome.failure ?? { step: 'read the pinned version', message: String(error) } };
  }
  return verdict({ name: runtime.name, expected }, outcome, Date.now() - started);
}

async function main() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 22) {
    throw new Error(
      `the harness needs Node >= 22 (miniflare does), this is ${process.version}: run it as \`npm run test:runtimes\`, which uses the project's Node 24`,
    );
  }
  const runtimes = selectRuntimes();
  const started = Date.now();
  const work = mkdtempSync(join(tmpdir(), 'sports-odds-runtimes-'));
  const packDir = join(work, 'pack');
  const scratch = join(work, 'consumer');
  mkdirSync(packDir);
  mkdirSync(scratch);
  try {
    console.log(`test:runtimes: ${runtimes.map((r) => r.name).join(', ')}\n`);
    const mswVersion = installedVersion(join(root, 'node_modules/msw'));
    const [install, consumer] = await Promise.allSettled([
      (async () => {
        const t = Date.now();
        const { installed } = await ensureRuntimes(runtimesDir);
        console.log(
          `runtimes: ${installed ? 'installed with npm ci --prefix test/runtimes' : 'reused test/runtimes/node_modules'} (${seconds(Date.now() - t)})`,
        );
      })(),
      (async () => {
        let t = Date.now();
        const tarball = await packPackage(root, packDir);
        console.log(`package:  packed ${tarball.slice(packDir.length + 1)} (${seconds(Date.now() - t)})`);
        t = Date.now();
        await installConsumer({ dir: scratch, tarball, mswVersion, scenarioDir: runtimesDir });
        console.log(`consumer: installed the tarball and msw@${mswVersion} in a scratch project (${seconds(Date.now() - t)})`);
      })(),
    ]);
    const setupFailures = [install, consumer].filter((s) => s.status === 'rejected').map((s) => s.reason);
    if (setupFailures.length > 0) {
      for (const error of setupFailures) console.error(`\nFAIL  setup: ${error.step ? `${error.step}: ` : ''}${error.message}`);
      console.error('\ntest:runtimes: no runtime was run (the setup failed).');
      process.exitCode = 1;
      return;
    }
    console.log('');

    const verdicts = [];
    for (const runtime of runtimes) {
      const v = await runOne(runtime, scratch);
      verdicts.push(v);
      console.log(verdictLines(v, { verbose: options.verbose }).join('\n'));
    }

    const failed = verdicts.filter((v) => !v.ok);
    console.log(`\n${summaryTable(verdicts)}\n`);
    console.log(
      failed.length === 0
        ? `test:runtimes: all ${verdicts.length} runtimes passed (${seconds(Date.now() - started)}).`
        : `test:runtimes: ${failed.length} of ${verdicts.length} runtimes failed: ${failed.map((v) => v.name).join(', ')} (${seconds(Date.now() - started)}).`,
    );
    if (failed.length > 0) process.exitCode = 1;
  } finally {
    if (options.keep) console.log(`scratch project kept in ${scratch}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`test:runtimes failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
