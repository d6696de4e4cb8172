import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../examples/run-example';
import { ships } from '../package/shipped-files';

/**
 * The documents the package ships speak to its users: current facts and how to reproduce them. The
 * history of how they came to be (an issue's number, a pass of work, a branch) belongs in commit
 * messages and changesets, never in README.md, CHANGELOG.md or a shipped guide.
 */

/** The Markdown documents of the repository's top level and of docs/ that the tarball ships. */
const shipped = [
  ...readdirSync(ROOT).filter((f) => f.endsWith('.md')),
  ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
].filter(ships);

/** What names the history of the work rather than the package: each with what it catches. */
const HISTORY: readonly (readonly [RegExp, string])[] = [
  [/\bissues? \d+|\bissues \d+ and \d+/i, 'an issue by its number'],
  [/(?:^|[\s(,;])#\d+\b/, 'an issue or pull request by its #number'],
  [/\bpass \d+\b|\b(?:first|second|third|fourth|fifth|sixth|seventh|last|previous|memory|this) pass\b/i, 'a pass of work'],
  [/\bbranch(?:es)?\s*\(?`[^`]+`/i, 'a branch by its name'],
];

/** The history a line names, if any. */
const historyIn = (line: string): string | undefined => HISTORY.find(([pattern]) => pattern.test(line))?.[1];

describe('the shipped documents', () => {
  it('are README.md, CHANGELOG.md and the guides of docs/, not the contributor notes', () => {
    expect(shipped).toEqual(expect.arrayContaining(['README.md', 'CHANGELOG.md', 'docs/service.md', 'docs/performance.md']));
    expect(shipped).not.toContain('CONTRIBUTING.md');
    expect(shipped.filter((f) => f.startsWith('docs/contributing/'))).toEqual([]);
  });

  it('name no issue, pass or branch', () => {
    // The pending changesets too: a release writes them into CHANGELOG.md.
    const changesets = readdirSync(join(ROOT, '.changeset'))
      .filter((f) => f.endsWith('.md') && f !== 'README.md')
      .map((f) => `.changeset/${f}`);
    const found = [...shipped, ...changesets].flatMap((doc) =>
      readFileSync(join(ROOT, doc), 'utf8')
        .split('\n')
        .flatMap((line, i) => {
          const what = historyIn(line);
          return what ? [`${doc}:${i + 1}: ${what}: ${line.trim().slice(0, 120)}`] : [];
        }),
    );
    expect(found).toEqual([]);
  });

  it('tell history from ordinary words', () => {
    for (const line of [
      'before (issue 11)',
      'After issues 31 and 32',
      'see #41',
      '(fixes #7)',
      'the third pass',
      'Fifth pass: the floor',
      'pass 2 measured',
      'built on a branch (`i34rows`)',
      'the ky-free transport (branch `i34rows-ready`)',
    ])
      expect(historyIn(line), line).toBeDefined();
    for (const line of [
      'a call that passes the budget',
      'once RSS passes 188 MiB',
      'Branch on `code` (stable)',
      'a production build drops this branch',
      'the test passes',
      '## Headings',
      'the issue paths (`3.odds1`)',
      'each issue a line',
      'color #fff',
      'page 2 of the issues',
    ])
      expect(historyIn(line), line).toBeUndefined();
  });
});
