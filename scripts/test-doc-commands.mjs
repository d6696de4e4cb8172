#!/usr/bin/env node
// The documented commands (test/doc-commands/, docs/contributing/docs.md): every command README.md
// and docs/*.md give users to install and use the package, the mock and the MCP server, run as the
// documents give them from empty folders, with the packed tarball in place of the registry's package.
// Usage: node scripts/test-doc-commands.mjs [path/to/tarball.tgz]  (without one, it packs a clean tree)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { packCleanTree, root, run } from './lib/pack.mjs';

/**
 * Runs the documented-commands suite against `tarball`.
 *
 * @example
 * runDocCommands('/tmp/sports-odds-data-0.0.0.tgz');
 */
export function runDocCommands(tarball) {
  const env = { ...process.env, SPORTS_ODDS_TARBALL: tarball, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}` };
  run('npx', ['--no', '--', 'vitest', 'run', '--config', 'vitest.doc-commands.config.ts'], { cwd: root, env });
}

if (resolve(process.argv[1] ?? '') === resolve(new URL(import.meta.url).pathname)) {
  const given = process.argv[2];
  const packDir = given ? undefined : mkdtempSync(join(tmpdir(), 'sports-odds-data-pack-'));
  try {
    runDocCommands(given ? resolve(given) : packCleanTree(packDir));
    console.log('\ntest:docs-commands: every documented command runs as its document gives it.');
  } catch (error) {
    console.error(`\ntest:docs-commands failed: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  } finally {
    if (packDir) rmSync(packDir, { recursive: true, force: true });
  }
}
