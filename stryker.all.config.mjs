// npm run test:mutation:all: the same setup as stryker.config.json, widened to all of src/core and
// mocks/service/state (plus the table's files outside them, and what left them for src/schemas and
// mocks/service/actions), with its own reports. Both share one incremental
// file, so either run with --incremental re-tests only the mutants whose code or tests changed since.
import { readFileSync } from 'node:fs';

const base = JSON.parse(readFileSync(new URL('./stryker.config.json', import.meta.url), 'utf8'));

export default {
  ...base,
  mutate: [
    ...new Set([
      'src/core/**/*.ts',
      'src/schemas/issue-words.ts',
      'src/schemas/redact.ts',
      'mocks/service/state/**/*.ts',
      'mocks/service/actions/**/*.ts',
      ...base.mutate,
    ]),
  ],
  htmlReporter: { fileName: 'reports/mutation-all/index.html' },
  jsonReporter: { fileName: 'reports/mutation-all/report.json' },
};
