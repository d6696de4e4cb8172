import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The suites StrykerJS runs against each mutant (`npm run test:mutation`): the unit, mock and schema
 * tests. Not the real-browser, property-fuzz, example, docs or downstream suites: they test the same
 * code through slower paths and would multiply a 20-minute run.
 */
export default defineConfig({
  test: {
    include: ['test/sdk/**/*.test.ts', 'test/mocks/**/*.test.ts', 'test/schemas/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'test/downstream/**', 'test/e2e/**', 'test/property/**'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    restoreMocks: true,
    unstubEnvs: true,
    unstubGlobals: true,
  },
});
