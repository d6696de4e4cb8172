import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer } from '../../mocks/server/node';
import { buildCli } from '../helpers/cli';

const run = promisify(execFile);
let cli: string;

beforeAll(async () => {
  cli = resolve(await buildCli('src/mcp/node/cli.ts'));
});

describe('sports-odds-mcp as a process', () => {
  it('serves a real MCP client over stdio with --mock: tools/list, a call, the credits it spent', async () => {
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [cli, '--mock'], stderr: 'pipe' }));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('events_odds');
    const sports = await client.callTool({ name: 'catalog_sports', arguments: {} });
    expect(sports.isError).toBeFalsy();
    const credits = await client.callTool({ name: 'credits', arguments: {} });
    const spent = (credits.structuredContent as { session: { spent: number } }).session.spent;
    expect(spent).toBe((sports.structuredContent as { credits: number }).credits);
    await client.close();
  });

  it.each([
    [['--http', '--port', '-1'], /^sports-odds-mcp: --port must be an integer of at least 0, got "-1"/],
    [['--http', '--port', '99999'], /^sports-odds-mcp: --port must be a TCP port from 0 to 65535, got 99999/],
    [['--http', '--port', '1.5'], /^sports-odds-mcp: --port must be an integer of at least 0, got "1.5"/],
    [['--port', '8080'], /^sports-odds-mcp: --port needs --http/],
    [['--redis', '--http'], /^sports-odds-mcp: --redis needs a value/],
    [['--max-credits'], /^sports-odds-mcp: --max-credits needs a value/],
    [['--max-credits', '-5'], /^sports-odds-mcp: --max-credits must be an integer of at least 1, got "-5"/],
    [
      ['--max-credit', '10'],
      /^sports-odds-mcp: unknown flag --max-credit \(did you mean --max-credits\?\); the flags are --max-credits, --max-call-credits, /,
    ],
    [['--confirm-abve=10'], /^sports-odds-mcp: unknown flag --confirm-abve \(did you mean --confirm-above\?\); the flags are /],
    [['--read_only'], /^sports-odds-mcp: unknown flag --read_only \(did you mean --read-only\?\)/],
    [['--verbose'], /^sports-odds-mcp: unknown flag --verbose; the flags are --max-credits, .*--help\n/],
    [['--http=yes'], /^sports-odds-mcp: --http takes no value/],
    [['2000'], /^sports-odds-mcp: unexpected argument "2000": sports-odds-mcp takes flags only/],
  ])('refuses %j where it enters: the flag, what was given and what is accepted; exit code 2, no stack', async (args, words) => {
    const failed = await run(process.execPath, [cli, '--mock', ...args]).catch((e: { code: number; stderr: string }) => e);
    expect('code' in failed && failed.code).toBe(2);
    expect((failed as { stderr: string }).stderr).toMatch(words);
    expect((failed as { stderr: string }).stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses to start without --max-credits (unless --mock), naming the flag; exit code 2, no stack', async () => {
    const failed = await run(process.execPath, [cli], { env: { ...process.env, SPORTS_ODDS_API_KEY: '' } }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect('code' in failed && failed.code).toBe(2);
    expect((failed as { stderr: string }).stderr).toMatch(/^sports-odds-mcp: --max-credits is required/);
    expect((failed as { stderr: string }).stderr).not.toMatch(/\n\s+at /);
  });

  /** The environment of a server a client starts: the machine's, less the service's variables, plus `env`. */
  const envWith = (env: Record<string, string>) => {
    const { SPORTS_ODDS_API_KEY: _key, SPORTS_ODDS_BASE_URL: _url, ...rest } = process.env;
    return { ...rest, ...env } as Record<string, string>;
  };

  it.each([
    [
      { SPORTS_ODDS_BASE_URL: 'https://api.example.com' },
      /^sports-odds-mcp: SPORTS_ODDS_API_KEY is not set: .* Set it in the "env" of this server's entry in your MCP client's configuration/,
    ],
    [
      { SPORTS_ODDS_API_KEY: 'svc_live_x' },
      /^sports-odds-mcp: SPORTS_ODDS_BASE_URL is not set: .* Set it in the "env" of this server's entry in your MCP client's configuration/,
    ],
    [
      { SPORTS_ODDS_API_KEY: 'svc_live_x', SPORTS_ODDS_BASE_URL: 'api.example.com' },
      /^sports-odds-mcp: SPORTS_ODDS_BASE_URL "api.example.com" is not an absolute URL .*; fix it in the "env" of this server's entry/,
    ],
    [
      { SPORTS_ODDS_API_KEY: 'svc_live_x', SPORTS_ODDS_BASE_URL: 'http://api.example.com' },
      /^sports-odds-mcp: SPORTS_ODDS_BASE_URL "http:\/\/api.example.com" is plain http:\/\/ to a host that is not this machine/,
    ],
  ])('refuses to start without a usable service environment (%j), in the words of a configuration, not of the SDK', async (env, words) => {
    const failed = await run(process.execPath, [cli, '--max-credits', '10'], { env: envWith(env) }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect('code' in failed && failed.code).toBe(2);
    const { stderr } = failed as { stderr: string };
    expect(stderr).toMatch(words);
    // The SDK's words (its constructor, its option names) mean nothing to a user of the bin.
    expect(stderr).not.toMatch(/new SportsOdds|apiKey|baseUrl|allowInsecureHttp/);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('answers a call refused for its key (401) once, with what to check in the client configuration', async () => {
    const service = await startMockServer({ port: 0 });
    try {
      const client = new Client({ name: 'wrong-key', version: '1.0.0' });
      const env = envWith({ SPORTS_ODDS_API_KEY: `svc_live_${'0'.repeat(32)}`, SPORTS_ODDS_BASE_URL: service.url });
      await client.connect(
        new StdioClientTransport({ command: process.execPath, args: [cli, '--max-credits', '100'], env, stderr: 'pipe' }),
      );
      const refused = await client.callTool({ name: 'catalog_sports', arguments: {} });
      expect(refused.isError).toBe(true);
      const text = (refused.content as { text: string }[])[0]?.text ?? '';
      expect(text).toMatch(
        /^the service refused this server's API key \(401 invalid_api_key: [^)]+\(request req_\w+\)\); nothing was charged\. /,
      );
      expect(text.match(/401 invalid_api_key/g)).toHaveLength(1);
      expect(text).toContain(`Check SPORTS_ODDS_API_KEY in the "env" of this server's entry in your MCP client's configuration`);
      expect(text).not.toContain('svc_live_0000');
      await client.close();
    } finally {
      await service.close();
    }
  });

  it('answers the Inspector CLI (tools/list, one tools/call) over stdio', async () => {
    // inspector-cli 1.0.3 reads its own package.json relative to the working directory: run it from its folder.
    const inspectorCli = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector-cli/package.json')), 'build');
    const inspect = async (...args: string[]) =>
      JSON.parse(
        (await run(process.execPath, ['cli.js', '--cli', process.execPath, cli, '--mock', ...args], { cwd: inspectorCli, timeout: 60_000 }))
          .stdout,
      ) as Record<string, unknown>;
    const list = (await inspect('--method', 'tools/list')) as { tools: { name: string }[] };
    expect(list.tools.map((t) => t.name)).toContain('best_price');
    const called = (await inspect('--method', 'tools/call', '--tool-name', 'catalog_leagues', '--tool-arg', 'sport_id=29')) as {
      structuredContent: { rows: unknown[]; credits: number };
    };
    expect(called.structuredContent.rows.length).toBeGreaterThan(0);
  }, 120_000);
});

describe('sports-odds-mcp --http', () => {
  let server: ChildProcess;
  let url: string;
  beforeAll(async () => {
    server = spawn(process.execPath, [cli, '--mock', '--http', '--port', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
    url = await new Promise<string>((ok, fail) => {
      let text = '';
      server.stderr?.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        const found = /Streamable HTTP at (\S+)/.exec(text);
        if (found) ok(found[1] as string);
      });
      server.once('exit', (code) => fail(new Error(`the server exited (${code}): ${text}`)));
    });
  });
  afterAll(() => {
    server.kill('SIGTERM');
  });

  it('serves Streamable HTTP on loopback to a real MCP client, one budget for its sessions', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const a = new Client({ name: 'a', version: '1' });
    const b = new Client({ name: 'b', version: '1' });
    for (const client of [a, b]) await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    await a.callTool({ name: 'catalog_sports', arguments: {} });
    const seen = await b.callTool({ name: 'credits', arguments: {} });
    const { budget, session } = seen.structuredContent as { budget: { spent: number }; session: { spent: number } };
    // Session b spent nothing itself; the budget it shares with session a did.
    expect(session.spent).toBe(0);
    expect(budget.spent).toBeGreaterThan(0);
    for (const client of [a, b]) await client.close();
  });

  it('passes the applicable scenarios of @modelcontextprotocol/conformance', async () => {
    const bin = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json')), 'dist/index.js');
    // The other server scenarios exercise the suite's reference tools, prompts, resources and logging, which this server does not have.
    for (const scenario of ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection']) {
      const { stdout } = await run(process.execPath, [bin, 'server', '--url', url, '--scenario', scenario], { timeout: 60_000 });
      expect(stdout, scenario).toMatch(/Passed: (\d+)\/\1, 0 failed/);
    }
  }, 120_000);
});
