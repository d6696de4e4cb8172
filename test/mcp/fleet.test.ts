import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCli } from '../helpers/cli';
import { useRedisServer } from '../helpers/redis-server';

const redis = useRedisServer();
let cli: string;

beforeAll(async () => {
  cli = resolve(await buildCli('src/mcp/node/cli.ts'));
});

const text = (result: CallToolResult) => (result.content[0]?.type === 'text' ? result.content[0].text : '');

describe('sports-odds-mcp --redis: one budget for a fleet of agents', () => {
  it('refuses the second agent the credits the first one spent', async () => {
    const agent = async () => {
      const client = new Client({ name: 'agent', version: '1' });
      const args = [cli, '--mock', '--max-credits', '25', '--redis', redis.url, '--namespace', 'mcp-fleet'];
      await client.connect(new StdioClientTransport({ command: process.execPath, args, stderr: 'pipe' }));
      return client;
    };
    const [a, b] = [await agent(), await agent()];
    const call = async (client: Client, name: string, args: Record<string, unknown>) =>
      (await client.callTool({ name, arguments: args })) as CallToolResult;
    const first = await call(a, 'catalog_leagues', { sport_id: 29 });
    expect(first.isError).toBeFalsy();
    const spent = (first.structuredContent as { credits: number }).credits;
    // 25 - spent < 25: the second agent's call does not fit what the fleet has left.
    const second = await call(b, 'catalog_leagues', { sport_id: 29 });
    expect(second.isError).toBe(true);
    expect(text(second)).toContain(`may cost up to 25 credits and ${25 - spent} of the session's 25 are left (spent ${spent}`);
    const seen = (await call(b, 'credits', {})).structuredContent as { session: { spent: number }; budget: { spent: number } };
    expect(seen.session.spent).toBe(0);
    expect(seen.budget.spent).toBe(spent);
    await a.close();
    await b.close();
  });

  it("names a Redis it cannot reach as the user's to check, exit code 2", async () => {
    const { execFile } = await import('node:child_process');
    const failed = await new Promise<{ code: number | null; stderr: string }>((done) =>
      execFile(process.execPath, [cli, '--mock', '--redis', 'redis://127.0.0.1:1', '--namespace', 'x'], (error, _out, stderr) =>
        done({ code: (error as { code?: number } | null)?.code ?? 0, stderr }),
      ),
    );
    expect(failed.code).toBe(2);
    expect(failed.stderr).toMatch(/^sports-odds-mcp: cannot reach Redis at the --redis URL .*check the URL, that Redis runs/);
  });
});
