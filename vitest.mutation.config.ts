import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * The suites StrykerJS runs against each mutant (`npm run test:mutation`): the unit, mock and schema
 * tests. Not the real-browser, property-fuzz, example, docs or downstream suites: they test the same
 * code through slower paths and would multiply a 20-minute run. Nor the bundle-size test: it bundles the
 * instrumented sources, whose coverage preamble (`new Function`) its no-code-generation check refuses, and a
 * bundle's size is not behaviour a mutant can change.
 */
export default defineConfig({
  define: base.define ?? {},
  test: {
    ...base.test,
    include: ['test/sdk/**/*.test.ts', 'test/mocks/**/*.test.ts', 'test/schemas/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'test/downstream/**', 'test/e2e/**', 'test/property/**', 'test/sdk/bundle.test.ts'],
    // No browser suite runs here, so no browser is looked for.
    globalSetup: [],
  },
});
