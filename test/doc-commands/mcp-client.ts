/**
 * A documented MCP server command, started by the official MCP client as an MCP host starts it
 * (StdioClientTransport with the configuration's command, args, env and a working directory), then
 * asked for its tools and for two calls: `credits` (free) and `catalog_sports` (a data tool, charged).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** What an MCP host starts. */
export interface ServerCommand {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

/** What the server answered. */
export interface Exercised {
  tools: string[];
  sports: number;
}

/**
 * Starts the server, lists its tools, calls `credits` and `catalog_sports`, and closes it; throws
 * with the server's stderr when any step fails.
 *
 * @example
 * const { tools, sports } = await exerciseMcpServer({ command: 'npx', args: ['sports-odds-mcp', '--mock'], env, cwd });
 */
export async function exerciseMcpServer(server: ServerCommand, timeoutMs: number): Promise<Exercised> {
  const transport = new StdioClientTransport({ ...server, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'sports-odds-doc-commands', version: '1.0.0' });
  try {
    // The first start may install the package into npx's cache: the handshake waits for it.
    await client.connect(transport, { timeout: timeoutMs });
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    for (const name of ['credits', 'catalog_sports'])
      if (!names.includes(name)) throw new Error(`no tool ${name} among ${names.join(', ')}`);
    const credits = (await client.callTool({ name: 'credits', arguments: {} })) as CallToolResult;
    if (credits.isError) throw new Error(`credits answered an error: ${JSON.stringify(credits.content)}`);
    const catalog = (await client.callTool({ name: 'catalog_sports', arguments: {} })) as CallToolResult;
    const rows = (catalog.structuredContent as { rows?: unknown[] } | undefined)?.rows;
    if (catalog.isError || !Array.isArray(rows))
      throw new Error(`catalog_sports answered ${JSON.stringify(catalog.content).slice(0, 500)}`);
    return { tools: names, sports: rows.length };
  } catch (error) {
    throw new Error(`${(error as Error).message}\nthe server's stderr:\n${stderr.trim().slice(-3000) || '(nothing)'}`);
  } finally {
    await client.close().catch(() => {});
  }
}
