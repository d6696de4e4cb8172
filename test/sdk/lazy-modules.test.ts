import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const core = join(root, 'src/core');

/** The relative modules a file imports for their values (type-only imports are erased). */
function valueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'(\.[^']+)';/gm)].map((m) => m[1] as string);
  return specs.map((spec) => resolve(dirname(file), spec.endsWith('.ts') ? spec : `${spec}.ts`));
}

/** Every module a file reaches through value imports. */
function reach(file: string, seen = new Set<string>()): Set<string> {
  for (const dep of valueImports(file)) {
    if (seen.has(dep)) continue;
    seen.add(dep);
    reach(dep, seen);
  }
  return seen;
}

/** The modules the SDK loads on demand (`import('...')`). */
function lazyTargets(): string[] {
  const files = [
    'request.ts',
    'retry.ts',
    'rotation.ts',
    'zod-validate.ts',
    'zod-encode.ts',
    'tracing-source.ts',
    'event-scan.ts',
    'odds-history.ts',
    'live-scan.ts',
    'polling.ts',
    '../client.ts',
  ].map((f) => join(core, f));
  return [
    ...new Set(
      files.flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(/import\('(\.[^']+)'\)/g)].map((m) => resolve(dirname(f), `${m[1] as string}.ts`)),
      ),
    ),
  ];
}

/** What the test calls on the bundled SDK. */
interface Client {
  catalog: { sports(): Promise<unknown[]> };
  account: { get(): Promise<{ plan: { rate_limit_rps: number } }> };
  keys: { list(): Promise<unknown[]> };
}

describe('modules loaded on demand', () => {
  it('reach no module that other code uses as it loads (a bundler that inlines them initializes them lazily)', () => {
    const lazy = lazyTargets();
    expect(lazy.map((f) => relative(root, f)).sort()).toEqual([
      'src/core/issue-report.ts',
      'src/core/plan-rate.ts',
      'src/core/rotation-run.ts',
      'src/core/scan-pages.ts',
      'src/core/tracing.ts',
    ]);
    const reached = new Set(lazy.flatMap((f) => [...reach(f)]));
    // Leaves: message helpers read only when something fails, never at load time, never re-exported.
    expect([...reached].map((f) => relative(root, f)).sort()).toEqual(['src/schemas/issue-words.ts', 'src/schemas/redact.ts']);
  });

  it('keep one esbuild bundle (no code splitting) of the SDK, the mock and its server in load order', async () => {
    const out = join(root, 'node_modules/.cache/lazy-modules-bundle.mjs');
    await build({
      stdin: {
        contents: [
          "export * as sdk from './src/index.ts';",
          "export { createMockService } from './mocks/index.ts';",
          "export { startMockServer } from './mocks/server/node.ts';",
        ].join('\n'),
        resolveDir: root,
        loader: 'ts',
      },
      bundle: true,
      splitting: false,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      outfile: out,
      logLevel: 'silent',
    });
    const bundle = (await import(`${pathToFileURL(out).href}?${Date.now()}`)) as {
      sdk: { SportsOdds: new (options: object) => Client };
      createMockService: (options: object) => { apiKey: string; baseUrl: string; fetch: typeof fetch };
    };
    const mock = bundle.createMockService({ now: '2026-11-21T15:00:00Z' });
    expect(mock.apiKey).toMatch(/^svc_live_/);
    // Calls that load on demand what they need (an account route's definitions, the reuse of answers) answer from this bundle's mock.
    const odds = new bundle.sdk.SportsOdds({ apiKey: mock.apiKey, baseUrl: mock.baseUrl, fetch: mock.fetch, logLevel: 'off' });
    expect((await odds.catalog.sports()).length).toBeGreaterThan(0);
    expect((await odds.account.get()).plan.rate_limit_rps).toBeGreaterThan(0);
    expect((await odds.keys.list()).length).toBeGreaterThan(0);
  });
});
