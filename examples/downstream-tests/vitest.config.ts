import { defineConfig } from 'vitest/config';

// As in your project: the suite runs in Node, where msw/node intercepts `fetch`.
export default defineConfig({
  test: {
    include: ['*.test.ts'],
    environment: 'node',
  },
});
