/**
 * Runs a real session against `sports-odds-mcp --mock --confirm-above 100` (so that a call asks) over stdio and writes its transcript into
 * docs/mcp.md, between the transcript markers: `npm run docs:mcp`. The client asks the person
 * (elicitation) and this script answers yes, as a person at the keyboard would.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { type CallToolResult, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { redact } from '../src/schemas/redact';

const DOC = 'docs/mcp.md';
const START = '<!-- transcript:start -->';
const END = '<!-- transcript:end -->';
/** Longest text of one result shown in the page; the rest is counted, not shown. */
const SHOWN = 700;

const lines: string[] = [];
const show = (text: string) =>
  text.length <= SHOWN ? text : `${text.slice(0, SHOWN)}… (${text.length - SHOWN} more characters in the result)`;

const client = new Client({ name: 'transcript', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
client.setRequestHandler(ElicitRequestSchema, (request) => {
  lines.push(`server asks the person: "${request.params.message}"`, 'person: yes', '');
  return { action: 'accept', content: { send: true } };
});
await client.connect(
  new StdioClientTransport({
    command: process.execPath,
    args: ['scripts/run-ts.mjs', 'src/mcp/node/cli.ts', '--mock', '--max-credits', '600', '--confirm-above', '100'],
    stderr: 'ignore',
  }),
);

const call = async (name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> => {
  // What the agent sent, with anything key-shaped masked as the SDK's logs mask it.
  lines.push(`→ tools/call ${name} ${redact(JSON.stringify(args))}`);
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const block = result.content[0];
  lines.push(`← ${result.isError ? 'isError: ' : ''}${show(block?.type === 'text' ? block.text : '')}`, '');
  return result;
};

const { tools } = await client.listTools();
lines.push('→ tools/list', `← ${tools.length} tools: ${tools.map((t) => `${t.name} (${t._meta?.['sod/worstCase']})`).join(', ')}`, '');

type Rows = { rows: Record<string, unknown>[] };
const upcoming = (await call('events_list', { limit: 3 })).structuredContent as Rows;
const event = upcoming.rows[0]?.['event_id'] as number;
await call('estimate_cost', {
  calls: [
    { tool: 'best_price', arguments: { event_id: event } },
    {
      tool: 'line_movement',
      arguments: { event_id: event, from: '2026-01-01T00:00:00Z', to: new Date().toISOString().replace(/\.\d+Z$/, 'Z') },
    },
  ],
});
await call('best_price', { event_id: event, market: 'moneyline' });
const now = new Date();
const iso = (d: Date) => d.toISOString().replace(/\.\d+Z$/, 'Z');
await call('line_movement', { event_id: event, from: iso(new Date(now.getTime() - 6 * 3_600_000)), to: iso(now), market: 'moneyline' });
await call('line_movement', { event_id: event, from: iso(new Date(now.getTime() - 6 * 3_600_000)), to: iso(now), max_pages: 5 });
const yesterday = iso(new Date(now.getTime() - 30 * 3_600_000));
const finished = (await call('events_list', { starts_from: yesterday, starts_to: iso(new Date(now.getTime() - 6 * 3_600_000)), limit: 2 }))
  .structuredContent as Rows;
const done = finished.rows[0]?.['event_id'] as number;
await call('best_price', { event_id: done, market: 'moneyline' });
await call('clv', {
  bets: [
    { event_id: done, market: 'moneyline', side: 'home', odds: 2.05, stake: 10 },
    { event_id: done, market: 'moneyline', side: 'away', odds: 3.1, stake: 5 },
  ],
});
await call('events_odds', { event_id: 'svc_live_0000000000notARealKey0000000000' });
await call('credits');
await client.close();

const doc = readFileSync(DOC, 'utf8');
const at = doc.indexOf(START);
const end = doc.indexOf(END);
if (at < 0 || end < at) throw new Error(`${DOC} lacks the transcript markers`);
const block = `${START}\n\n\`\`\`text\n${lines.join('\n').trimEnd()}\n\`\`\`\n\n${END}`;
writeFileSync(DOC, doc.slice(0, at) + block + doc.slice(end + END.length));
console.log(`wrote the transcript (${lines.length} lines) into ${DOC}`);
