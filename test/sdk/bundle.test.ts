import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Bundle, gz, initialBundle, ONE_CALL, partOf, partsTable } from './bundle-parts';

const entry = fileURLToPath(new URL('../../src/index.ts', import.meta.url));

/**
 * Budget of an entry that creates the client and makes one call, minified + gzip: 36 kB (issue 12),
 * set back there by issue 34 after three raises (issue 22's coordinator to 37 kB, issue 26's
 * tracing hooks to 37.25 kB), met again by issue 34 (the account, key and credential routes'
 * definitions loaded on demand). Lowered to 35 kB by issue 45, following the figure down (35,800 B:
 * what only a key rotation, a credential's replay or the account's pacing needs loaded on demand);
 * its goal is 32 kB. It follows the figure down, never up; docs/performance.md has the figures.
 */
const BUDGET_BYTES = 35 * 1024;
/**
 * The same entry bundled from the published build, whose `keepNames` (tsup.config.ts) names every
 * function and class: 38 kB as issue 12 set it (the 36 kB budget plus what keepNames added, 2.0 kB
 * then), lowered by issue 34 (it was 39.5 kB with the 37.25 kB budget). keepNames adds 2.2 kB now, so
 * it stays at 38 kB when the budget is lowered, and is lowered itself once its own figure is a whole kB below it.
 */
const AS_BUILT_CEILING_BYTES = 38 * 1024;

/**
 * Code a dependency carries inlined from another package (ky 2 inlines is-network-error), so that
 * both in one bundle would be the same code twice.
 */
const INLINED: Record<string, string> = { 'is-network-error': 'node_modules/ky/distribution/utils/is-network-error.js' };

/** Dependencies whose code is in a bundle twice: installed in two folders, or inlined by another as well. */
function duplicates(bundle: Bundle): string[] {
  const inputs = Object.keys(bundle.metafile.inputs);
  const folders = new Map<string, Set<string>>();
  for (const input of inputs) {
    const [, folder, name] = /^(.*node_modules\/((?:@[^/]+\/)?[^/]+))\//.exec(input) ?? [];
    if (folder !== undefined && name !== undefined) folders.set(name, (folders.get(name) ?? new Set()).add(folder));
  }
  return [
    ...[...folders].filter(([, f]) => f.size > 1).map(([name]) => `${name} (installed twice)`),
    ...Object.entries(INLINED)
      .filter(([name, inlined]) => folders.has(name) && inputs.includes(inlined))
      .map(([name, inlined]) => `${name} (and its copy in ${inlined})`),
  ];
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

describe('browser bundle', () => {
  it('builds for the browser with no node: import and no code generation, in every chunk', async () => {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      splitting: true,
      outdir: 'out',
      platform: 'browser',
      format: 'esm',
      minify: true,
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    expect(result.outputFiles.length).toBeGreaterThan(1);
    for (const file of result.outputFiles) {
      expect(file.text).not.toMatch(/["'`]node:/);
      expect(file.text).not.toMatch(/\brequire\(/);
      // Validation runs as plain closures: nothing a strict Content-Security-Policy refuses.
      expect(file.text).not.toMatch(/\bnew Function\b|\bFunction\(|\beval\(/);
    }
    const all = result.outputFiles.reduce((sum, f) => sum + gz(f.text), 0);
    console.log(
      `whole SDK entry, every chunk: ${result.outputFiles.length} chunks, ${kB(all)} min+gz in all; the chunks loaded on demand:`,
    );
    for (const [name, output] of Object.entries(result.metafile.outputs)) {
      const file = result.outputFiles.find((f) => f.path.endsWith(name.slice(name.lastIndexOf('/'))));
      if (output.entryPoint !== undefined && file !== undefined && !output.entryPoint.endsWith('index.ts')) {
        console.log(
          `  ${output.entryPoint.padEnd(40)} ${kB(gz(file.text))}: ${Object.keys(output.inputs)
            .map((i) => i.replace(/^.*node_modules\//, ''))
            .join(', ')}`,
        );
      }
    }
  });

  it(`keeps an entry that creates the client and makes one call within ${BUDGET_BYTES / 1024} kB min+gz, with no dependency twice`, async () => {
    const bundle = await initialBundle(ONE_CALL, false);
    const size = gz(bundle.code);
    expect(duplicates(bundle)).toEqual([]);
    // What only a retry, a rotation or a credential's exact replay, a refused parameter or body, a traced call, a reused answer, a scan's or poll's paging,
    // a connection's failure, or a call of an account, key or credential route needs is loaded then, not here.
    expect([...new Set(bundle.lazy)].sort()).toEqual([
      '../../schemas/account-routes',
      './connection-failure',
      './core/coordination/plan-rate',
      './issue-report',
      './pages',
      './replay-loop',
      './run',
      './runner',
      './spans',
      'p-retry',
    ]);

    const table = partsTable(bundle);
    console.log(
      `one call: ${kB(bundle.code.length)} min, ${kB(size)} min+gz (budget ${kB(BUDGET_BYTES)}); parts, min and what each costs gzip:`,
    );
    for (const { part, min, gz: cost } of table)
      console.log(`  ${part.padEnd(34)} ${String(min).padStart(7)} B  ${String(cost).padStart(6)} B`);
    expect(table.map((p) => p.part)).toContain('ky');
    expect(size).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('never imports @opentelemetry/api: an application without it builds, and one with it does not bundle it twice', async () => {
    const bundle = await initialBundle(ONE_CALL, false);
    // Neither bundled nor left to a dynamic import a bundler would resolve: its name is computed at run time.
    expect(Object.keys(bundle.metafile.inputs).filter((input) => input.includes('@opentelemetry'))).toEqual([]);
    expect(bundle.lazy.filter((path) => path.includes('@opentelemetry'))).toEqual([]);
    expect(bundle.code).not.toContain('@opentelemetry/api');
    expect(bundle.code).toContain('"@opentelemetry","api"');
  });

  it('tells a dependency that is there twice (the guard above can fail)', async () => {
    const both = await initialBundle("import ky from 'ky';\nimport pRetry from 'p-retry';\nconsole.log(ky, pRetry);\n", false);
    expect(duplicates(both)).toEqual(['is-network-error (and its copy in node_modules/ky/distribution/utils/is-network-error.js)']);
  });

  it('keeps the same entry bundled from the published build (keepNames) under its ceiling', async () => {
    const [asBuilt, sources] = await Promise.all([initialBundle(ONE_CALL, true), initialBundle(ONE_CALL, false)]);
    const size = gz(asBuilt.code);
    console.log(`one call from the published build: ${kB(size)} min+gz, of which keepNames ${kB(size - gz(sources.code))}`);
    expect(Object.keys(asBuilt.metafile.inputs).some((i) => partOf(i) === 'sports-odds-data (as built)')).toBe(true);
    expect(asBuilt.lazy.length).toBe(10);
    expect(size).toBeLessThanOrEqual(AS_BUILT_CEILING_BYTES);
  });
});
