import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { build as viteBuild, type Rollup } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractSnippets } from './snippets';

/**
 * docs/browser.md's recipe for keeping the mock out of production bundles holds: its code block,
 * built as a Vite app (vitest's own Vite) carries msw and the mock in development and neither, not
 * even as a chunk left to load later, in production; and so does esbuild with the guide's
 * `define` and `external`.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const snippet = extractSnippets('docs/browser.md', readFileSync(join(root, 'docs/browser.md'), 'utf8')).find((s) =>
  s.code.includes('setupWorker'),
);
let dir = '';
beforeAll(async () => {
  // Under the repository, so that msw resolves from its node_modules as from a user's project.
  const cache = join(root, 'node_modules/.cache');
  await mkdir(cache, { recursive: true });
  dir = await mkdtemp(join(cache, 'browser-guide-'));
  await writeFile(join(dir, 'entry.ts'), `${snippet?.context ?? ''}\n${snippet?.code ?? ''}\n`);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const alias = { 'sports-odds-data/mocks': join(root, 'mocks/index.ts'), 'sports-odds-data': join(root, 'src/index.ts') };

/** The block built as a Vite app's production or development build; every output chunk's code. */
async function withVite(dev: boolean): Promise<string[]> {
  const built = await viteBuild({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    mode: dev ? 'development' : 'production',
    define: { 'import.meta.env.DEV': String(dev) },
    resolve: { alias },
    build: { write: false, rollupOptions: { input: join(dir, 'entry.ts'), preserveEntrySignatures: 'exports-only' } },
  });
  const outputs = (Array.isArray(built) ? built : [built]) as Rollup.RollupOutput[];
  return outputs.flatMap((o) => o.output.map((chunk) => (chunk.type === 'chunk' ? chunk.code : '')));
}

/** The block bundled by esbuild for production as the guide says: `define`, and the mock's packages external. */
async function withEsbuild(): Promise<string[]> {
  const result = await esbuild({
    entryPoints: [join(dir, 'entry.ts')],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir: join(dir, 'esbuild'),
    write: false,
    logLevel: 'silent',
    minify: true,
    define: { 'import.meta.env.DEV': 'false' },
    external: ['msw', 'sports-odds-data/mocks'],
    alias,
  });
  return result.outputFiles.map((file) => file.text);
}

/** Text that survives minifying: the mock's base URL (mocks/service/options.ts), and msw's worker script name. */
const MOCK = /api\.sports-odds\.test|mockServiceWorker\.js/;

describe("docs/browser.md's worker set-up", () => {
  it('is in the guide', () => {
    expect(snippet?.code).toContain("import('sports-odds-data/mocks')");
  });

  it('builds msw and the mock into a Vite development build', { timeout: 60_000 }, async () => {
    const chunks = await withVite(true);
    expect(chunks.filter((code) => code.includes('api.sports-odds.test'))).toHaveLength(1);
    expect(chunks.filter((code) => code.includes('mockServiceWorker.js'))).toHaveLength(1);
  });

  it('builds neither into a Vite production build, not even as a chunk', { timeout: 60_000 }, async () => {
    const chunks = await withVite(false);
    expect(chunks.join('\n')).toContain('SportsOdds');
    expect(chunks.filter((code) => MOCK.test(code))).toEqual([]);
  });

  it('bundles neither with esbuild, given the define and the externals the guide gives', { timeout: 60_000 }, async () => {
    const files = await withEsbuild();
    expect(files.join('\n')).toContain('SportsOdds');
    expect(files.filter((code) => MOCK.test(code))).toEqual([]);
  });
});
