#!/usr/bin/env node
// Runs a TypeScript entry (examples, benchmarks) without a TypeScript runtime: esbuild bundles it
// to an ES module under node_modules/.cache (so bare imports still resolve from node_modules, which
// stay external), then Node imports it. Usage: node scripts/run-ts.mjs examples/quickstart.ts [args]
import { build } from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { browserBundleDefines } from './lib/browser-bundles.mjs';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-ts.mjs <file.ts> [args...]');
  process.exit(2);
}
const outDir = resolve('node_modules/.cache/run-ts');
mkdirSync(outDir, { recursive: true });
const outfile = join(outDir, `${basename(entry, '.ts')}-${process.pid}.mjs`);
await build({
  entryPoints: [resolve(entry)],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  sourcemap: 'inline',
  logLevel: 'warning',
  // The console's typed program (mocks/server/console/app), bundled as `npm run build` bundles it.
  define: browserBundleDefines(),
});
process.argv = [process.argv[0], resolve(entry), ...args];
try {
  await import(pathToFileURL(outfile).href);
} finally {
  rmSync(outfile, { force: true });
}
