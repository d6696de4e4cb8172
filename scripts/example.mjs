#!/usr/bin/env node
// Runs one of the examples: `npm run example -- <name> [args]`. Each runs against the embedded mock
// service, or against a real service when SPORTS_ODDS_BASE_URL and SPORTS_ODDS_API_KEY are set.
// `downstream-tests` is a vitest suite, run here with the package's names mapped to this repository's
// sources; every other example is a TypeScript entry run through scripts/run-ts.mjs.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** name → what it does; the entry is examples/<name>.ts or examples/<name>/main.ts. */
const EXAMPLES = {
  quickstart: 'the SDK end to end, step by step (also `npm run demo`)',
  'live-scanner': 'in-play events and their main-line prices, refreshed by polling, with the credits spent, until Ctrl-C',
  'clv-report': 'closing-line value and expected win of a CSV of bets, printed and written to a report',
  'price-watch': "the changes of in-play events' lines as they happen, each once, inside a credit budget",
  'backfill-sqlite': "a sport's events and whole odds histories into SQLite: resumable, inside a credit budget",
  'key-rotation': 'a key rotation that survives a crash after the commit, resumed by the next process',
  'fleet-backfill': 'several worker processes on one account (one pacing, one budget, through Redis) backfill a month into SQLite',
  'downstream-tests': 'a vitest suite to copy: the mock in your tests (handlers, overrides, faults, the clock, quotas)',
  browser: 'a static page that uses the SDK against the standalone mock through CORS',
};

const USAGE = [
  'Usage: npm run example -- <name> [options]   (npm run example -- <name> --help for its options)',
  '',
  ...Object.entries(EXAMPLES).map(([example, about]) => `  ${example.padEnd(17)} ${about}`),
].join('\n');
const [name, ...args] = process.argv.slice(2);
if (name === '--help' || name === '-h') {
  console.log(USAGE);
  process.exit(0);
}
if (!name || !(name in EXAMPLES)) {
  // One line (what is wrong), then the usage; exit 2: nothing ran.
  console.error(`example: ${name ? `no example named ${JSON.stringify(name)}` : 'which example? give its name'}\n\n${USAGE}`);
  process.exit(2);
}

/** Runs a command in this terminal; Ctrl-C reaches it (same process group), and its status is ours. */
function run(command, commandArgs) {
  const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit' });
  // The child decides what Ctrl-C means (a clean stop); this process only waits for it.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
}

/**
 * The downstream suite as a user runs it (`npx vitest run` in their project), except that the
 * package's names resolve to this repository's sources (the entries tsup.config.ts builds), so it
 * needs no build. Extra arguments are vitest's (`--reporter=verbose`, a test file filter).
 */
async function downstreamTests(argv) {
  const { parseCLI, startVitest } = await import('vitest/node');
  const { filter, options } = parseCLI(['vitest', 'run', ...argv]);
  const suite = join(root, 'examples/downstream-tests');
  const sources = {
    'sports-odds-data': 'src/index.ts',
    'sports-odds-data/schemas': 'src/schemas/public.ts',
    'sports-odds-data/odds': 'src/odds/index.ts',
    'sports-odds-data/node': 'src/node/index.ts',
    'sports-odds-data/redis': 'src/redis/index.ts',
    'sports-odds-data/mocks': 'mocks/index.ts',
    'sports-odds-data/mocks/node': 'mocks/server/node.ts',
    'sports-odds-data/mcp': 'src/mcp/index.ts',
  };
  const alias = Object.entries(sources).map(([find, file]) => ({ find: new RegExp(`^${find}$`), replacement: join(root, file) }));
  const vitest = await startVitest(
    filter,
    { ...options, root: suite, config: join(suite, 'vitest.config.ts'), run: true, watch: false },
    { resolve: { alias } },
  );
  await vitest.close();
  const failed = vitest.state.getCountOfFailedTests() > 0 || vitest.state.getFiles().length === 0;
  process.exit(failed || (process.exitCode ?? 0) !== 0 ? 1 : 0);
}

/** What `downstream-tests --help` says: this command's own usage, not vitest's. */
const DOWNSTREAM_HELP = `npm run example -- downstream-tests [vitest options]

Runs examples/downstream-tests, a vitest suite to copy into your project: your code (price-board.ts)
tested against the reference mock through MSW. Here, sports-odds-data resolves to this repository's
sources. Options after the name go to vitest: --reporter=verbose, -t <test name>, a file filter.

In your project: copy the folder, then run \`npm install\` and \`npm test\` in it (docs/examples.md).`;

if (name === 'downstream-tests') {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(DOWNSTREAM_HELP);
    process.exit(0);
  }
  await downstreamTests(args);
} else {
  const single = join(root, 'examples', `${name}.ts`);
  const entry = existsSync(single) ? single : join(root, 'examples', name, 'main.ts');
  // Source maps: a stack, when there is one, points at examples/*.ts rather than the bundle.
  run(process.execPath, ['--enable-source-maps', join(root, 'scripts/run-ts.mjs'), entry, ...args]);
}
