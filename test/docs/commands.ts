/**
 * The commands the documents tell their reader to run: every line of their ```` ```sh ```` blocks
 * (continuations joined, `&&` chains split, comments dropped), every MCP client configuration of
 * their ```` ```json ```` blocks (`mcpServers` / `servers` entries with a `command`), and every
 * `claude mcp add` line. Read here, without running anything: `commands.test.ts` holds each to a rule
 * of `command-rules.ts` (run by a test, or run by CI or by hand), and the documented-commands suite
 * (`test/doc-commands/`) runs those it runs from these same readings, so it follows the docs' edits.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A word of a shell line: its text with quotes removed, and whether any of it was quoted. */
export interface Word {
  text: string;
  /** `$NAME` / `${NAME}` references outside single quotes, expanded by `expandWords`. */
  raw: string;
}

/** One shell command of a document. */
export interface ShellCommand {
  kind: 'shell';
  file: string;
  /** The line of the document where the command starts (1-based). */
  line: number;
  /** The heading the command is under (`### Claude Code`). */
  heading: string;
  /** As written, continuation lines joined, without its comment. */
  text: string;
  /** Leading `NAME=value` assignments (a line of assignments alone sets shell variables). */
  assignments: Record<string, string>;
  /** Its words, without the leading assignments and a trailing `&`. */
  words: Word[];
  /** Written with a trailing `&`: started in the background. */
  background: boolean;
  /** The comment lines right after it (`# {"reset":true}`): the answer the document shows. */
  answer: string;
}

/** One MCP client configuration of a document: what a client starts, as it would start it. */
export interface McpConfig {
  kind: 'mcp';
  file: string;
  line: number;
  heading: string;
  /** Where it comes from: a JSON block's server entry, or a `claude mcp add` line. */
  source: 'json' | 'claude mcp add';
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
}

export type DocCommand = ShellCommand | McpConfig;

/** A fenced code block: its language, where its text starts, its text, and the prose right before it. */
export interface Block {
  file: string;
  language: string;
  /** Line of the document where the block's first line of code is (1-based). */
  line: number;
  heading: string;
  code: string;
  /** The paragraph just above the block (empty when a block or heading is right above it). */
  intro: string;
}

/**
 * The fenced code blocks of a Markdown document, each with its heading and the paragraph above it.
 *
 * @example
 * blocksOf('README.md', readFileSync('README.md', 'utf8')).filter((b) => b.language === 'sh');
 */
