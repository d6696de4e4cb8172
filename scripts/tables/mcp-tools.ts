/**
 * The tool table of docs/mcp.md, "The tools", from the MCP server itself: the tools a session with the default toolsets
 * and limits lists (`tools/list`, over an in-memory transport; nothing is sent to the service), each with what it
 * answers and its worst case as its description words them for the agent.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer } from '../../src/mcp';
import { WORST_CASE_META } from '../../src/mcp/tool';
import { code, table } from './markdown';

/**
 * The sentences of a text: each up to a full stop outside parentheses and quotes.
 *
 * @example
 * sentencesOf("Best price (open, or closed: past it). Worst case 25 credits."); // ['Best price (open, or closed: past it).', 'Worst case 25 credits.']
 */
export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '.' && depth === 0 && (i + 1 === text.length || text[i + 1] === ' ')) {
      out.push(text.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  if (text.slice(start).trim() !== '') out.push(text.slice(start).trim());
  return out;
}

const WORST_CASE = /^Worst case (.+)\.$/;
const HERE_AT_MOST = /^Here at most (.+)\.$/;

/**
 * A tool's row: its name, what it answers (its description but for the cost), its worst case.
 *
 * @throws Error when its description's worst case is not the one its `_meta` carries.
 */
function rowOf(tool: Tool): string[] {
  const sentences = sentencesOf(tool.description ?? '');
  const worst = tool._meta?.[WORST_CASE_META];
  const costs: string[] = [];
  const what: string[] = [];
  for (const sentence of sentences) {
    const cost = WORST_CASE.exec(sentence)?.[1];
    const bound = HERE_AT_MOST.exec(sentence)?.[1];
    if (sentence === 'Free.') costs.push('free');
    else if (cost !== undefined) {
      if (!cost.startsWith(`${worst} credits`)) throw new Error(`${tool.name}: its description says "${sentence}", its _meta ${worst}`);
      costs.push(cost);
    } else if (bound !== undefined) costs.push(`here at most ${bound}`);
    else what.push(sentence.replace(/\.$/, ''));
  }
  if (costs.length === 0 || (costs[0] === 'free') !== (worst === 0)) throw new Error(`${tool.name}: no worst case in its description`);
  return [code(tool.name), what.join('. '), costs.join('; ')];
}

/** docs/mcp.md, "The tools": the default tool list, one row per tool in the order a session lists them. */
export async function mcpToolTable(): Promise<string> {
  const server = createMcpServer({
    client: { baseUrl: 'https://api.sports-odds.test', apiKey: `svc_live_${'0'.repeat(32)}`, logLevel: 'off' },
    maxCredits: 1000,
  });
  const client = new Client({ name: 'docs-tables', version: '1.0.0' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  try {
    await Promise.all([server.connect(a), client.connect(b)]);
    const { tools } = await client.listTools();
    return [
      `With the default toolsets (data and free) and limits, ${tools.length} tools:`,
      '',
      table(['tool', 'what it answers', 'worst case'], tools.map(rowOf)),
    ].join('\n');
  } finally {
    await client.close();
    await server.close();
  }
}
