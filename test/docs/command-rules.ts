/**
 * Who runs each command the documents give (commands.ts reads them). A command matches the first
 * rule that takes it; `commands.test.ts` fails on a command no rule takes, so a new documented
 * command comes with a test or with a stated reason why CI or a person runs it instead.
 *
 * - `doc-commands`: run as the document gives it by the documented-commands suite
 *   (`test/doc-commands/run.test.ts`, from `npm run check:package`), against the packed tarball;
 * - `test`: run by a test of the suite that `npm test` (and so CI) runs, named in `file`;
 * - `check:package`: run by a step of `npm run check:package` (so CI), named in `file`;
 * - `ci`: a step of `.ci/run`, which must hold `step`;
 * - `hand`: a benchmark, a mutation run or a set-up the repository does not own, run by a person;
 *   `file` is what it runs, which must exist.
 */
import { parseNpx } from '../doc-commands/substitute';
import type { DocCommand, ShellCommand } from './commands';

/** How the documented-commands suite runs a command it takes. */
export type Runner =
  | 'install'
  | 'program'
  | 'mock-server'
  | 'mock-verify'
  | 'mcp-stdio'
  | 'mcp-config'
  | 'msw-init'
  | 'curl'
  | 'assign'
  | 'folder'
  | 'installed-bin'
  | 'clone-script'
  | 'clone-server';

export type Handling =
  | { by: 'doc-commands'; runner: Runner }
  | { by: 'test' | 'check:package'; file: string }
  | { by: 'ci'; step: string }
  | { by: 'hand'; file: string; why: string };

export interface Rule {
  id: string;
  /** What the commands it takes are, in a reader's words. */
  what: string;
  takes(command: DocCommand): boolean;
  /** How a command it takes is handled (some rules depend on the command: an example's own test). */
  handling(command: DocCommand): Handling;
}

const words = (c: DocCommand): string[] => (c.kind === 'shell' ? c.words.map((w) => w.text) : []);
const shell = (c: DocCommand): c is ShellCommand => c.kind === 'shell';
const starts = (c: DocCommand, ...prefix: string[]) => shell(c) && prefix.every((word, i) => words(c)[i] === word);
const isExampleCopy = (c: DocCommand) => c.file === 'docs/examples.md' && shell(c) && /^npm (install|test)$/.test(c.text);
const runs = (runner: Runner) => (): Handling => ({ by: 'doc-commands', runner });
/** The script `npx node [node flags] scripts/run-ts.mjs <script>` runs. */
const benchOf = (c: DocCommand): string => {
  const all = words(c);
  const at = all.indexOf('scripts/run-ts.mjs');
  return at < 0 ? '' : (all[at + 1] ?? '');
};

