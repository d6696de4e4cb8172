import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../examples/run-example';
import { type Handling, ruleOf, RULES } from './command-rules';
import {
  allCommands,
  blocksOf,
  claudeMcpAdd,
  type DocCommand,
  describeCommand,
  documentCommands,
  expandWords,
  shellCommands,
} from './commands';

/**
 * The inventory of the documented commands: every command of the sh and json blocks of README.md,
 * docs/*.md, CONTRIBUTING.md and docs/contributing/*.md is taken by a rule of command-rules.ts, and
 * what the rule names exists: the test that runs it, the CI step, the script a person runs. A new
 * documented command that no rule takes fails here, naming it.
 */

const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8');
const checkPackage = readFileSync(join(ROOT, 'scripts/check-package.mjs'), 'utf8');

/** What is wrong with how a command is handled, if anything. */
function handlingProblem(handling: Handling): string | undefined {
  switch (handling.by) {
    case 'doc-commands':
      return checkPackage.includes('runDocCommands(') && existsSync(join(ROOT, 'test/doc-commands/run.test.ts'))
        ? undefined
        : 'check:package does not run the documented-commands suite (test/doc-commands/run.test.ts)';
    case 'test':
      return existsSync(join(ROOT, handling.file)) ? undefined : `no test ${handling.file}`;
    case 'check:package':
      return existsSync(join(ROOT, handling.file)) && checkPackage.includes(handling.file.replace(/^scripts\//, './'))
        ? undefined
        : `check:package does not run ${handling.file}`;
    case 'ci':
      return new RegExp(`^${handling.step.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm').test(ci)
        ? undefined
        : `.ci/run has no step \`${handling.step}\``;
    case 'hand':
      return existsSync(join(ROOT, handling.file)) ? undefined : `it runs ${handling.file}, which does not exist`;
  }
}

const who = (handling: Handling): string => {
  switch (handling.by) {
    case 'doc-commands':
      return `run by test/doc-commands/run.test.ts (${handling.runner})`;
    case 'test':
      return `run by ${handling.file} (npm test)`;
    case 'check:package':
      return `run by ${handling.file} (check:package)`;
    case 'ci':
      return 'a step of .ci/run';
    case 'hand':
      return `by hand: ${handling.why}`;
  }
};

describe('the documented commands', () => {
  const commands = allCommands(ROOT);

  it('are found: install lines, bins, programs, MCP configurations, control-plane requests', () => {
    const taken = (id: string) => commands.filter((c) => ruleOf(c)?.id === id).length;
    expect(commands.length).toBeGreaterThan(60);
    for (const id of ['install', 'program', 'mock-server', 'mcp-stdio', 'mcp-config', 'curl', 'mock-verify'])
      expect(taken(id), id).toBeGreaterThan(0);
  });

  it('are each run by a test, or by CI or a person for a stated reason', () => {
    const untaken = commands.filter((c) => ruleOf(c) === undefined).map(describeCommand);
    expect(
      untaken,
      'documented commands that no rule of test/docs/command-rules.ts takes: run each in a test, or add a rule that says who runs it',
    ).toEqual([]);
    const broken = commands.flatMap((c) => {
      const rule = ruleOf(c);
      const problem = rule && handlingProblem(rule.handling(c));
      return problem ? [`${describeCommand(c)}: ${problem}`] : [];
    });
    expect(broken).toEqual([]);
    // The inventory, printed for the reader of the test's output.
    console.log(commands.map((c) => `${describeCommand(c)}\n    ${who(ruleOf(c)?.handling(c) as Handling)}`).join('\n'));
  });

  it('name every rule by what it takes, and use each', () => {
    for (const rule of RULES) expect(rule.what.length, rule.id).toBeGreaterThan(10);
    const unused = RULES.filter((rule) => !commands.some((c) => rule.takes(c))).map((r) => r.id);
    expect(unused).toEqual([]);
  });

  it('fail on a command no rule takes', () => {
    const [made] = documentCommands('new.md', '```sh\nnpx some-new-tool --flag\n```\n');
    expect(ruleOf(made as DocCommand)).toBeUndefined();
  });
});

describe('reading the commands of a document', () => {
  const block = (code: string) => ({ file: 'x.md', language: 'sh', line: 10, heading: '## H', code, intro: '' });

  it('splits chains, joins continuations and quoted newlines, and keeps the answer shown after a command', () => {
    const commands = shellCommands(
      block(
        [
          'npm ci && npm test   # a comment',
          'A=http://127.0.0.1:4010/__admin',
          'curl -s -X POST $A/events -H "$J" -d \'{"a":1,',
          '  "b":2}\'',
          '# {"event_id":9000001}',
          'claude mcp add x --env K=V \\',
          '  -- npx -y pkg --flag',
          'npx sports-odds-mock --port 4010 &',
        ].join('\n'),
      ),
    );
    expect(commands.map((c) => [c.line, c.text])).toEqual([
      [10, 'npm ci'],
      [10, 'npm test'],
      [11, 'A=http://127.0.0.1:4010/__admin'],
      [12, 'curl -s -X POST $A/events -H "$J" -d \'{"a":1,\n  "b":2}\''],
      [15, 'claude mcp add x --env K=V -- npx -y pkg --flag'],
      [17, 'npx sports-odds-mock --port 4010'],
    ]);
    const [, , assign, curl, claude, server] = commands as [
      never,
      never,
      (typeof commands)[0],
      (typeof commands)[0],
      (typeof commands)[0],
      (typeof commands)[0],
    ];
    expect(assign.assignments).toEqual({ A: 'http://127.0.0.1:4010/__admin' });
    expect(curl.answer).toBe('{"event_id":9000001}');
    expect(expandWords(curl.words, { A: 'http://h/__admin', J: 'Content-Type: application/json' })).toEqual([
      'curl',
      '-s',
      '-X',
      'POST',
      'http://h/__admin/events',
      '-H',
      'Content-Type: application/json',
      '-d',
      '{"a":1,\n  "b":2}',
    ]);
    expect(server.background).toBe(true);
    expect(claudeMcpAdd(claude)).toMatchObject({ name: 'x', command: 'npx', args: ['-y', 'pkg', '--flag'], env: { K: 'V' } });
  });

  it('leaves single-quoted text unexpanded, and refuses what is not a plain command', () => {
    const [echo] = shellCommands(block('echo \'$A\' "$A"'));
    expect(expandWords(echo?.words ?? [], { A: 'x' })).toEqual(['echo', '$A', 'x']);
    expect(() => shellCommands(block('curl -s $A | jq .'))).toThrow(/not a plain command/);
  });

  it('reads the MCP servers of a client configuration, and the paragraph above a block', () => {
    const markdown = [
      '### Cursor',
      '',
      'Save this as `a.mjs`:',
      '',
      '```json',
      '{ "mcpServers": { "s": { "command": "npx", "args": ["-y", "p"], "env": { "K": "V" } } } }',
      '```',
    ].join('\n');
    expect(documentCommands('c.md', markdown)).toEqual([
      {
        kind: 'mcp',
        file: 'c.md',
        line: 6,
        heading: '### Cursor',
        source: 'json',
        name: 's',
        command: 'npx',
        args: ['-y', 'p'],
        env: { K: 'V' },
      },
    ]);
    expect(blocksOf('c.md', markdown)[0]?.intro).toBe('Save this as `a.mjs`:');
  });
});
