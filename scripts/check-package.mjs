#!/usr/bin/env node
// Builds the package, packs it exactly as `npm publish` would, and lints the tarball:
// publint (package.json fields, exports, files) and Are The Types Wrong (types per resolution mode).
// The package is ESM-only, so attw runs with the `esm-only` profile (CommonJS consumers on
// Node >= 22.12 load it through require(esm)).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

class StepFailed extends Error {}

/** Runs a command with inherited stdio and throws when it does not exit with 0. */
function run(command, args) {
  const line = [command, ...args].join(' ');
  console.log(`\n$ ${line}`);
  // npm and npx are .cmd scripts on Windows, which spawn only through a shell.
  const result = spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new StepFailed(`\`${line}\` exited with ${result.status ?? result.signal}`);
}

const packDir = mkdtempSync(join(tmpdir(), 'sports-odds-data-pack-'));
try {
  run('npm', ['run', 'build']);
  run('npm', ['pack', '--pack-destination', packDir]);

  const tarballs = readdirSync(packDir).filter((file) => file.endsWith('.tgz'));
  if (tarballs.length !== 1) throw new StepFailed(`expected one tarball in ${packDir}, found ${tarballs.length}`);
  const tarball = join(packDir, tarballs[0]);

  run('npx', ['--no', '--', 'publint', 'run', tarball, '--strict']);
  run('npx', ['--no', '--', 'attw', tarball, '--profile', 'esm-only']);
  run(process.execPath, ['scripts/smoke-tarball.mjs', tarball]);

  console.log('\ncheck:package: publint and attw found no problems.');
} catch (error) {
  console.error(`\ncheck:package failed: ${error instanceof StepFailed ? error.message : error}`);
  process.exitCode = 1;
} finally {
  rmSync(packDir, { recursive: true, force: true });
}
