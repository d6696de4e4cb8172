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
    testTimeout: 20_000,
    hookTimeout: 20_000,
    restoreMocks: true,
    unstubEnvs: true,
    unstubGlobals: true,
  },
});
