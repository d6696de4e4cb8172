import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../examples/run-example';

/**
 * The package is not on npm before its first release: wherever a document says to
 * install it by name, it says within a few lines to install the packed tarball until then.
 */

const docs = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const NEAR = 8;

describe('installing the package', () => {
  it.each(docs)('%s: every install by name says what to do until the first release', (doc) => {
    const lines = readFileSync(join(ROOT, doc), 'utf8').split('\n');
    const missing = lines.flatMap((line, i) => {
      if (!/npm (install|i) (?:[^#\n]*\s)?sports-odds-data(\s|$)/.test(line)) return [];
      const near = lines.slice(Math.max(0, i - NEAR), i + NEAR + 1).join('\n');
      return /until the first release/i.test(near) && /packed|\.tgz|npm pack/.test(near) ? [] : [`${doc}:${i + 1}: ${line.trim()}`];
    });
    expect(missing).toEqual([]);
  });

  it('finds the installs it checks', () => {
    const all = docs.flatMap((doc) => readFileSync(join(ROOT, doc), 'utf8').match(/npm install sports-odds-data/g) ?? []);
    expect(all.length).toBeGreaterThanOrEqual(2);
  });
});
