/**
 * What the mock costs before its first answer, in process: a cold `import('sports-odds-data/mocks')` (the entry bundled
 * from the sources as `npm run build` bundles it, split into chunks, dependencies from node_modules) against `msw` and
 * `msw/node` alone and against msw with `zod/mini` (which every answer of the mock is validated with), each in a fresh
 * Node process, taking turns, in wall and CPU time; then `createMockService()` and `reset()` in this process. Medians of
 * RUNS. Not a test: prints figures (docs/performance.md). Goal: the import within 30 ms of msw's own.
 *
 *   npx node scripts/run-ts.mjs bench/mock-start.ts   (BENCH_RUNS=9)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
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

/** The ms a fresh process takes to import `specifiers`, from its first line: wall time, and its CPU time (steadier on a shared machine). */
const coldImport = (specifiers: string[]): { wall: number; cpu: number } => {
  const code = `const c = process.cpuUsage(); const t = performance.now(); ${specifiers.map((s) => `await import(${JSON.stringify(s)});`).join(' ')} const u = process.cpuUsage(c); console.log(JSON.stringify({ wall: performance.now() - t, cpu: (u.user + u.system) / 1000 }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout.trim()) as { wall: number; cpu: number };
};

/** msw alone; msw with zod/mini, the validation every answer of the mock goes through (the floor of what it must load); the entry. */
const ways: Record<string, string[]> = {
  'msw + msw/node': ['msw', 'msw/node'],
  'msw + msw/node + zod/mini': ['msw', 'msw/node', 'zod/mini'],
  'sports-odds-data/mocks': [pathToFileURL(entry).href],
};
const times: Record<string, { wall: number; cpu: number }[]> = Object.fromEntries(Object.keys(ways).map((way) => [way, []]));
for (const way of Object.values(ways)) coldImport(way); // the disk's cache warm for each
for (let i = 0; i < RUNS; i++) {
  const order = i % 2 === 0 ? Object.keys(ways) : Object.keys(ways).reverse();
  for (const way of order) times[way]?.push(coldImport(ways[way] ?? []));
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

const of = (way: string, part: 'wall' | 'cpu') => median((times[way] ?? []).map((t) => t[part]));
console.log(`node ${process.version}, medians of ${RUNS}, load average ${loadavg()[0]?.toFixed(1)}`);
for (const part of ['wall', 'cpu'] as const) {
  const msw = of('msw + msw/node', part);
  const withZod = of('msw + msw/node + zod/mini', part);
  const mocks = of('sports-odds-data/mocks', part);
  console.log(
    `cold import (${part === 'wall' ? 'wall time' : 'CPU time'}): msw + msw/node ${msw.toFixed(0)} ms, with zod/mini ${withZod.toFixed(0)} ms (+${(withZod - msw).toFixed(0)}), sports-odds-data/mocks ${mocks.toFixed(0)} ms (+${(mocks - msw).toFixed(0)} ms; goal at most +30)`,
  );
}
console.log(`createMockService() until ready ${median(create).toFixed(1)} ms, reset() until ready ${median(reset).toFixed(1)} ms`);
