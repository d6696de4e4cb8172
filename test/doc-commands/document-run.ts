/**
 * One document's commands, run in its order as a reader runs them: from an empty folder of its own
 * (its install lines first; a document without any starts from the README's install line), its
 * servers kept running for the commands after them, its shell variables kept, the ids its answers
 * gave kept for the placeholders of later commands (`key_...`).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startMockServer } from '../../mocks/server/node';
import type { Runner } from '../docs/command-rules';
import { blocksOf, type DocCommand, expandWords, type McpConfig, type ShellCommand } from '../docs/commands';
import { ROOT } from '../examples/run-example';
import { exerciseMcpServer } from './mcp-client';
import { type Ended, type Running, runToEnd, startServer, stop, tail } from './processes';
import { atAddress, freePort, npxProblem, npxWithTarball, parseNpx, type Service, withService, withTarball } from './substitute';

/** What every document's run shares: where it works, the reader's environment, the tarball, the service. */
export interface Suite {
  work: string;
  env: Record<string, string>;
  tarball: string;
  /** A standalone mock in place of the service, for the commands that need one. */
  service: Service;
}

const INSTALL_MS = 240_000;
const SERVER_MS = 60_000;
const MCP_MS = 240_000;

/** Fails with what the process printed unless it exited 0. */
function expectSuccess(ended: Ended, what: string): void {
  if (ended.code === 0 && !ended.timedOut) return;
  const how = ended.timedOut ? 'did not end in time' : `exited with ${ended.code ?? ended.signal}`;
  throw new Error(`${what} ${how}:\n${tail(ended)}`);
}

/** The service's error envelope: `{ "error": { "code", "message", ... } }` and nothing else. */
const isEnvelope = (body: unknown): boolean => {
  if (typeof body !== 'object' || body === null || Object.keys(body).length !== 1) return false;
  const error = (body as { error?: { code?: unknown; message?: unknown } }).error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
};

/** Whether two JSON values have the same fields and kinds of values, at every depth. */
function sameShape(expected: unknown, actual: unknown): boolean {
  if (Array.isArray(expected))
    return Array.isArray(actual) && (expected.length === 0 || actual.length === 0 || sameShape(expected[0], actual[0]));
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return false;
    const keys = Object.keys(expected);
    return (
      keys.length === Object.keys(actual).length &&
      keys.every((key) => key in actual && sameShape((expected as Record<string, unknown>)[key], (actual as Record<string, unknown>)[key]))
    );
  }
  return expected === null ? actual === null : typeof expected === typeof actual;
}

/** The top-level field names of a JSON value: an object's, or its first element's for a list. */
const topKeys = (value: unknown): string[] => {
  const record = Array.isArray(value) ? value[0] : value;
  return typeof record === 'object' && record !== null ? Object.keys(record) : [];
};

/**
 * The top-level field names of an answer as a document shows it (not JSON: `...` stands for what
 * it leaves out): the names at the first object's own depth, or its first element's for a list.
 *
 * @example
 * shownTopKeys('[{"email":"a","daily":{...},"charges":[{"cost":3}]}]'); // ['email', 'daily', 'charges']
 */
export function shownTopKeys(shown: string): string[] {
  const depthOf = shown.trimStart().startsWith('[') ? 2 : 1;
  const keys: string[] = [];
  let depth = 0;
  for (let i = 0; i < shown.length; i++) {
    const c = shown[i];
    if (c === '"') {
      const end = shown.indexOf('"', i + 1);
      if (end < 0) break;
      if (depth === depthOf && /^\s*:/.test(shown.slice(end + 1))) keys.push(shown.slice(i + 1, end));
      i = end;
    } else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      // Only the first element of a list is read.
      if (depth < depthOf) break;
    }
  }
  return [...new Set(keys)];
}

