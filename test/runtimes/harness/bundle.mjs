// Bundles a scenario entry with esbuild from the scratch project, as a user's bundler would, and
// proves the bundle holds the installed tarball's files and nothing from the repository.
import { build } from 'esbuild';
import { join } from 'node:path';
import { StepError } from './process.mjs';

/**
 * Bundles `entry` (a file of the scratch project `dir`) to one script.
 *
 * @example
 * const code = await bundleEntry({ dir, entry: 'worker-entry.mjs', step: 'bundle the Worker', format: 'esm', conditions: ['workerd', 'worker', 'browser'] });
 */
export async function bundleEntry({ dir, entry, step, format, conditions = [], globalName }) {
  let result;
  try {
    result = await build({
      absWorkingDir: dir,
      entryPoints: [join(dir, entry)],
      bundle: true,
      write: false,
      metafile: true,
      platform: 'browser',
      format,
      ...(globalName === undefined ? {} : { globalName }),
      conditions,
      target: 'es2022',
      logLevel: 'silent',
    });
  } catch (error) {
    throw new StepError(step, `esbuild failed: ${error.message}`);
  }
  const inputs = Object.keys(result.metafile.inputs);
  const outside = inputs.filter((file) => file.startsWith('..') || file.startsWith('/'));
  if (outside.length > 0)
    throw new StepError(step, `the bundle holds files from outside the scratch project: ${outside.slice(0, 5).join(', ')}`);
  if (!inputs.some((file) => file.startsWith('node_modules/sports-odds-data/dist/'))) {
    throw new StepError(step, 'the bundle holds nothing of node_modules/sports-odds-data/dist: the package did not come from the tarball');
  }
  return result.outputFiles[0].text;
}
