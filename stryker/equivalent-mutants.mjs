// Applies the reviewed list of equivalent mutants (equivalent-mutants.json) as Stryker's own
// next-line directives, so production code carries no `// Stryker disable` comments.
import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

/** The reviewed list: { file, line, after?, mutators, reason } per equivalent mutant. */
export const entries = JSON.parse(readFileSync(new URL('./equivalent-mutants.json', import.meta.url), 'utf8'));

/**
 * The 1-based line each entry of `file` covers: the first line whose trimmed text is `entry.line`,
 * after the line `entry.after` when given. Throws when an anchor is missing or ambiguous.
 */
export function locate(file, code) {
  const lines = code.split('\n').map((text) => text.trim());
  const found = new Map();
  for (const entry of entries.filter((e) => e.file === file)) {
    const start = entry.after === undefined ? 0 : lines.indexOf(entry.after) + 1;
    if (entry.after !== undefined && (start === 0 || lines.indexOf(entry.after, start) !== -1)) {
      throw new Error(`${file}: the anchor "${entry.after}" of an equivalent mutant is missing or not unique`);
    }
    const at = lines.indexOf(entry.line, start);
    const end = entry.after === undefined ? lines.length : nextFunction(lines, start);
    if (at === -1 || at >= end || (entry.after === undefined && lines.indexOf(entry.line, at + 1) !== -1)) {
      throw new Error(`${file}: the line "${entry.line}" of an equivalent mutant is missing or not unique`);
    }
    found.set(at + 1, entry);
  }
  return found;
}

function nextFunction(lines, from) {
  const next = lines.findIndex((text, i) => i >= from && /^(export )?(async )?function /.test(text));
  return next === -1 ? lines.length : next;
}

const ignorer = {
  shouldIgnore(path) {
    if (path.node.type !== 'Program') return undefined;
    const file = relative(process.cwd(), path.hub.file.opts.filename).split(sep).join('/');
    const lines = locate(file, path.hub.getCode());
    if (lines.size === 0) return undefined;
    // The outermost node that starts on a listed line gets the directive, as a comment above it would.
    path.traverse({
      enter(inner) {
        const line = inner.node.loc?.start.line;
        const entry = lines.get(line);
        if (entry === undefined) return;
        lines.delete(line);
        const value = ` Stryker disable next-line ${entry.mutators.join(',')}: ${entry.reason}`;
        inner.node.leadingComments = [...(inner.node.leadingComments ?? []), { type: 'CommentLine', value, loc: inner.node.loc }];
      },
    });
    return undefined;
  },
};

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, 'equivalent-mutants', ignorer)];
