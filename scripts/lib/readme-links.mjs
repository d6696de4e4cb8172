// The README's links as npm shows them. In the repository they are relative (`docs/service.md`), which
// GitHub-like viewers and TypeDoc resolve; the npm page has no files beside it, so at pack time each
// relative link becomes an absolute one to the same file of the same version's tarball on jsDelivr,
// a CDN that serves every file of every published npm package.

/** Where a published version's files are served: `https://cdn.jsdelivr.net/npm/<name>@<version>/`. */
export const cdnBase = (name, version) => `https://cdn.jsdelivr.net/npm/${name}@${version}/`;

/** Inline Markdown links and images, `[text](target)` / `![alt](target)`, outside code. */
const LINK = /(!?\[[^\]]*\]\()([^)\s]+)(\))/g;

/** A target that is not relative to the file: a URL with a scheme, a protocol-relative URL, or an anchor. */
const isAbsolute = (target) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//') || target.startsWith('#');

/**
 * Applies `change` to every link target of a Markdown text outside fenced code blocks and inline code.
 *
 * @example
 * mapLinks('[the rules](docs/service.md)', (t) => t.toUpperCase()); // '[the rules](DOCS/SERVICE.MD)'
 */
function mapLinks(markdown, change) {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*```/.test(line)) {
        fenced = !fenced;
        return line;
      }
      if (fenced) return line;
      // Inline code spans are left as they are: only the text between them is rewritten.
      return line
        .split(/(`[^`]*`)/)
        .map((part) => (part.startsWith('`') ? part : part.replace(LINK, (_, open, target, close) => `${open}${change(target)}${close}`)))
        .join('');
    })
    .join('\n');
}

/**
 * The README with every relative link made absolute under `base` (anchors and URLs kept).
 *
 * @example
 * absoluteLinks('[rules](docs/service.md#errors)', cdnBase('sports-odds-data', '0.1.0'));
 * // '[rules](https://cdn.jsdelivr.net/npm/sports-odds-data@0.1.0/docs/service.md#errors)'
 */
export function absoluteLinks(markdown, base) {
  return mapLinks(markdown, (target) => (isAbsolute(target) ? target : new URL(target.replace(/^\.\//, ''), base).href));
}

/**
 * Every link target of a Markdown text, outside code.
 *
 * @example
 * linkTargets('see [a](b.md) and `[c](d)`'); // ['b.md']
 */
export function linkTargets(markdown) {
  const targets = [];
  mapLinks(markdown, (target) => {
    targets.push(target);
    return target;
  });
  return targets;
}

/** The anchor a heading gets on GitHub and npm: lower case, punctuation dropped, spaces as hyphens. */
export const headingAnchor = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/**
 * What is wrong with the links of a packed README, given the tarball's files: a relative link (dead
 * on npm), a link under `base` to a file the tarball lacks, an anchor no heading has.
 *
 * @example
 * packedLinkProblems(readme, ['README.md', 'docs/service.md'], cdnBase('sports-odds-data', '0.1.0'));
 * // [] when every link resolves
 */
export function packedLinkProblems(markdown, files, base) {
  let fenced = false;
  const headings = markdown.split('\n').filter((line) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    return !fenced && /^#{1,6} /.test(line);
  });
  const anchors = new Set(headings.map((line) => headingAnchor(line.replace(/^#+ /, ''))));
  const problems = [];
  for (const target of linkTargets(markdown)) {
    if (target.startsWith('#')) {
      if (!anchors.has(target.slice(1))) problems.push(`${target}: no heading of the README has this anchor`);
    } else if (target.startsWith(base)) {
      const file = decodeURIComponent(target.slice(base.length).replace(/[#?].*$/, ''));
      if (!files.includes(file)) problems.push(`${target}: the tarball has no ${file}`);
    } else if (!/^https?:\/\//.test(target)) {
      problems.push(`${target}: a relative link, dead on the npm page (it must point under ${base})`);
    }
  }
  return problems;
}
