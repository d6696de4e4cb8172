// The package as a user gets it: packed into a tarball, installed (with its optional peer msw) in a
// scratch project outside the repository, next to a copy of the scenario and its entries. Every
// runtime imports `sports-odds-data` from that scratch project's node_modules, never from src/.
import { copyFileSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mustRun, StepError } from './process.mjs';

/** The scenario and the per-runtime entries, copied next to the installed package. */
export const SCENARIO_FILES = ['scenario.mjs', 'cli-entry.mjs', 'worker-entry.mjs', 'browser-entry.mjs'];

/**
 * Packs the repository's package into `outDir` as `npm publish` would. With a `prepack` script
 * `npm pack` builds by itself; without one it runs `npm run build` first.
 *
 * @example
 * const tarball = await packPackage(root, packDir);
 */
export async function packPackage(root, outDir) {
  const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts ?? {};
  if (!scripts.prepack) await mustRun('build (npm run build)', 'npm', ['run', 'build'], { cwd: root, timeoutMs: 300_000 });
  await mustRun('pack (npm pack)', 'npm', ['pack', '--pack-destination', outDir], { cwd: root, timeoutMs: 300_000 });
  const tarballs = readdirSync(outDir).filter((file) => file.endsWith('.tgz'));
  if (tarballs.length !== 1) throw new StepError('pack (npm pack)', `expected one tarball in ${outDir}, found ${tarballs.length}`);
  return join(outDir, tarballs[0]);
}

/**
 * Installs the tarball and msw (the version the repository tests with) in `dir`, and copies the
 * scenario files there.
 *
 * @example
 * await installConsumer({ dir, tarball, mswVersion: '3.0.5', scenarioDir: join(root, 'test/runtimes') });
 */
export async function installConsumer({ dir, tarball, mswVersion, scenarioDir }) {
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'runtimes-smoke', private: true, type: 'module' }, null, 2)}\n`);
  await mustRun(
    'install the tarball in a scratch project',
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', tarball, `msw@${mswVersion}`],
    { cwd: dir, timeoutMs: 300_000 },
  );
  for (const file of SCENARIO_FILES) copyFileSync(join(scenarioDir, file), join(dir, file));
}
