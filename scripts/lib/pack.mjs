// Packs the package as a fresh clone would: the tracked (and new, not ignored) files copied to a
// scratch folder with no dist/, the repository's node_modules linked in, then a plain `npm pack`,
// whose `prepack` script must build dist/ by itself. Returns the tarball's path.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export const root = resolve(dirname(new URL(import.meta.url).pathname), '../..');

/** Runs a command with inherited output; throws when it fails. */
export function run(command, args, options = {}) {
  console.log(`\n$ ${[command, ...args].join(' ')}${options.cwd ? `   (in ${options.cwd})` : ''}`);
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`\`${[command, ...args].join(' ')}\` exited with ${result.status ?? result.signal}`);
}

/** The files a fresh clone holds: tracked, plus new files not ignored (so uncommitted work counts). */
function cloneFiles() {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  return out.split('\0').filter((file) => file !== '' && existsSync(join(root, file)));
}

/**
 * Packs from a clean tree into `destination` and returns the tarball path.
 *
 * @example
 * const tarball = packCleanTree(mkdtempSync(join(tmpdir(), 'pack-')));
 */
export function packCleanTree(destination) {
  const tree = mkdtempSync(join(tmpdir(), 'sports-odds-data-tree-'));
  try {
    for (const file of cloneFiles()) {
      mkdirSync(dirname(join(tree, file)), { recursive: true });
      cpSync(join(root, file), join(tree, file), { dereference: false, errorOnExist: false, force: true });
    }
    symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'), 'dir');
    run('npm', ['pack', '--pack-destination', destination, '--loglevel=warn'], { cwd: tree });
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
  const tarballs = readdirSync(destination).filter((file) => file.endsWith('.tgz'));
  if (tarballs.length !== 1) throw new Error(`expected one tarball in ${destination}, found ${tarballs.length}`);
  return join(destination, tarballs[0]);
}

/** The paths inside a tarball. */
export function tarballFiles(tarball) {
  return execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((path) => path.replace(/^package\//, ''));
}
