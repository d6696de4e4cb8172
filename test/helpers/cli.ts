import { mkdir, mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';

/**
 * The `sports-odds-mock` bin bundled from the sources (dependencies imported from node_modules, so
 * the bundle lives under the project), to spawn with `process.execPath`.
 */
export async function buildCli(): Promise<string> {
  await mkdir('node_modules/.cache', { recursive: true });
  const dir = await mkdtemp(join('node_modules/.cache', 'sports-odds-cli-'));
  const cli = join(dir, 'cli.mjs');
  await build({
    entryPoints: ['mocks/server/cli.ts'],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    outfile: cli,
    logLevel: 'silent',
  });
  return cli;
}
