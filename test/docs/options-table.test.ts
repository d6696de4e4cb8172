import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The options table of docs/sdk.md is the client's public options, no more and no less: an option the
 * declaration files mark `@internal` (left out of the API pages) is never shown to users, and a
 * public one is never missing from the table.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The properties of `ClientOptions`, each with whether its JSDoc marks it `@internal`. */
function clientOptions(): Map<string, boolean> {
  const file = join(root, 'src/core/types/options.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const options = new Map<string, boolean>();
  source.forEachChild((node) => {
    if (!ts.isInterfaceDeclaration(node) || node.name.text !== 'ClientOptions') return;
    for (const member of node.members) {
      if (!ts.isPropertySignature(member) || !ts.isIdentifier(member.name)) continue;
      const internal = ts.getJSDocTags(member).some((tag) => tag.tagName.text === 'internal');
      options.set(member.name.text, internal);
    }
  });
  return options;
}

/** Every backticked name in the rows of the "## Options" table of docs/sdk.md. */
function tableNames(): Set<string> {
  const doc = readFileSync(join(root, 'docs/sdk.md'), 'utf8');
  const lines = doc.slice(doc.indexOf('\n## Options\n')).split('\n');
  const start = lines.findIndex((line) => line.startsWith('| '));
  const end = lines.findIndex((line, i) => i > start && !line.startsWith('|'));
  const rows = lines.slice(start, end);
  return new Set(rows.flatMap((row) => [...row.matchAll(/`([A-Za-z]+)(?::[^`]*)?`/g)].map((m) => m[1] as string)));
}

describe('the options table of docs/sdk.md', () => {
  const options = clientOptions();
  const names = tableNames();

  it('reads the options and the table', () => {
    expect(options.size).toBeGreaterThan(15);
    expect(names.has('apiKey')).toBe(true);
  });

  it('lists every public option of new SportsOdds()', () => {
    const missing = [...options].filter(([name, internal]) => !internal && !names.has(name)).map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('shows no internal option', () => {
    const shown = [...options].filter(([name, internal]) => internal && names.has(name)).map(([name]) => name);
    expect(shown).toEqual([]);
  });

  it('has the clock and the waits that docs/testing.md gives the client as public options', () => {
    expect(options.get('now')).toBe(false);
    expect(options.get('sleep')).toBe(false);
  });
});
