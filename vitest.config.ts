import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The downstream suite imports the package by name: it runs against the installed tarball
    // (npm run test:downstream, check:package), never against the sources.
    exclude: [...configDefaults.exclude, 'test/downstream/**'],
    globalSetup: ['test/e2e/global-setup.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    restoreMocks: true,
    unstubEnvs: true,
    unstubGlobals: true,
  },
});
