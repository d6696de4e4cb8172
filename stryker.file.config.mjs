// One file's mutants against the suites that can see it (docs/contributing/mutation-testing.md, "One file at a time"):
//   MUTATION_SUITES='test/sdk/rotation*.test.ts' npx stryker run stryker.file.config.mjs --mutate src/core/rotation/run.ts
// The same setup as stryker.config.json, with the suites of MUTATION_SUITES (vitest.mutation-suites.config.ts) and reports
// and an incremental file of its own: its scores are a floor (fewer suites can only kill fewer mutants).
import { readFileSync } from 'node:fs';

const base = JSON.parse(readFileSync(new URL('./stryker.config.json', import.meta.url), 'utf8'));

export default {
  ...base,
  vitest: { ...base.vitest, configFile: 'vitest.mutation-suites.config.ts' },
  htmlReporter: { fileName: 'reports/mutation-file/index.html' },
  jsonReporter: { fileName: 'reports/mutation-file/report.json' },
  incrementalFile: 'reports/mutation-file/incremental.json',
};
