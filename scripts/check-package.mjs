#!/usr/bin/env node
// Packs the package from a clean tree exactly as `npm publish` of a fresh clone would (the
// `prepack` script builds dist/), checks what the tarball holds, and lints it: publint (package.json
// fields, exports, files) and Are The Types Wrong (types per resolution mode; the package is
// ESM-only, so attw runs with the `esm-only` profile: CommonJS consumers on Node >= 22.12 load it
// through require(esm)). Then the tarball is installed in a scratch project and used
// (smoke-tarball.mjs), the downstream suite runs against it, and a copy of examples/downstream-tests
// outside the repository runs on it with its documented steps (test-downstream.mjs), and every
// command the README and the guides give users runs as they give it (test-doc-commands.mjs).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packCleanTree, root, run, tarballFiles } from './lib/pack.mjs';
import { cdnBase, packedLinkProblems } from './lib/readme-links.mjs';
import { runDocCommands } from './test-doc-commands.mjs';
import { runCopiedExample, runDownstream } from './test-downstream.mjs';

/** What the tarball must hold, and what it must never hold. */
const REQUIRED = [
  'package.json',
  'README.md',
  'CHANGELOG.md',
  'LICENSE',
  'dist/index.js',
  'dist/index.d.ts',
  'dist/schemas/index.js',
  'dist/odds/index.js',
  'dist/odds/index.d.ts',
  'dist/node/index.js',
  'dist/redis/index.js',
  'dist/redis/index.d.ts',
  'dist/mocks/index.js',
  'dist/mocks/node.js',
  'dist/mocks/cli.js',
  'dist/mcp/index.js',
  'dist/mcp/index.d.ts',
  'dist/mcp/cli.js',
  // The guides the README links to, so its links work for npm users (scripts/pack-readme.mjs).
  'docs/sdk.md',
  'docs/service.md',
  'docs/testing.md',
  'docs/browser.md',
  'docs/examples.md',
  'docs/mock-server.md',
  'docs/scaling.md',
  'docs/performance.md',
  'docs/interpretations.md',
  'docs/mcp.md',
  'docs/openapi.json',
  'docs/images/console.png',
];
// The contributor documents (CONTRIBUTING.md, docs/contributing/) need a clone: they are not the package's.
const FORBIDDEN =
  /^(src|mocks|test|bench|scripts|examples|node_modules|\.changeset|\.ci|docs\/api|docs\/contributing)\/|^\.readme-before-pack\.md$|^CONTRIBUTING\.md$/;

const packDir = mkdtempSync(join(tmpdir(), 'sports-odds-data-pack-'));
try {
  const tarball = packCleanTree(packDir);
  const files = tarballFiles(tarball);
  const missing = REQUIRED.filter((file) => !files.includes(file));
  if (missing.length > 0) throw new Error(`the tarball lacks ${missing.join(', ')} (is prepack building dist/?)`);
  const stray = files.filter((file) => FORBIDDEN.test(file));
  if (stray.length > 0) throw new Error(`the tarball holds files it must not: ${stray.slice(0, 5).join(', ')}`);
  console.log(`\nThe tarball holds ${files.length} files, dist/ built by prepack from a clean tree.`);

  // The README npm shows: every link an external URL, an anchor of its own, or a file of this tarball.
  const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const readme = execFileSync('tar', ['-xzOf', tarball, 'package/README.md'], { encoding: 'utf8' });
  if (readme === readFileSync(join(root, 'README.md'), 'utf8'))
    throw new Error(
      "the packed README is the repository's, its relative links not rewritten (is prepack running scripts/pack-readme.mjs?)",
    );
  const problems = packedLinkProblems(readme, files, cdnBase(name, version));
  if (problems.length > 0) throw new Error(`the packed README has links that do not resolve:\n  ${problems.join('\n  ')}`);
  console.log(
    `The packed README's links resolve: each an external URL, an anchor, or a file of this tarball under ${cdnBase(name, version)}.`,
  );

  run('npx', ['--no', '--', 'publint', 'run', tarball, '--strict']);
  run('npx', ['--no', '--', 'attw', tarball, '--profile', 'esm-only']);
  run(process.execPath, ['scripts/smoke-tarball.mjs', tarball]);
  runDownstream(tarball);
  runCopiedExample(tarball);
  runDocCommands(tarball);
  console.log('\ncheck:package: the clean-tree tarball is complete, lints clean, installs and runs.');
} catch (error) {
  console.error(`\ncheck:package failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  rmSync(packDir, { recursive: true, force: true });
}
