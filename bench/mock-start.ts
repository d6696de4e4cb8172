/**
 * What the mock costs before its first answer, in process: a cold `import('sports-odds-data/mocks')` (the entry bundled from
 * the sources as `npm run build` bundles it (split into chunks), dependencies from node_modules) against `msw` and `msw/node` alone, each in a fresh
 * Node process, the two taking turns; then `createMockService()` and `reset()` in this process. Medians of RUNS. Not a test:
 * prints figures (docs/performance.md). Goal: the import within 30 ms of msw's own.
 *
 *   npx node scripts/run-ts.mjs bench/mock-start.ts   (BENCH_RUNS=9)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { createMockService } from '../mocks';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 9);
if (!Number.isSafeInteger(RUNS) || RUNS < 1) {
  console.error(`BENCH_RUNS takes a whole number, 1 or more, not ${JSON.stringify(process.env['BENCH_RUNS'])}`);
  process.exit(2);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;

rmSync('node_modules/.cache/mock-start', { recursive: true, force: true });
mkdirSync('node_modules/.cache/mock-start', { recursive: true });
const entry = resolve('node_modules/.cache/mock-start/mocks.mjs');
// Split as `npm run build` splits: what the entry loads on first use (verify's runner and the SDK it sends through) is a chunk of its own.
await build({
  entryPoints: { mocks: 'mocks/index.ts' },
  outdir: 'node_modules/.cache/mock-start',
  outExtension: { '.js': '.mjs' },
  splitting: true,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  logLevel: 'warning',
});

/** The ms a fresh process takes to import `specifiers`, from its first line. */
const coldImport = (specifiers: string[]): number => {
  const code = `const t = performance.now(); ${specifiers.map((s) => `await import(${JSON.stringify(s)});`).join(' ')} console.log(performance.now() - t);`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return Number(run.stdout.trim());
};

const ways = { 'msw + msw/node': ['msw', 'msw/node'], 'sports-odds-data/mocks': [pathToFileURL(entry).href] };
const times: Record<string, number[]> = { 'msw + msw/node': [], 'sports-odds-data/mocks': [] };
coldImport(ways['msw + msw/node']); // the disk's cache warm for both
coldImport(ways['sports-odds-data/mocks']);
for (let i = 0; i < RUNS; i++) {
  const order = i % 2 === 0 ? Object.keys(ways) : Object.keys(ways).reverse();
  for (const way of order) times[way]?.push(coldImport(ways[way as keyof typeof ways]));
}

const create: number[] = [];
const reset: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  const mock = createMockService({ now: '2026-11-21T15:00:00Z' });
  await mock.ready;
  create.push(performance.now() - t0);
  const t1 = performance.now();
  await mock.reset();
  reset.push(performance.now() - t1);
}

const msw = median(times['msw + msw/node'] ?? []);
const mocks = median(times['sports-odds-data/mocks'] ?? []);
console.log(`node ${process.version}, medians of ${RUNS}`);
console.log(
  `cold import: msw + msw/node ${msw.toFixed(0)} ms, sports-odds-data/mocks ${mocks.toFixed(0)} ms (+${(mocks - msw).toFixed(0)} ms; goal at most +30)`,
);
console.log(`createMockService() until ready ${median(create).toFixed(1)} ms, reset() until ready ${median(reset).toFixed(1)} ms`);
