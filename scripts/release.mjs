#!/usr/bin/env node
// The release flow: refuse while package.json lacks `repository` or `bugs` (release-checks.mjs), then
// turn the pending changesets into a version and CHANGELOG.md entries, build,
// check the package as it will be published (check:package: clean-tree pack, publint, attw, the
// installed tarball, the downstream suite), then a dry-run publish. Publishing itself stays a
// deliberate `npm publish` after reviewing and committing what this changed.
import { readFileSync, writeFileSync } from 'node:fs';
import { run } from './lib/pack.mjs';
import { publishBlockers } from './lib/release-checks.mjs';

try {
  const blockers = publishBlockers(JSON.parse(readFileSync('package.json', 'utf8')));
  if (blockers.length > 0) throw new Error(`nothing was changed:\n  ${blockers.join('\n  ')}`);
  run('npx', ['--no', '--', 'changeset', 'version']);
  // The SDK's VERSION (and its X-SDK-Version header) follows package.json; a test keeps them equal.
  const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
  if (version === '0.0.0') throw new Error('no changeset gave a version: add one (npm run changeset) before releasing');
  const versionFile = 'src/version.ts';
  writeFileSync(versionFile, readFileSync(versionFile, 'utf8').replace(/VERSION = '[^']*'/, `VERSION = '${version}'`));
  // The suite users copy asks for the version being released (a test keeps them equal).
  const example = 'examples/downstream-tests/package.json';
  const manifest = JSON.parse(readFileSync(example, 'utf8'));
  manifest.dependencies['sports-odds-data'] = `^${version}`;
  writeFileSync(example, `${JSON.stringify(manifest, null, 2)}\n`);
  run('npm', ['run', 'build']);
  run('npm', ['run', 'check:package']);
  // The repository's .npmrc shows errors only; the dry run's list of files is a notice.
  run('npm', ['publish', '--dry-run', '--loglevel=notice']);
  console.log(
    '\nrelease: versioned and checked. Review `git diff` (package.json, CHANGELOG.md, src/version.ts, examples/downstream-tests/package.json), commit, then `npm publish`.',
  );
} catch (error) {
  console.error(`\nrelease failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
