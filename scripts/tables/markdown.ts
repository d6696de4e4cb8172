/**
 * The generated blocks of a Markdown document: the text between `<!-- generated: name ... -->` and
 * `<!-- /generated -->`, which `npm run docs:tables` writes and a test keeps as the generator makes it.
 */

const open = (name: string) => `<!-- generated: ${name} (npm run docs:tables) -->`;
const CLOSE = '<!-- /generated -->';

/** The names of the generated blocks of a document, in order. */
export function blockNames(text: string): string[] {
  return [...text.matchAll(/<!-- generated: ([a-z-]+) \(npm run docs:tables\) -->/g)].map((m) => m[1]!);
}

/** Where a block's content starts and ends. */
function spanOf(text: string, name: string): { start: number; end: number } {
  const at = text.indexOf(open(name));
  const end = at < 0 ? -1 : text.indexOf(CLOSE, at);
  if (at < 0 || end < 0 || text.indexOf(open(name), at + 1) >= 0) throw new Error(`no single block ${open(name)} ... ${CLOSE}`);
  return { start: at + open(name).length + 1, end };
}

/**
 * The content of a document's block `name`, without its markers.
 *
 * @throws Error when the document does not hold the block exactly once.
 */
export function blockContent(text: string, name: string): string {
  const { start, end } = spanOf(text, name);
  return text.slice(start, end).trimEnd();
}

/**
 * The document with the content of its block `name` replaced.
 *
 * @throws Error when the document does not hold the block exactly once.
 */
export function withBlock(text: string, name: string, content: string): string {
  const { start, end } = spanOf(text, name);
  return `${text.slice(0, start)}${content.trimEnd()}\n${text.slice(end)}`;
}

/** A Markdown table: a header row, its rule, one row per line; a `|` inside a cell is escaped. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** A name in code: `` `name` ``. */
export const code = (text: string): string => `\`${text}\``;
