import { mkdir, mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';

/**
 * A bin bundled from the sources (default `sports-odds-mock`; dependencies imported from
 * node_modules, so the bundle lives under the project), to spawn with `process.execPath`.
 */
export async function buildCli(entry = 'mocks/server/cli.ts'): Promise<string> {
  await mkdir('node_modules/.cache', { recursive: true });
  const dir = await mkdtemp(join('node_modules/.cache', 'sports-odds-cli-'));
  const cli = join(dir, 'cli.mjs');
  await build({
    entryPoints: [entry],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    outfile: cli,
    logLevel: 'silent',
  });
  return cli;
}
