import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { allSnippets, extractSnippets, PARTIAL, partialProblems, type Snippet } from './snippets';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The package's entry points, resolved to the sources (what a user imports by name). */
const ENTRIES: Record<string, string> = {
  'sports-odds-data': 'src/index.ts',
  'sports-odds-data/schemas': 'src/schemas/public.ts',
  'sports-odds-data/odds': 'src/odds/index.ts',
  'sports-odds-data/node': 'src/node/index.ts',
  'sports-odds-data/redis': 'src/redis/index.ts',
  'sports-odds-data/mocks': 'mocks/index.ts',
  'sports-odds-data/mocks/node': 'mocks/server/node.ts',
  'sports-odds-data/mcp': 'src/mcp/index.ts',
};

/** The repository's strict compiler options, with the package names mapped to the sources. */
function compilerOptions(): ts.CompilerOptions {
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  return {
    ...parsed.options,
    noEmit: true,
    baseUrl: root,
    paths: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, [file]])),
  };
}

const snippetPath = (s: Snippet, index: number) => join(root, '.snippets', `${s.file.replace(/[/.]/g, '_')}_${index}.ts`);

/**
 * Type-checks snippets as modules, in one program; returns their errors as `file:line: message`.
 * A block's hidden declarations go after its code (declarations hold for the whole module), so
 * that the code's first lines stay first: a `/// <reference>` directive must open the file.
 */
function typeCheck(snippets: readonly Snippet[]): string[] {
  const options = compilerOptions();
  const files = new Map<string, { snippet: Snippet; text: string; codeLines: number }>();
  snippets.forEach((snippet, i) => {
    files.set(snippetPath(snippet, i), {
      snippet,
      text: `${snippet.code}\n${snippet.context}\nexport {};\n`,
      codeLines: snippet.code.split('\n').length,
    });
  });
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (name) => files.has(name) || fileExists.call(host, name);
  host.readFile = (name) => files.get(name)?.text ?? readFile.call(host, name);
  host.getSourceFile = (name, language, onError, create) => {
    const file = files.get(name);
    return file ? ts.createSourceFile(name, file.text, language, true) : getSourceFile.call(host, name, language, onError, create);
  };
  const program = ts.createProgram([...files.keys()], options, host);
  const errors: string[] = [];
  for (const [name, { snippet, codeLines }] of files) {
    const source = program.getSourceFile(name);
    for (const d of [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]) {
      const { line } = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : { line: 0 };
      const where = line < codeLines ? `${snippet.file}:${snippet.line + line}` : `${snippet.file}:${snippet.line - 1} (ts-context)`;
      errors.push(`${where}: TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    }
  }
  return errors;
}

describe('the ts code blocks of README.md and docs/*.md', () => {
  const snippets = allSnippets(root);

  it('are found, with no flags (every block is compiled)', () => {
    expect(snippets.length).toBeGreaterThan(5);
    for (const s of snippets) expect(s.flags, `${s.file}:${s.line} has flags ${s.flags.join(' ')}`).toEqual([]);
  });

  it('type-check under the repository strict settings', { timeout: 120_000 }, () => {
    expect(typeCheck(snippets)).toEqual([]);
  });

  it('compile as rendered, or say on their first line that they are partial and what they assume', () => {
    expect(snippets.flatMap(partialProblems)).toEqual([]);
  });

  it('fail the build when a snippet does not compile', { timeout: 120_000 }, () => {
    const broken = extractSnippets(
      'broken.md',
      [
        '<!-- ts-context',
        "declare const odds: import('sports-odds-data').SportsOdds;",
        '-->',
        '```ts',
        `${PARTIAL} \`odds\` is a client.`,
        'const upcoming = await odds.events.list({ sport_id: 29, limit: 20 });',
        'await odds.request("events.odds", { params: { event_id: upcoming[0].event_id } });',
        '```',
      ].join('\n'),
    );
    expect(partialProblems(broken[0] as Snippet)).toEqual([]);
    const errors = typeCheck(broken);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatch(/^broken\.md:7: TS(2532|18048|2322)/);
  });

  it('refuse hidden context that a block does not own up to, or that imports for it', () => {
    const [silent, importing, named] = extractSnippets(
      'hidden.md',
      [
        '<!-- ts-context',
        "declare const odds: import('sports-odds-data').SportsOdds;",
        '-->',
        '```ts',
        'await odds.catalog.sports();',
        '```',
        '<!-- ts-context',
        "import { SportsOdds } from 'sports-odds-data';",
        'declare const odds: SportsOdds;',
        '-->',
        '```ts',
        `${PARTIAL} \`odds\` is a client.`,
        'await odds.catalog.sports();',
        '```',
        '<!-- ts-context',
        "declare const odds: import('sports-odds-data').SportsOdds;",
        'declare function save(x: unknown): void;',
        '-->',
        '```ts',
        `${PARTIAL} \`odds\` is a client.`,
        'save(await odds.catalog.sports());',
        '```',
      ].join('\n'),
    ) as [Snippet, Snippet, Snippet];
    expect(partialProblems(silent)).toEqual([expect.stringMatching(/^hidden\.md:5: the block leans on hidden declarations \(odds\)/)]);
    expect(partialProblems(importing)).toEqual([
      expect.stringMatching(/^hidden\.md:12: its hidden ts-context holds more than declarations/),
    ]);
    expect(partialProblems(named)).toEqual([expect.stringMatching(/hidden declarations \(odds, save\)/)]);
  });
});
