import { defineConfig } from 'vitest/config';

/**
 * The documented-commands suite (test/doc-commands/): run against the packed tarball by
 * `npm run check:package` and `npm run test:docs-commands`, never by `npm test`.
 */
export default defineConfig({
  test: {
    include: ['test/doc-commands/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
