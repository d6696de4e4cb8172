import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { absoluteLinks, cdnBase, linkTargets, packedLinkProblems } from '../../scripts/lib/readme-links.mjs';

/**
 * The README's links on the npm page: relative in the repository, made absolute at pack time to the
 * same files of the same version on jsDelivr (scripts/pack-readme.mjs). check:package then checks
 * the packed README against the tarball's files; these tests hold the rewriting itself.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const base = cdnBase('sports-odds-data', '0.1.0');

describe('absoluteLinks', () => {
  it('points relative links at the version on the CDN, and leaves URLs, anchors and code alone', () => {
    const markdown = [
      'See [the rules](docs/service.md#errors), [./testing](./docs/testing.md) and ![console](docs/images/console.png).',
      'Elsewhere: [MSW](https://mswjs.io), [below](#options), `[not a link](docs/x.md)`.',
      '```md',
      '[in a fence](docs/service.md)',
      '```',
    ].join('\n');
    expect(absoluteLinks(markdown, base)).toBe(
      [
        'See [the rules](https://cdn.jsdelivr.net/npm/sports-odds-data@0.1.0/docs/service.md#errors), [./testing](https://cdn.jsdelivr.net/npm/sports-odds-data@0.1.0/docs/testing.md) and ![console](https://cdn.jsdelivr.net/npm/sports-odds-data@0.1.0/docs/images/console.png).',
        'Elsewhere: [MSW](https://mswjs.io), [below](#options), `[not a link](docs/x.md)`.',
        '```md',
        '[in a fence](docs/service.md)',
        '```',
      ].join('\n'),
    );
  });
});

describe('packedLinkProblems', () => {
  const files = ['README.md', 'docs/service.md'];

  it('passes links to files of the tarball, URLs and anchors of the README', () => {
    const readme = `# Title\n\n## Many processes, one account\n\n[a](${base}docs/service.md#errors) [b](https://mswjs.io) [c](#many-processes-one-account)\n`;
    expect(packedLinkProblems(readme, files, base)).toEqual([]);
  });

  it('names a relative link, a file the tarball lacks and an anchor no heading has', () => {
    const readme = `# Title\n\n[a](docs/service.md) [b](${base}docs/testing.md) [c](#nowhere)\n`;
    expect(packedLinkProblems(readme, files, base)).toEqual([
      'docs/service.md: a relative link, dead on the npm page (it must point under https://cdn.jsdelivr.net/npm/sports-odds-data@0.1.0/)',
      `${base}docs/testing.md: the tarball has no docs/testing.md`,
      '#nowhere: no heading of the README has this anchor',
    ]);
  });

  it("finds nothing wrong with the repository's README once rewritten, given the files it links to", () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const linked = linkTargets(readme)
      .filter((t) => !/^(https?:|#)/.test(t))
      .map((t) => t.replace(/#.*$/, ''));
    expect(linked.length).toBeGreaterThan(10);
    // Every linked file ships: a guide of docs/ or a file package.json's "files" names.
    const { files: shipped } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { files: string[] };
    expect(linked.filter((file) => !file.startsWith('docs/') && !shipped.includes(file))).toEqual([]);
    expect(packedLinkProblems(absoluteLinks(readme, base), ['README.md', ...linked], base)).toEqual([]);
  });
});
