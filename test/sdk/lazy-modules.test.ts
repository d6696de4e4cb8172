import { build } from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';
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

/** Every TypeScript file under a folder. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(dir, f));
}

/** The modules the SDK loads on demand (`import('./...')`), found in every file of the SDK's core and its client, not a list to keep. */
function lazyTargets(): string[] {
  const files = [...filesUnder(core), join(root, 'src/client.ts')];
  return [
    ...new Set(
      files.flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(/import\('(\.[^']+)'\)/g)].map((m) => resolve(dirname(f), `${m[1] as string}.ts`)),
      ),
    ),
  ];
}

/** The module of the route definitions the SDK loads with the first call of one of those routes. */
const ROUTES_ON_DEMAND = 'account-routes.ts';

/** The reuse of answers, loaded by the first call that may be reused, and the cache it loads in turn. */
const REUSE = new Set(['reuse/runner.ts', 'reuse/answer-cache.ts'].map((f) => join(core, f)));

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
      'src/core/coordination/plan-rate.ts',
      'src/core/observability/spans.ts',
      'src/core/request/connection-failure.ts',
      'src/core/reuse/answer-cache.ts',
      'src/core/reuse/runner.ts',
      'src/core/rotation/replay-loop.ts',
      'src/core/rotation/run.ts',
      'src/core/scans/pages.ts',
      'src/core/validation/issue-report.ts',
      'src/schemas/account-routes.ts',
    ]);
    const reached = new Set(lazy.filter((f) => !f.endsWith(ROUTES_ON_DEMAND) && !REUSE.has(f)).flatMap((f) => [...reach(f)]));
    // Leaves: message helpers read only when something fails, the instants of parameters (a Date, +00:00) sent with Z once the
    // encoder refused them or a scan's page is made, and the instants' text they write; the rotation's record (its check, given
    // the error class and the nonce's pattern by its callers, and its nonce) and the base64url it writes the nonce in; never at
    // load time, never re-exported.
    expect([...reached].map((f) => relative(root, f)).sort()).toEqual([
      'src/core/rotation/record.ts',
      'src/core/validation/instants.ts',
      'src/schemas/base64url.ts',
      'src/schemas/instant-text.ts',
      'src/schemas/issue-words.ts',
      'src/schemas/redact.ts',
    ]);
  });

  it('load the reuse of answers with the modules it has always reached, never the answer path (the call gives a kept answer its metadata)', () => {
    // The second exception, with its reason: the reuse (coalescing, the cache, the fleet's store) is most of a call's work kept
    // out of the first load, and it reaches what the request path plans calls with (their selection, encoders, validators). In a
    // one-file bundle esbuild initializes each of these at each importer that names its file, but a module reached through a face
    // (an index.ts `export *`) only where that face stands, which may come after a reader of the face: that is how the mock's
    // server once read `HEADER` before `headers.ts` was initialized (the bundle below, server first). So this list is pinned: a
    // module joins it only once the bundle below loads in both orders, and the answer's head (`answer/received.ts`, which reads
    // `headers.ts`) stays out of it, given to the reuse by the call (`ReusableCall.metaOf`).
    const reached = [...new Set([...REUSE].flatMap((f) => [...reach(f)]))].map((f) => relative(root, f)).sort();
    expect(reached).not.toContain('src/core/answer/received.ts');
    expect(reached).not.toContain('src/schemas/headers.ts');
    expect(reached).toEqual([
      'src/core/errors/base.ts',
      'src/core/errors/connection.ts',
      'src/core/options/input-checks.ts',
      'src/core/reuse/event-loop-turn.ts',
      'src/core/reuse/fleet.ts',
      'src/core/reuse/memory-answer-store.ts',
      'src/core/reuse/selection.ts',
      'src/core/runtime.ts',
      'src/core/validation/fast-encoders.ts',
      'src/core/validation/fast-validators.ts',
      'src/core/validation/instants.ts',
      'src/core/validation/row-checks.ts',
      'src/core/validation/url.ts',
      'src/schemas/cache-defaults.ts',
      'src/schemas/instant-text.ts',
      'src/schemas/prices.ts',
      'src/schemas/primitives.ts',
      'src/schemas/props.ts',
      'src/schemas/query.ts',
      'src/schemas/redact.ts',
      'src/schemas/refusal-words.ts',
      'src/schemas/schema-def.ts',
    ]);
  });

  it('load the account, key and credential routes with their schemas only: the schemas floor, never the SDK', () => {
    // The one exception to the leaves, with its reason: these routes' definitions are the route
    // table's as well (routes.ts imports them as it loads, for the mock, the MCP server and the docs),
    // so they reach the schemas they share with the data routes (primitives, query, the table's
    // parameters). A bundler that inlines the dynamic import initializes each of those at its first
    // importer (esbuild's init call), before that importer's code runs: load order holds because
    // none of them is in an import cycle (architecture.test.ts), and the one bundle below, whose mock
    // reads the whole table as it loads, then calls account routes through the SDK.
    const reached = [...reach(join(root, 'src/schemas', ROUTES_ON_DEMAND))].map((f) => relative(root, f)).sort();
    expect(reached.filter((f) => !f.startsWith('src/schemas/'))).toEqual([]);
    expect(reached).toEqual([
      'src/schemas/account.ts',
      'src/schemas/credentials.ts',
      'src/schemas/keys.ts',
      'src/schemas/primitives.ts',
      'src/schemas/query.ts',
      'src/schemas/request-health.ts',
      'src/schemas/route-params.ts',
    ]);
  });

  // The SDK first (an application), or the mock's server first (the examples: their flags' module comes from the server's folder).
  const ORDERS = {
    'the SDK first': ['sdk', 'mock', 'server'],
    "the mock's server first": ['server', 'sdk', 'mock'],
  } as const;
  const EXPORTS = {
    sdk: "export * as sdk from './src/index.ts';",
    mock: "export { createMockService } from './mocks/index.ts';",
    server: "export { startMockServer } from './mocks/server/node.ts';",
  };

  it.each(Object.entries(ORDERS))(
    'keep one esbuild bundle (no code splitting) of the SDK, the mock and its server in load order: %s',
    async (_name, order) => {
      const out = join(root, `node_modules/.cache/lazy-modules-bundle-${order.join('-')}.mjs`);
      await build({
        stdin: {
          contents: order.map((part) => EXPORTS[part]).join('\n'),
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
    },
  );
});
