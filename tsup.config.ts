import { existsSync, readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';
import { browserBundleDefines } from './scripts/lib/browser-bundles.mjs';

/**
 * Every entry point of the package, as `output name (under dist/) -> source file`.
 * Only the ones whose source exists are built, so the config keeps working while the
 * package grows.
 */
const entries: Record<string, string> = {
  index: 'src/index.ts',
  'schemas/index': 'src/schemas/public.ts',
  'odds/index': 'src/odds/index.ts',
  'node/index': 'src/node/index.ts',
  'redis/index': 'src/redis/index.ts',
  'mocks/index': 'mocks/index.ts',
  'mocks/node': 'mocks/server/node.ts',
  'mocks/cli': 'mocks/server/cli.ts',
  'mcp/index': 'src/mcp/index.ts',
  'mcp/cli': 'src/mcp/node/cli.ts',
};

/** Entries that are executables, not modules: no declaration file. */
const binaries = new Set(['mocks/cli', 'mcp/cli']);

const entry = Object.fromEntries(Object.entries(entries).filter(([, file]) => existsSync(file)));
const dtsEntry = Object.fromEntries(Object.entries(entry).filter(([name]) => !binaries.has(name)));

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};
const escapeRegExp = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Dependencies and peers (msw) stay imports, including their subpaths (`zod/mini`, `msw/node`). */
const external = [
  ...Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies }).map((name) => new RegExp(`^${escapeRegExp(name)}(?:/|$)`)),
  // Node built-ins, only allowed in src/node/ and mocks/server/: write them with `node:`.
  /^node:/,
];

/**
 * One build for all entries, so that code shared between entries (errors, schemas, the mock core)
 * lands in shared chunks and exists once at runtime (`instanceof` works across entry points).
 * The platform is `neutral` for all of them: nothing Node-specific is injected, and the Node-only
 * entries reach Node solely through their explicit `node:` imports, which stay external.
 */
export default defineConfig({
  entry,
  outDir: 'dist',
  format: ['esm'],
  platform: 'neutral',
  target: 'es2022',
  dts: { entry: dtsEntry },
  sourcemap: true,
  treeshake: true,
  splitting: true,
  clean: true,
  minify: false,
  // Classes keep their own names in stacks and `constructor.name` (esbuild would rename a class it
  // refers to inside its own body, e.g. InvalidParametersError to _InvalidParametersError).
  keepNames: true,
  external,
  removeNodeProtocol: false,
  shims: false,
  // The console's typed program (mocks/server/console/app), bundled for the page that inlines it.
  define: browserBundleDefines(),
});
