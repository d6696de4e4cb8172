import { readFileSync } from 'node:fs';
import { disableTypeChecks } from '@stryker-mutator/instrumenter';
import { describe, expect, it } from 'vitest';
import { ROW_CHECKS_FILE } from '../../scripts/row-checks';

// Both mutation commands start with an initial run of their suites in Stryker's sandbox; a suite that
// compares a source with its generator (test/sdk/row-checks.test.ts) must find it there byte for byte.

type Config = { disableTypeChecks?: unknown };
const base = JSON.parse(readFileSync(new URL('../../stryker.config.json', import.meta.url), 'utf8')) as Config;
const all = ((await import(new URL('../../stryker.all.config.mjs', import.meta.url).href)) as { default: Config }).default;

describe('the mutation sandbox (stryker.config.json, stryker.all.config.mjs)', () => {
  it('copies every source unchanged: no `// @ts-nocheck` prepended, no `@ts-` directive taken out', () => {
    // Stryker's default (`{test,src,lib}/**/*.ts`) rewrites the sources of src/ and test/; only a runner that
    // type-checks needs it, and vitest does not (the TypeScript checker reads the checkout, not the sandbox).
    expect(base.disableTypeChecks).toBe(false);
    expect(all.disableTypeChecks).toBe(false);
  });

  it('would otherwise change a generated source, and its suite fail the initial run', async () => {
    const content = readFileSync(ROW_CHECKS_FILE, 'utf8');
    const sandboxed = await disableTypeChecks({ name: ROW_CHECKS_FILE, content, mutate: true }, { plugins: null });
    expect(sandboxed.content).not.toBe(content);
    expect(sandboxed.content.startsWith('// @ts-nocheck\n')).toBe(true);
  });
});
