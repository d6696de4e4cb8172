import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { headingAnchor, linkTargets } from '../../scripts/lib/readme-links.mjs';
import { ships } from './shipped-files';

/**
 * Every relative link of the documents the tarball ships (README.md, CHANGELOG.md, docs/*.md)
 * resolves inside the tarball: to a file package.json's "files" ships that
 * exists, and to a heading of it when it names one (issue 31: the packed docs/examples.md linked to
 * ../examples/, which the tarball does not hold).
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The anchors of a Markdown file's headings (outside code fences). */
function anchorsOf(markdown: string): Set<string> {
  let fenced = false;
  const anchors = new Set<string>();
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    else if (!fenced && /^#{1,6} /.test(line)) anchors.add(headingAnchor(line.replace(/^#+ /, '')));
  }
  return anchors;
}

/**
 * What is wrong with the relative links of a document: each must resolve to a file (and heading)
 * of the tarball for a shipped document, of the repository for one that is not shipped.
 */
function linkProblems(doc: string, shipped = true): string[] {
  const markdown = readFileSync(join(root, doc), 'utf8');
  const problems: string[] = [];
  for (const target of linkTargets(markdown)) {
    if (/^[a-z]+:/i.test(target)) continue;
    const [path = '', anchor] = target.split('#');
    const file = path === '' ? doc : posix.normalize(posix.join(dirname(doc), decodeURIComponent(path)));
    if (shipped && !ships(file)) problems.push(`${doc}: ${target}: the tarball does not ship ${file}`);
    else if (!file.startsWith('dist/') && !existsSync(join(root, file))) problems.push(`${doc}: ${target}: no file ${file}`);
    else if (anchor && file.endsWith('.md') && !anchorsOf(readFileSync(join(root, file), 'utf8')).has(anchor)) {
      problems.push(`${doc}: ${target}: ${file} has no heading #${anchor}`);
    }
  }
  return problems;
}

const shipped = [
  'README.md',
  'CONTRIBUTING.md',
  'CHANGELOG.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
].filter(ships);

/** The contributor documents: in the repository, not in the tarball. */
const contributors = [
  'CONTRIBUTING.md',
  ...readdirSync(join(root, 'docs/contributing'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/contributing/${f}`),
];

describe('the links of the contributor documents', () => {
  it.each(contributors)('%s: not shipped, and every relative link resolves in the repository', (doc) => {
    expect(ships(doc)).toBe(false);
    expect(linkProblems(doc, false)).toEqual([]);
  });
});

describe('the links of the shipped documents', () => {
  it('covers every document the tarball ships', () => {
    expect(shipped).toContain('docs/examples.md');
    expect(shipped.length).toBeGreaterThan(8);
  });

  it.each(shipped)('%s: every relative link resolves inside the tarball', (doc) => {
    expect(linkProblems(doc)).toEqual([]);
  });

  it('names a link out of the tarball', () => {
    expect(ships('examples/README.md')).toBe(false);
    expect(ships('docs/service.md')).toBe(true);
    expect(ships('docs/images/console.png')).toBe(true);
    expect(ships('docs/api/index.html')).toBe(false);
  });
});
