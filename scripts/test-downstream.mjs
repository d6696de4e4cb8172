#!/usr/bin/env node
// The downstream suite: a scratch project that installs the packed tarball as a user would (with
// msw, vitest and TypeScript at the repository's versions), copies test/downstream/ into it, then
// type-checks it under strict settings with Node's own module resolution and runs it with vitest.
// Files there import only the package's public entry points, never the repository's sources.
// Then examples/downstream-tests is copied out of the repository and run with the steps
// docs/examples.md gives a user (`npm install`, `npm test`), its sports-odds-data from the tarball.
// Usage: node scripts/test-downstream.mjs [path/to/tarball.tgz]  (without one, it packs a clean tree)
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { packCleanTree, root, run } from './lib/pack.mjs';

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const dev = pkg.devDependencies;
const env = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}` };

/** The strict settings of the repository, with the resolution a Node user has. */
const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    types: ['node'],
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    noImplicitOverride: true,
    verbatimModuleSyntax: true,
    skipLibCheck: false,
    noEmit: true,
  },
  include: ['test/**/*.ts'],
};

/**
 * Installs `tarball` in a scratch project and runs the downstream suite there.
 *
 * @example
 * runDownstream('/tmp/sports-odds-data-0.0.0.tgz');
 */
export function runDownstream(tarball) {
  const scratch = mkdtempSync(join(tmpdir(), 'sports-odds-data-downstream-'));
  try {
    writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'downstream', private: true, type: 'module' }, null, 2));
    writeFileSync(join(scratch, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
    const deps = ['msw', 'vitest', 'typescript', '@types/node'].map((name) => `${name}@${dev[name]}`);
    run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', tarball, ...deps], { cwd: scratch, env });
    cpSync(join(root, 'test/downstream'), join(scratch, 'test'), { recursive: true });
    run('npx', ['--no', '--', 'tsc', '-p', '.'], { cwd: scratch, env });
    run('npx', ['--no', '--', 'vitest', 'run', '--dir', 'test'], { cwd: scratch, env });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Copies examples/downstream-tests to a scratch folder outside the repository, as a user copies it,
 * points its `sports-odds-data` dependency at `tarball` (the one change: the package is not taken
 * from the registry), and runs the documented steps: `npm install`, then `npm test` (tsc under
 * NodeNext, then vitest).
 *
 * @example
 * runCopiedExample('/tmp/sports-odds-data-0.0.0.tgz');
 */
export function runCopiedExample(tarball) {
  const scratch = mkdtempSync(join(tmpdir(), 'sports-odds-data-example-copy-'));
  try {
    cpSync(join(root, 'examples/downstream-tests'), scratch, { recursive: true });
    const file = join(scratch, 'package.json');
    const copied = JSON.parse(readFileSync(file, 'utf8'));
    copied.dependencies['sports-odds-data'] = `file:${tarball}`;
    writeFileSync(file, JSON.stringify(copied, null, 2));
    run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], { cwd: scratch, env });
    run('npm', ['test'], { cwd: scratch, env });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (resolve(process.argv[1] ?? '') === resolve(new URL(import.meta.url).pathname)) {
  const given = process.argv[2];
  const packDir = given ? undefined : mkdtempSync(join(tmpdir(), 'sports-odds-data-pack-'));
  try {
    const tarball = given ? resolve(given) : packCleanTree(packDir);
    runDownstream(tarball);
    runCopiedExample(tarball);
    console.log('\ntest:downstream: the packed package passes the downstream suite, and a copy of examples/downstream-tests runs.');
  } catch (error) {
    console.error(`\ntest:downstream failed: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  } finally {
    if (packDir) rmSync(packDir, { recursive: true, force: true });
  }
}
