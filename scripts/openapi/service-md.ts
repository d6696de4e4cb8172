import { readFileSync } from 'node:fs';

/**
 * docs/service.md as the document's descriptions read it: its sections by heading, and the rows of
 * its tables. The document quotes the page rather than restating it, so the two never disagree.
 */
export class ServicePage {
  private readonly lines: string[];

  constructor(text = readFileSync('docs/service.md', 'utf8')) {
    this.lines = text.split('\n');
  }

  /** The text under a heading, to the next heading of the same or a higher level. */
  section(heading: string): string {
    const start = this.lines.findIndex((line) => /^#{2,3} /.test(line) && line.replace(/^#+ /, '') === heading);
    if (start < 0) throw new Error(`docs/service.md has no section "${heading}"`);
    const level = this.lines[start]!.indexOf(' ');
    const end = this.lines.findIndex((line, i) => i > start && /^#+ /.test(line) && line.indexOf(' ') <= level);
    return this.lines
      .slice(start + 1, end < 0 ? undefined : end)
      .join('\n')
      .trim();
  }

  /** The first paragraph of a section. */
  lead(heading: string): string {
    return this.section(heading).split('\n\n')[0]!.replace(/\n/g, ' ');
  }

  /** The rows of the tables of a section, each as its header's names to its cells. */
  rows(heading: string): Record<string, string>[] {
    const out: Record<string, string>[] = [];
    let header: string[] | undefined;
    for (const line of this.section(heading).split('\n')) {
      if (!line.startsWith('|')) {
        header = undefined;
        continue;
      }
      const cells = line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim());
      if (header === undefined) header = cells;
      else if (!cells.every((cell) => /^-+$/.test(cell))) out.push(Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
    }
    return out;
  }
}

/** The names a table cell lists in backticks (`` `a`, `b` (aliases `c`) `` gives a, b, c). */
export const namesIn = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
