import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { browserBundleDefines } from './scripts/lib/browser-bundles.mjs';

export default defineConfig({
  // The console's typed program (mocks/server/console/app), bundled as `npm run build` and `npm run mock` bundle it.
  define: browserBundleDefines(),
  test: {
    include: ['test/**/*.test.ts'],
    // The downstream suite imports the package by name: it runs against the installed tarball
    // (npm run test:downstream, check:package), never against the sources; so do the documented
    // commands (npm run test:docs-commands, check:package).
    exclude: [...configDefaults.exclude, 'test/downstream/**', 'test/doc-commands/**'],
    globalSetup: ['test/e2e/global-setup.ts'],
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, where most files wait on
    // processes, Redis and browsers rather than compute. Two workers there; the default above that.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 20_000,
    restoreMocks: true,
    unstubEnvs: true,
    unstubGlobals: true,
  },
});