/** The rules, in the order they are tried. */
export const RULES: readonly Rule[] = [
  {
    id: 'mcp-config',
    what: 'an MCP client configuration (a JSON block, a `claude mcp add` line): started from an empty folder by the official MCP client',
    takes: (c) => c.kind === 'mcp',
    handling: runs('mcp-config'),
  },
  {
    id: 'shell-variables',
    what: 'shell variables the next commands use (`A=...`, `KEY=...`)',
    takes: (c) => shell(c) && c.words.length === 0,
    handling: runs('assign'),
  },
  {
    id: 'copied-example',
    what: 'the steps of a copied examples/downstream-tests (`npm install`, `npm test` in the copy)',
    takes: isExampleCopy,
    handling: () => ({ by: 'check:package', file: 'scripts/test-downstream.mjs' }),
  },
  {
    id: 'install',
    what: 'an install line, the packed tarball in place of `sports-odds-data`',
    takes: (c) => shell(c) && words(c)[0] === 'npm' && /^(install|i|add)$/.test(words(c)[1] ?? '') && words(c).length > 2,
    handling: runs('install'),
  },
  {
    id: 'program',
    what: 'a program the document gives to save and run with node (`node first.mjs`)',
    takes: (c) => shell(c) && words(c)[0] === 'node' && words(c).length === 2 && /\.(mjs|js|ts)$/.test(words(c)[1] ?? ''),
    handling: runs('program'),
  },
  {
    id: 'mock-verify',
    what: '`sports-odds-mock verify`, against a standalone mock in place of the service',
    takes: (c) => starts(c, 'npx', 'sports-odds-mock', 'verify'),
    handling: runs('mock-verify'),
  },
  {
    id: 'mock-server',
    what: 'the standalone mock server, started and asked a data route (a free port in place of a fixed one)',
    takes: (c) => starts(c, 'npx', 'sports-odds-mock'),
    handling: runs('mock-server'),
  },
  {
    id: 'mcp-stdio',
    what: 'the MCP server over stdio (`npx sports-odds-mcp`, or npx naming the packages), started by the official MCP client',
    takes: (c) => starts(c, 'npx') && parseNpx(words(c).slice(1)).command === 'sports-odds-mcp',
    handling: runs('mcp-stdio'),
  },
  {
    id: 'folder',
    what: 'a folder made or entered for the commands after it (`mkdir -p ~/...`, `cd ~/...`)',
    takes: (c) => (starts(c, 'mkdir', '-p') && words(c).length === 3) || (starts(c, 'cd') && words(c).length === 2),
    handling: runs('folder'),
  },
  {
    id: 'installed-bin',
    what: 'an installed bin run by its path (`node .../node_modules/sports-odds-data/dist/...cli.js --help`): it prints its flags',
    takes: (c) =>
      starts(c, 'node') && /\/node_modules\/sports-odds-data\/dist\/.+\.js$/.test(words(c)[1] ?? '') && words(c)[2] === '--help',
    handling: runs('installed-bin'),
  },
  {
    id: 'msw-init',
    what: "MSW's service worker written into a folder",
    takes: (c) => starts(c, 'npx', 'msw', 'init'),
    handling: runs('msw-init'),
  },
  {
    id: 'curl',
    what: 'a request to the standalone mock (its `/v1` routes or its control plane), checked against the answer the document shows',
    takes: (c) => starts(c, 'curl'),
    handling: runs('curl'),
  },
  {
    id: 'clone-mock',
    what: 'the standalone mock from a clone (`npm run mock`), started and asked a data route',
    takes: (c) => starts(c, 'npm', 'run', 'mock'),
    handling: runs('clone-server'),
  },
  {
    id: 'clone-demo',
    what: 'the demo in a clone (`npm run demo`)',
    takes: (c) => shell(c) && c.text === 'npm run demo',
    handling: runs('clone-script'),
  },
  {
    id: 'ci-step',
    what: 'a step of CI on a fresh clone (`npm ci`, `npm test`)',
    takes: (c) => shell(c) && /^npm (ci|test)$/.test(c.text),
    handling: (c) => ({ by: 'ci', step: (c as ShellCommand).text }),
  },
  {
    id: 'example',
    what: 'an example of the repository (`npm run example -- <name> [options]`): each run with its options by its own test, and its output samples by test/docs/samples.test.ts',
    takes: (c) => starts(c, 'npm', 'run', 'example', '--'),
    handling: (c) => {
      const name = words(c)[4] ?? '';
      return { by: 'test', file: /^[a-z-]+$/.test(name) ? `test/examples/${name}.test.ts` : 'test/docs/samples.test.ts' };
    },
  },
  {
    id: 'benchmark',
    what: 'a benchmark (bench/): run by hand, its figures in docs/performance.md',
    takes: (c) => starts(c, 'npx', 'node') && /^bench\//.test(benchOf(c)),
    handling: (c) => ({ by: 'hand', file: benchOf(c), why: 'a benchmark prints figures; tests never time anything' }),
  },
  {
    id: 'mutation-file',
    what: "one file's mutation run (`MUTATION_SUITES=... npx stryker run stryker.file.config.mjs`): run by hand while writing tests",
    takes: (c) => shell(c) && /^MUTATION_SUITES='[^']+' npx stryker run stryker\.file\.config\.mjs --mutate \S+$/.test(c.text),
    handling: () => ({
      by: 'hand',
      file: 'stryker.file.config.mjs',
      why: 'a mutation run takes minutes per file, hours for the table; never part of npm test',
    }),
  },
  {
    id: 'mutation-report',
    what: "the count of a mutation run's compile errors by reason (`node -e ...` reading reports/mutation/report.json): run by hand after a run",
    takes: (c) => shell(c) && /^node -e ".*require\('\.\/reports\/mutation\/report\.json'\).*"$/.test(c.text),
    handling: () => ({
      by: 'hand',
      file: 'stryker.config.json',
      why: 'it reads the report of a mutation run, which takes hours and is never part of npm test',
    }),
  },
  {
    id: 'benchmark-peers',
    what: "the install of a benchmark's pinned peers (`npm ci --prefix bench/peers`): run by hand before bench/mock-peers.ts",
    takes: (c) => shell(c) && c.text === 'npm ci --prefix bench/peers',
    handling: () => ({ by: 'hand', file: 'bench/peers/package.json', why: 'the peers of a benchmark, never part of npm test' }),
  },
  {
    id: 'test-file',
    what: 'a test file of the suite run alone (`npx vitest run test/...`)',
    takes: (c) => starts(c, 'npx', 'vitest', 'run') && /^test\/.+\.test\.ts$/.test(words(c)[3] ?? ''),
    handling: (c) => ({ by: 'test', file: words(c)[3] ?? '' }),
  },
  {
    id: 'jest',
    what: "Jest in ESM mode, the test runner of a reader's own project",
    takes: (c) => shell(c) && words(c)[0] === 'npx' && words(c)[1] === 'jest',
    handling: () => ({
      by: 'hand',
      file: 'docs/testing.md',
      why: 'the repository tests with vitest; docs/testing.md says this set-up is not run by its CI',
    }),
  },
];

/** The rule that takes a command, if any. */
export const ruleOf = (command: DocCommand): Rule | undefined => RULES.find((rule) => rule.takes(command));
