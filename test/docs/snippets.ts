import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** One `ts` code block of a Markdown document. */
export interface Snippet {
  /** The document, relative to the repository. */
  file: string;
  /** Line of the document where the code starts (1-based). */
  line: number;
  /** The words after the language of the info string (none are defined: every block is compiled). */
  flags: string[];
  /**
   * Declarations to check the code against, from a `<!-- ts-context ... -->` comment right above the
   * block (not rendered: a block that needs one says so on its first line, see `partialProblems`).
   */
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

/** The marker of a block that leans on names it does not define, on its first, visible line. */
export const PARTIAL = '// Partial:';

/**
 * What is wrong with a block's hidden context, if anything. A block compiles as rendered (no hidden
 * context), or it says on its first line that it is partial (`// Partial: ...`), naming in backticks
 * every name its hidden context declares; the hidden context holds `declare` statements only (no
 * import, no value: what the block uses from the package, it imports where the reader sees it).
 *
 * @example
 * partialProblems({ ...snippet, context: 'declare const odds: import("sports-odds-data").SportsOdds;', code: 'await odds.catalog.sports();' });
 * // ['README.md:12: the block leans on hidden declarations (odds): its first line must say so: "// Partial: ... `odds` ..."']
 */
export function partialProblems(snippet: Snippet): string[] {
  if (snippet.context === '') return [];
  const where = `${snippet.file}:${snippet.line}`;
  const source = ts.createSourceFile('context.ts', snippet.context, ts.ScriptTarget.ES2022, true);
  const problems: string[] = [];
  const names: string[] = [];
  for (const statement of source.statements) {
    const declared = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword);
    if (declared && ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) names.push(d.name.text);
    } else if (declared && (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) {
      names.push(statement.name.text);
    } else {
      problems.push(
        `${where}: its hidden ts-context holds more than declarations: \`${statement.getText().split('\n')[0]}\` (show it in the block)`,
      );
    }
  }
  const first = snippet.code.split('\n')[0] ?? '';
  const unnamed = names.filter((name) => !first.includes(`\`${name}\``));
  if (names.length > 0 && (!first.startsWith(PARTIAL) || unnamed.length > 0)) {
    problems.push(
      `${where}: the block leans on hidden declarations (${names.join(', ')}): its first line must say so: "${PARTIAL} ... ${names.map((n) => `\`${n}\``).join(', ')} ..."`,
    );
  }
  return problems;
}
