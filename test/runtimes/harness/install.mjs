// The runtime packages (test/runtimes/package.json), installed on demand with
// `npm ci --prefix test/runtimes` and reused while their lockfile is unchanged.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mustRun, StepError } from './process.mjs';

const STAMP = '.installed-lock.sha256';

/** Where each runtime's executable is, relative to test/runtimes/node_modules. */
export const BINARIES = {
  node22: 'node22/bin/node',
  node26: 'node26/bin/node',
  bun: '.bin/bun',
  deno: '.bin/deno',
  workerd: '.bin/workerd',
};

const lockHash = (dir) =>
  createHash('sha256')
    .update(readFileSync(join(dir, 'package.json')))
    .update(readFileSync(join(dir, 'package-lock.json')))
    .digest('hex');

/**
 * Installs the runtime packages unless the installed ones match the lockfile (a stamp written after
 * a complete install, and every executable present). Returns whether it installed.
 *
 * @example
 * const { installed } = await ensureRuntimes(join(root, 'test/runtimes'));
 */
export async function ensureRuntimes(dir) {
  const modules = join(dir, 'node_modules');
  const hash = lockHash(dir);
  const stamp = join(modules, STAMP);
  const complete = Object.values(BINARIES).every((bin) => existsSync(join(modules, bin)));
  if (complete && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return { installed: false };
  // npm ci removes node_modules first: a half-finished earlier install never lingers.
  const step = 'install the runtimes (npm ci --prefix test/runtimes)';
  await mustRun(step, 'npm', ['ci', '--prefix', dir, '--no-audit', '--no-fund'], {
    timeoutMs: 600_000,
  });
  const missing = Object.values(BINARIES).filter((bin) => !existsSync(join(modules, bin)));
  if (missing.length > 0) {
    throw new StepError(
      step,
      `npm ci left no ${missing.join(', ')} (did an install script not run? see allowScripts in test/runtimes/package.json)`,
    );
  }
  writeFileSync(stamp, hash);
  return { installed: true };
}
