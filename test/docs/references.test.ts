import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The repository's tracked text files a reader follows references in: code, tests, docs, changesets. */
function trackedFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', 'src', 'mocks', 'test', 'examples', 'bench', 'scripts', 'docs', '.changeset', 'README.md'],
    { cwd: root, encoding: 'utf8' },
  );
  return listed.split('\n').filter((f) => /\.(ts|mjs|md)$/.test(f) && !f.startsWith('docs/api/'));
}

/** The headings of a Markdown document of docs/. */
function headingsOf(doc: string): Set<string> {
  const text = readFileSync(join(root, doc), 'utf8');
  return new Set([...text.matchAll(/^#{1,4} (.+)$/gm)].map((m) => (m[1] as string).trim()));
}

/** A citation of a document outside the repository, in any case: "spec 3", "Spec section 4", "SECTION 6", decisions.md. */
const OUTSIDE = /\bspec (section )?\d|\bsection \d|\bdecisions\.md\b|\barchitecture\.md\b/i;

describe('references in the code and the docs', () => {
  const files = trackedFiles();

  it('catch a citation of the spec whatever its case', () => {
    for (const line of ['see spec 3', 'Spec 12 says', 'Spec Section 4', '("Events", SECTION 6)', 'DECISIONS.md'])
      expect(OUTSIDE.test(line), line).toBe(true);
    expect(OUTSIDE.test('docs/service.md, "Events"')).toBe(false);
  });

  it('cite only documents of the repository: no section of the service spec, no decisions.md, no architecture.md', () => {
    const outside: string[] = [];
    for (const file of files) {
      if (file === 'test/docs/references.test.ts') continue;
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (OUTSIDE.test(line)) outside.push(`${file}:${i + 1}: ${line.trim().slice(0, 100)}`);
        });
    }
    expect(outside).toEqual([]);
  });

  it('name headings that exist where they cite a heading of docs/service.md or docs/mock-server.md', () => {
    const docs = { 'docs/service.md': headingsOf('docs/service.md'), 'docs/mock-server.md': headingsOf('docs/mock-server.md') };
    const broken: string[] = [];
    let cited = 0;
    for (const file of files) {
      const text = readFileSync(join(root, file), 'utf8').replace(/\n\s*(\*|\/\/)\s*/g, ' ');
      for (const m of text.matchAll(/(docs\/(?:service|mock-server)\.md),\s+"([^"]+)"/g)) {
        cited += 1;
        const [, doc, heading] = m as unknown as [string, keyof typeof docs, string];
        // A heading is cited whole, or by its short name before a colon ("Metering").
        const known = docs[doc].has(heading) || [...docs[doc]].some((h) => h.startsWith(`${heading}:`));
        if (!known && !heading.includes('${')) broken.push(`${file}: ${doc} "${heading}"`);
      }
    }
    expect(broken).toEqual([]);
    expect(cited).toBeGreaterThan(100);
  });
});