export class DocumentRun {
  #dir: string | undefined;
  /** The folder a `cd` of the document entered, if one did. */
  #cwd: string | undefined;
  #installed = false;
  /** The folder of the document's first install. */
  #installedAt: string | undefined;
  #vars: Record<string, string> = {};
  #server: { running: Running; url: string } | undefined;
  /** The answers of the document's requests so far, newest last. */
  #answers: string[] = [];
  #clients = 0;

  constructor(
    private readonly suite: () => Suite,
    private readonly file: string,
    /** The install lines to run first when the document has none of its own (the README's). */
    private readonly prerequisite: readonly ShellCommand[],
  ) {}

  /** The document's folder: empty until its first command runs. */
  get dir(): string {
    this.#dir ??= mkdtempSync(join(this.suite().work, `${this.file.replace(/\W+/g, '-')}-`));
    return this.#dir;
  }

  /** The reader's environment, with a command's own leading assignments. */
  #env(extra: Record<string, string> = {}): Record<string, string> {
    return { ...this.suite().env, ...extra };
  }

  /** Runs one command of the document as its runner says. */
  async run(command: DocCommand, runner: Runner): Promise<void> {
    if (command.kind === 'mcp') return this.#mcpConfig(command);
    switch (runner) {
      case 'assign':
        Object.assign(this.#vars, command.assignments);
        return;
      case 'install':
        return this.#install(command);
      case 'program':
        return this.#program(command);
      case 'mock-server':
        return this.#mockServer(command, this.#here);
      case 'clone-server':
        return this.#mockServer(command, ROOT);
      case 'clone-script':
        return expectSuccess(
          await runToEnd(command.words[0]?.text ?? '', this.#words(command).slice(1), { cwd: ROOT, env: this.#env() }, SERVER_MS * 2),
          command.text,
        );
      case 'mock-verify':
        return this.#verify(command);
      case 'mcp-stdio':
        return this.#mcpStdio(command);
      case 'msw-init':
        return this.#mswInit(command);
      case 'curl':
        return this.#curl(command);
      case 'folder':
        return this.#folder(command);
      case 'installed-bin':
        return this.#installedBin(command);
      case 'mcp-config':
        throw new Error(`${command.text}: not an MCP configuration`);
    }
  }

  /** The command's words, its variables expanded, and a leading `~` the reader's home (the suite's own). */
  #words(command: ShellCommand): string[] {
    const home = this.suite().env['HOME'] ?? this.dir;
    return expandWords(command.words, this.#vars).map((word) => word.replace(/^~(?=\/|$)/, home));
  }

  /** Where the document's commands run now: its own empty folder, or the one a `cd` of it entered. */
  get #here(): string {
    return this.#cwd ?? this.dir;
  }

  /** `mkdir -p <folder>` makes it; `cd <folder>` runs the commands after it there (it must exist). */
  #folder(command: ShellCommand): void {
    const [program, ...rest] = this.#words(command);
    const folder = rest.at(-1) as string;
    if (program === 'mkdir') {
      mkdirSync(folder, { recursive: true });
      return;
    }
    if (!existsSync(folder)) throw new Error(`\`${command.text}\`: ${folder} does not exist (no command before it made it)`);
    this.#cwd = folder;
  }

  /** `node <installed bin> --help`: the bin the document's install put there prints its flags. */
  async #installedBin(command: ShellCommand): Promise<void> {
    const [, bin = '', ...args] = this.#words(command);
    if (!existsSync(bin)) throw new Error(`\`${command.text}\`: ${bin} is not there (the document's install did not put it there)`);
    const ended = await runToEnd(process.execPath, [bin, ...args], { cwd: this.#here, env: this.#env() }, SERVER_MS);
    expectSuccess(ended, `\`${command.text}\``);
    if (!/--max-credits|--port/.test(ended.stdout)) throw new Error(`\`${command.text}\` printed no flags:\n${tail(ended)}`);
  }

  async #install(command: ShellCommand): Promise<void> {
    const [program = '', ...args] = this.#words(command).map((word) => withTarball(word, this.suite().tarball));
    expectSuccess(
      await runToEnd(program, args, { cwd: this.#here, env: this.#env(command.assignments) }, INSTALL_MS),
      `\`${[program, ...args].join(' ')}\``,
    );
    this.#installed = true;
    this.#installedAt ??= this.#here;
  }

  /** The package as the README installs it, for a document that does not say how (it assumes the README's). */
  async #ensureInstalled(): Promise<void> {
    if (this.#installed) return;
    for (const install of this.prerequisite) await this.#install(install);
    this.#installed = true;
  }

  /** Guards an `npx` call: nothing is fetched from the registry but this package and what it depends on. */
  #npx(args: readonly string[], cwd: string): string[] {
    const withOurs = npxWithTarball(args, this.suite().tarball);
    const problem = npxProblem(parseNpx(withOurs), cwd, this.suite().tarball);
    if (problem) throw new Error(problem);
    return withOurs;
  }

  /** `node first.mjs`: the block the document says to save under that name, saved and run; its output compared with the one shown. */
  async #program(command: ShellCommand): Promise<void> {
    await this.#ensureInstalled();
    const name = this.#words(command)[1] as string;
    const markdown = readFileSync(join(ROOT, this.file), 'utf8');
    const blocks = blocksOf(this.file, markdown);
    const source = blocks
      .filter((b) => b.line < command.line && /^(ts|js|mjs|typescript|javascript)$/.test(b.language) && b.intro.includes(`\`${name}\``))
      .at(-1);
    if (!source) throw new Error(`${this.file}:${command.line}: no code block above says to save it as \`${name}\``);
    const shown = blocks.find((b) => b.line > command.line && b.intro === '' && b.language === 'text' && b.line - command.line < 6);
    // Every name the paragraph gives the program (`first.mjs`, or `first.ts`) is saved and run.
    const names = [...new Set([name, ...[...source.intro.matchAll(/`([\w.-]+\.(?:mjs|js|ts))`/g)].map((m) => m[1] as string)])];
    for (const file of names) {
      writeFileSync(join(this.#here, file), `${source.code}\n`);
      const ended = await runToEnd(process.execPath, [file], { cwd: this.#here, env: this.#env() }, SERVER_MS);
      expectSuccess(ended, `node ${file}`);
      if (shown && ended.stdout.trim() !== shown.code.trim()) {
        throw new Error(`node ${file} printed:\n${ended.stdout}\nand ${this.file}:${shown.line} shows:\n${shown.code}`);
      }
    }
  }

  /** A standalone mock server: started on a free port, asked a data route with its demo key, kept for the requests after it. */
  async #mockServer(command: ShellCommand, cwd: string): Promise<void> {
    const [program = '', ...rest] = this.#words(command);
    let args = freePort(rest);
    if (program === 'npx') {
      if (cwd !== ROOT) await this.#ensureInstalled();
      args = this.#npx(args, cwd);
    }
    const { running, match } = await startServer(
      program,
      args,
      { cwd, env: this.#env(command.assignments) },
      /listening on (http:\/\/\S+)/,
      SERVER_MS,
    );
    try {
      const url = match[1] as string;
      const key = /demo key[^\n]*?(svc_live_[A-Za-z0-9]+)/.exec(running.output())?.[1] ?? '';
      const origin = args[args.indexOf('--cors-origin') + 1];
      const headers: Record<string, string> = {
        Authorization: `Bearer ${key}`,
        ...(args.includes('--cors-origin') && origin ? { Origin: origin } : {}),
      };
      const res = await fetch(`${url}/v1/catalog/sports`, { headers });
      const sports = (await res.json()) as unknown[];
      if (res.status !== 200 || sports.length !== 44)
        throw new Error(`GET /v1/catalog/sports with the printed demo key answered ${res.status}`);
      if (headers['Origin'] && res.headers.get('access-control-allow-origin') !== origin) {
        throw new Error(`--cors-origin ${origin}: the answer allows ${res.headers.get('access-control-allow-origin')}`);
      }
    } catch (error) {
      await stop(running);
      throw error;
    }
    if (this.#server) await stop(this.#server.running);
    this.#server = { running, url: match[1] as string };
  }

  /** `sports-odds-mock verify`, against a standalone mock of its own in place of the service. */
  async #verify(command: ShellCommand): Promise<void> {
    await this.#ensureInstalled();
    const server = await startMockServer({ port: 0 });
    try {
      const service = { url: server.url, apiKey: server.mock.apiKey };
      const [program = '', ...rest] = this.#words(command).map((word) => withService(word, service));
      const env = Object.fromEntries(Object.entries(command.assignments).map(([k, v]) => [k, withService(v, service)]));
      const args = program === 'npx' ? this.#npx(rest, this.#here) : rest;
      const ended = await runToEnd(program, args, { cwd: this.#here, env: this.#env(env) }, INSTALL_MS);
      // A run with one key cannot check `auth.scope` (a key without account:manage) and says so, exit 3,
      // as the document says; against the mock it must find no drift (exit 1) and give its report.
      if (args.includes('--run') && ended.code === 3 && /\| pass \|/.test(ended.stdout) && !/\| (BREAKING|ADDITIVE) \|/i.test(ended.stdout))
        return;
      expectSuccess(ended, `\`${command.text}\``);
    } finally {
      await server.close();
    }
  }

  /** `npx sports-odds-mcp ...` in the document's folder, driven by the MCP client. */
  async #mcpStdio(command: ShellCommand): Promise<void> {
    const [program = '', ...rest] = this.#words(command);
    // npx naming the packages runs from anywhere: from an empty folder, as a client would; a bare
    // `npx sports-odds-mcp` runs the bin of the project the document installed.
    const named = parseNpx(rest).packages.length > 0;
    const cwd = named ? join(this.suite().work, `client-${++this.#clients}`) : this.#here;
    if (named) mkdirSync(cwd, { recursive: true });
    else await this.#ensureInstalled();
    const args = this.#npx(rest, cwd);
    const { service } = this.suite();
    // Without --mock the server reads the service from the environment, as the document says.
    const serviceEnv = args.includes('--mock') ? {} : { SPORTS_ODDS_API_KEY: service.apiKey, SPORTS_ODDS_BASE_URL: service.url };
    const { sports } = await exerciseMcpServer(
      { command: program, args, env: this.#env({ ...serviceEnv, ...command.assignments }), cwd },
      MCP_MS,
    );
    if (sports !== 44) throw new Error(`catalog_sports answered ${sports} rows, not the catalog's 44`);
  }

  /**
   * An MCP client configuration, started from an empty folder (where Claude Desktop, VS Code and
   * Cursor start it), against the standalone mock in place of the service: the key and URL
   * placeholders filled, the tarball in place of the package, an installed bin's path pointed at
   * the document's own install.
   */
  async #mcpConfig(config: McpConfig): Promise<void> {
    const { service } = this.suite();
    const cwd = join(this.suite().work, `client-${++this.#clients}`);
    mkdirSync(cwd, { recursive: true });
    let args = config.args.map((arg) => withService(arg, service));
    if (config.command === 'npx') args = this.#npx(args, cwd);
    const installedPath = /^(.*)\/node_modules\/sports-odds-data\/(.+)$/;
    if (args.some((arg) => installedPath.test(arg) && !existsSync(arg))) {
      await this.#ensureInstalled();
      args = args.map((arg) =>
        installedPath.test(arg) && !existsSync(arg)
          ? arg.replace(installedPath, `${this.#installedAt ?? this.dir}/node_modules/sports-odds-data/$2`)
          : arg,
      );
    }
    const env = Object.fromEntries(Object.entries(config.env).map(([k, v]) => [k, withService(v, service)]));
    const { sports } = await exerciseMcpServer({ command: config.command, args, env: this.#env(env), cwd }, MCP_MS);
    if (sports !== 44) throw new Error(`catalog_sports answered ${sports} rows, not the catalog's 44`);
  }

  async #mswInit(command: ShellCommand): Promise<void> {
    const [program = '', ...rest] = this.#words(command);
    const args = this.#npx(rest, this.#here);
    expectSuccess(await runToEnd(program, args, { cwd: this.#here, env: this.#env() }, INSTALL_MS), `\`${command.text}\``);
    const worker = join(this.#here, args[args.indexOf('init') + 1] ?? '', 'mockServiceWorker.js');
    if (!existsSync(worker)) throw new Error(`${command.text} wrote no ${worker}`);
  }

  /** The id a placeholder (`key_...`) stands for: the latest of its kind in the answers so far. */
  #latestId(prefix: string): string {
    const pattern = new RegExp(`\\b${prefix}[A-Za-z0-9]+`, 'g');
    for (const answer of [...this.#answers].reverse()) {
      if (isEnvelope(JSON.parse(answer || 'null'))) continue;
      const found = answer.match(pattern)?.at(-1);
      if (found) return found;
    }
    throw new Error(`no answer before it gave an id for the placeholder ${prefix}...`);
  }

  /** A request to the document's mock (or the suite's, when the document starts none), checked against the answer it shows. */
  async #curl(command: ShellCommand): Promise<void> {
    const url = this.#server?.url ?? this.suite().service.url;
    const vars = Object.fromEntries(Object.entries(this.#vars).map(([k, v]) => [k, atAddress(v, url)]));
    const [program = '', ...args] = expandWords(command.words, vars).map((word) =>
      atAddress(word, url).replace(/\b([a-z]+_)\.\.\./g, (_, prefix: string) => this.#latestId(prefix)),
    );
    const ended = await runToEnd(program, args, { cwd: this.#here, env: this.#env(command.assignments) }, SERVER_MS);
    expectSuccess(ended, `\`${[program, ...args].join(' ')}\``);
    if (args.includes('-D')) {
      if (!/^HTTP\/[\d.]+ 2\d\d/.test(ended.stdout)) throw new Error(`the answer's head is not a success:\n${ended.stdout.slice(0, 500)}`);
      return;
    }
    if (ended.stdout.trim() === '') throw new Error('an empty answer');
    let body: unknown;
    try {
      body = JSON.parse(ended.stdout);
    } catch {
      throw new Error(`an answer that is not JSON:\n${ended.stdout.slice(0, 500)}`);
    }
    this.#answers.push(ended.stdout);
    const refused = isEnvelope(body);
    const shownRefused = /^\s*\{"error"/.test(command.answer);
    if (refused !== shownRefused) {
      throw new Error(
        `${refused ? 'refused' : 'answered'}: ${ended.stdout.slice(0, 500)}\nwhere the document shows: ${command.answer || '(no answer: a success)'}`,
      );
    }
    const shown = command.answer.trim();
    if (shown !== '' && !shown.includes('...')) {
      // An answer shown whole has the answer's shape (its values are a moment's: the clock, counts), or is its text.
      let expected: unknown = shown;
      try {
        expected = JSON.parse(shown);
      } catch {
        // Not JSON: compared as text.
      }
      if (typeof expected === 'string' ? expected !== ended.stdout.trim() : !sameShape(expected, body)) {
        throw new Error(`answered ${ended.stdout.trim().slice(0, 500)}\nwhere the document shows ${shown}`);
      }
      return;
    }
    // The fields the document shows are the answer's (an empty list shows none of them).
    const keys = topKeys(body);
    const missing = shownTopKeys(command.answer).filter((key) => !keys.includes(key));
    if (missing.length > 0 && !(Array.isArray(body) && body.length === 0)) {
      throw new Error(`the answer has no ${missing.join(', ')}, which the document shows:\n${ended.stdout.slice(0, 800)}`);
    }
  }

  /** Stops the document's servers. */
  async close(): Promise<void> {
    if (this.#server) await stop(this.#server.running);
    this.#server = undefined;
  }
}
