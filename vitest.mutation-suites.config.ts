import { globSync } from 'node:fs';
import { matchesGlob } from 'node:path';
import { defineConfig } from 'vitest/config';
import mutation from './vitest.mutation.config';

/**
 * The suites of `MUTATION_SUITES` only (comma-separated globs under test/), for `stryker.file.config.mjs`: one module's
 * mutants against the suites that can see it, so a static mutant (run against every suite of the config) costs seconds.
 * A glob that matches no test file is refused, naming it: a typo would otherwise leave the mutants untested and surviving.
 */
function suites(): string[] {
  const given = process.env.MUTATION_SUITES;
  if (given === undefined || given.trim() === '') {
    throw new Error(
      "MUTATION_SUITES is not set: give the suites that can see the mutated file, comma-separated (e.g. MUTATION_SUITES='test/sdk/rotation*.test.ts')",
    );
  }
  const globs = given.split(',').map((glob) => glob.trim());
  // A suite the mutation config leaves out (the browser, property and downstream ones) would be matched here and never run.
  const excluded = mutation.test?.exclude ?? [];
  const runs = (file: string) => file.endsWith('.test.ts') && !excluded.some((pattern) => matchesGlob(file, pattern));
  for (const glob of globs) {
    if (!glob.startsWith('test/') || globSync(glob).filter(runs).length === 0) {
      throw new Error(
        `MUTATION_SUITES: ${JSON.stringify(glob)} matches no test file the mutation runs take (each glob names *.test.ts files under test/, outside ${excluded.join(', ')}; e.g. test/mocks/state/*.test.ts)`,
      );
    }
  }
  return globs;
}

export default defineConfig({ ...mutation, test: { ...mutation.test, include: suites() } });
