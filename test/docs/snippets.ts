import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One `ts` code block of a Markdown document. */
export interface Snippet {
  /** The document, relative to the repository. */
  file: string;
  /** Line of the document where the code starts (1-based). */
  line: number;
  /** The words after the language of the info string (`fragment`). */
  flags: string[];
  /** Declarations to check the code against, from a `<!-- ts-context ... -->` comment right above the block. */
  context: string;
  code: string;
}

const FENCE = /^(`{3,})(ts|typescript)\b([^\n`]*)$/;
/** The ts-context comment that ends right above a block (never one further up: the capture cannot cross a `-->`). */
const CONTEXT = /<!--\s*ts-context\s*((?:(?!-->)[\s\S])*)-->\s*$/;

/**
 * Every ```ts (or ```typescript) block of a Markdown text, with its flags and the hidden context
 * comment just above it.
 *
 * @example
 * extractSnippets('README.md', readFileSync('README.md', 'utf8'));
 */
export function extractSnippets(file: string, markdown: string): Snippet[] {
  const lines = markdown.split('\n');
  const snippets: Snippet[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i] as string);
    if (!open) continue;
    const fence = open[1] as string;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !(lines[end] as string).startsWith(fence)) end++;
    const before = lines.slice(Math.max(0, i - 30), i).join('\n');
    snippets.push({
      file,
      line: start + 1,
      flags: (open[3] ?? '').trim().split(/\s+/).filter(Boolean),
      context: CONTEXT.exec(before)?.[1]?.trim() ?? '',
      code: lines.slice(start, end).join('\n'),
    });
    i = end;
  }
  return snippets;
}

/** The Markdown documents whose snippets are checked: README.md and docs/*.md. */
export function documents(root: string): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`);
  return ['README.md', ...docs.sort()];
}

/** Every snippet of the repository's documents. */
export function allSnippets(root: string): Snippet[] {
  return documents(root).flatMap((file) => extractSnippets(file, readFileSync(join(root, file), 'utf8')));
}