export function blocksOf(file: string, markdown: string): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  let heading = '';
  let prose: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const open = /^(`{3,})(\S*)/.exec(line);
    if (!open) {
      if (/^#{1,6} /.test(line)) {
        heading = line;
        prose = [];
      } else if (line.trim() === '') {
        if (prose.length > 0 && prose.at(-1) !== '') prose.push('');
      } else if (!line.startsWith('<!--')) {
        if (prose.at(-1) === '') prose = [];
        prose.push(line);
      }
      continue;
    }
    const fence = open[1] as string;
    let end = i + 1;
    while (end < lines.length && !(lines[end] as string).startsWith(fence)) end++;
    blocks.push({
      file,
      language: open[2] ?? '',
      line: i + 2,
      heading,
      code: lines.slice(i + 1, end).join('\n'),
      intro: prose.filter((l) => l !== '').join('\n'),
    });
    prose = [];
    i = end;
  }
  return blocks;
}

/** A parse of a shell text that this reader does not take (a pipe, a redirection of its own, a subshell). */
export class ShellSyntaxError extends Error {}

interface Token {
  type: 'word' | 'op';
  text: string;
  raw: string;
  /** Index of the token's first character in the text, and of the character after it. */
  at: number;
  end: number;
}

/** Splits a shell text into words and the operators `&&`, `;`, `&` and newlines, with quotes and comments. */
function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    if (c === '\\' && source[i + 1] === '\n') {
      i += 2;
    } else if (c === ' ' || c === '\t') {
      i++;
    } else if (c === '\n' || c === ';') {
      tokens.push({ type: 'op', text: c === ';' ? ';' : '\n', raw: c, at: i, end: i + 1 });
      i++;
    } else if (c === '#') {
      while (i < source.length && source[i] !== '\n') i++;
    } else if (c === '&') {
      const op = source[i + 1] === '&' ? '&&' : '&';
      tokens.push({ type: 'op', text: op, raw: op, at: i, end: i + op.length });
      i += op.length;
    } else if (c === '|' || c === '(' || c === ')' || c === '`') {
      throw new ShellSyntaxError(`\`${c}\` at ${JSON.stringify(source.slice(Math.max(0, i - 20), i + 20))}: not a plain command`);
    } else {
      const at = i;
      let text = '';
      let raw = '';
      while (i < source.length && !/[\s;&|()#`]/.test(source[i] as string)) {
        const ch = source[i] as string;
        if (ch === "'") {
          const close = source.indexOf("'", i + 1);
          if (close < 0) throw new ShellSyntaxError(`an unclosed ' at ${JSON.stringify(source.slice(i, i + 40))}`);
          const quoted = source.slice(i + 1, close);
          text += quoted;
          // Single quotes: nothing inside is a variable.
          raw += quoted.replaceAll('$', '\u0000');
          i = close + 1;
        } else if (ch === '"') {
          let j = i + 1;
          let quoted = '';
          while (j < source.length && source[j] !== '"') {
            if (source[j] === '\\' && /["\\$`]/.test(source[j + 1] ?? '')) j++;
            quoted += source[j];
            j++;
          }
          if (j >= source.length) throw new ShellSyntaxError(`an unclosed " at ${JSON.stringify(source.slice(i, i + 40))}`);
          text += quoted;
          raw += quoted;
          i = j + 1;
        } else if (ch === '\\') {
          text += source[i + 1] ?? '';
          raw += source[i + 1] ?? '';
          i += 2;
        } else {
          text += ch;
          raw += ch;
          i++;
        }
      }
      tokens.push({ type: 'word', text, raw, at, end: i });
    }
  }
  return tokens;
}

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;

/**
 * The commands of one ```` ```sh ```` block: one per line (or per `&&` / `;`), continuations and
 * quoted newlines joined, comments dropped; the comment lines right after a command are its answer.
 *
 * @example
 * shellCommands({ file: 'README.md', line: 10, heading: '## Use it', code: 'npm ci && npm test   # both', language: 'sh', intro: '' });
 * // two commands: npm ci, npm test (both at README.md:10)
 */
export function shellCommands(block: Block): ShellCommand[] {
  const tokens = tokenize(block.code);
  const lineAt = (index: number) => block.line + (block.code.slice(0, index).match(/\n/g)?.length ?? 0);
  const lines = block.code.split('\n');
  const commands: ShellCommand[] = [];
  let current: Token[] = [];
  const flush = (background: boolean) => {
    const first = current[0];
    const last = current.at(-1);
    if (!first || !last) return;
    const assignments: Record<string, string> = {};
    let k = 0;
    for (; k < current.length; k++) {
      const m = ASSIGNMENT.exec((current[k] as Token).text);
      if (!m) break;
      assignments[m[1] as string] = m[2] as string;
    }
    // The comment lines right after the command's last line are the answer the document shows for it.
    const answer: string[] = [];
    for (let l = lineAt(last.end) - block.line + 1; l < lines.length && /^\s*#/.test(lines[l] as string); l++) {
      answer.push((lines[l] as string).replace(/^\s*#\s?/, ''));
    }
    commands.push({
      kind: 'shell',
      file: block.file,
      line: lineAt(first.at),
      heading: block.heading,
      text: block.code.slice(first.at, last.end).replace(/\\\n\s*/g, ''),
      assignments,
      words: current.slice(k).map((t) => ({ text: t.text, raw: t.raw })),
      background,
      answer: answer.join('\n'),
    });
    current = [];
  };
  for (const token of tokens) {
    if (token.type === 'word') current.push(token);
    else flush(token.text === '&');
  }
  flush(false);
  return commands;
}

/**
 * Expands `$NAME` and `${NAME}` in words (outside single quotes) from `vars`; a name it does not
 * know is left as written.
 *
 * @example
 * expandWords([{ text: '$A/reset', raw: '$A/reset' }], { A: 'http://127.0.0.1:4010/__admin' }); // ['http://127.0.0.1:4010/__admin/reset']
 */
export function expandWords(words: readonly Word[], vars: Readonly<Record<string, string>>): string[] {
  return words.map((word) =>
    word.raw.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (whole, name: string) => vars[name] ?? whole).replaceAll('\u0000', '$'),
  );
}

/** The MCP server entries of a parsed JSON block (Claude Desktop's and Cursor's `mcpServers`, VS Code's `servers`). */
function serverEntries(json: unknown): [string, { command?: unknown; args?: unknown; env?: unknown }][] {
  if (typeof json !== 'object' || json === null) return [];
  const entries: [string, { command?: unknown; args?: unknown; env?: unknown }][] = [];
  for (const key of ['mcpServers', 'servers']) {
    const servers = (json as Record<string, unknown>)[key];
    if (typeof servers !== 'object' || servers === null) continue;
    for (const [name, entry] of Object.entries(servers)) {
      if (typeof entry === 'object' && entry !== null && 'command' in entry) entries.push([name, entry]);
    }
  }
  return entries;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
const stringRecord = (value: unknown): Record<string, string> =>
  typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)])) : {};

/**
 * The MCP client configuration of a `claude mcp add` command: `claude mcp add [options] <name> --
 * <command> [args...]`, with `--env K=V` / `-e K=V` for its environment.
 *
 * @example
 * claudeMcpAdd(command); // { name: 'sports-odds', command: 'npx', args: [...], env: { SPORTS_ODDS_API_KEY: '...' } }
 */
export function claudeMcpAdd(command: ShellCommand): McpConfig | undefined {
  const words = command.words.map((w) => w.text);
  if (words[0] !== 'claude' || words[1] !== 'mcp' || words[2] !== 'add') return undefined;
  const dash = words.indexOf('--');
  const options = words.slice(3, dash < 0 ? undefined : dash);
  const env: Record<string, string> = {};
  let name = '';
  for (let i = 0; i < options.length; i++) {
    const option = options[i] as string;
    if (option === '--env' || option === '-e') {
      const m = ASSIGNMENT.exec(options[++i] ?? '');
      if (m) env[m[1] as string] = m[2] as string;
    } else if (/^--(scope|transport|header)$|^-[sth]$/.test(option)) i++;
    else if (!option.startsWith('-')) name = option;
  }
  const [program = '', ...args] = dash < 0 ? [] : words.slice(dash + 1);
  return {
    kind: 'mcp',
    file: command.file,
    line: command.line,
    heading: command.heading,
    source: 'claude mcp add',
    name,
    command: program,
    args,
    env,
  };
}

/**
 * Every command of one document: its shell commands and MCP configurations, in document order.
 * A shell block this reader cannot take, or a JSON block that does not parse, throws, naming it.
 */
export function documentCommands(file: string, markdown: string): DocCommand[] {
  const commands: DocCommand[] = [];
  for (const block of blocksOf(file, markdown)) {
    if (/^(sh|bash|shell|console)$/.test(block.language)) {
      try {
        for (const command of shellCommands(block)) commands.push(claudeMcpAdd(command) ?? command);
      } catch (error) {
        if (error instanceof ShellSyntaxError) throw new ShellSyntaxError(`${file}:${block.line}: ${error.message}`);
        throw error;
      }
    } else if (/^jsonc?$/.test(block.language)) {
      let json: unknown;
      try {
        json = JSON.parse(block.code);
      } catch (error) {
        throw new Error(`${file}:${block.line}: a json block that does not parse: ${(error as Error).message}`);
      }
      for (const [name, entry] of serverEntries(json)) {
        const at = block.code.split('\n').findIndex((l) => l.includes(`"${name}"`));
        commands.push({
          kind: 'mcp',
          file,
          line: block.line + Math.max(0, at),
          heading: block.heading,
          source: 'json',
          name,
          command: String(entry.command),
          args: strings(entry.args),
          env: stringRecord(entry.env),
        });
      }
    }
  }
  return commands;
}

/** The documents whose commands are read: README.md and docs/*.md (shipped), CONTRIBUTING.md and docs/contributing/*.md (not). */
export function commandDocuments(root: string): string[] {
  const md = (dir: string) =>
    readdirSync(join(root, dir))
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((f) => `${dir}/${f}`);
  return ['README.md', ...md('docs'), 'CONTRIBUTING.md', ...md('docs/contributing')];
}

/** Every command of every document. */
export function allCommands(root: string): DocCommand[] {
  return commandDocuments(root).flatMap((file) => documentCommands(file, readFileSync(join(root, file), 'utf8')));
}

/** How a command is named in a test's title and in messages: `docs/mcp.md:44 (Claude Desktop): npx -y ...`. */
export function describeCommand(command: DocCommand): string {
  const where = `${command.file}:${command.line}`;
  if (command.kind === 'shell') return `${where}: ${command.text.replace(/\s*\n\s*/g, ' ')}`;
  const heading = command.heading.replace(/^#+\s*/, '');
  return `${where} (${heading}, ${command.source}): ${[command.command, ...command.args].join(' ')}`;
}
