/**
 * Runs a real session against the MCP server of `sports-odds-mcp --mock --max-credits 600 --confirm-above 100` (so that a call
 * asks) and writes its transcript into docs/mcp.md, between the transcript markers: `npm run docs:mcp`. The server runs in
 * process over the MCP SDK's in-memory transport, against a mock whose clock stands still at a fixed "now" with a fixed
 * seed, so every run writes the same transcript (a test keeps the committed one as this makes it). The client asks the
 * person (elicitation) and this script answers yes, as a person at the keyboard would.
 */
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { type CallToolResult, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createMockService } from '../mocks';
import { createMcpServer } from '../src/mcp';
import { redact } from '../src/schemas/redact';

const DOC = 'docs/mcp.md';
const START = '<!-- transcript:start -->';
const END = '<!-- transcript:end -->';
/** Longest text of one result shown in the page; the rest is counted, not shown. */
const SHOWN = 700;
/** The mock of the session: its clock stopped at this instant, its dataset from this seed. */
const TRANSCRIPT_MOCK = { now: '2026-11-21T12:00:00Z', seed: 'sports-odds' } as const;

const show = (text: string) =>
  text.length <= SHOWN ? text : `${text.slice(0, SHOWN)}… (${text.length - SHOWN} more characters in the result)`;
const iso = (d: Date) => d.toISOString().replace(/\.\d+Z$/, 'Z');

/** The lines of the session's transcript, as the page shows them. */
async function transcriptLines(): Promise<string[]> {
  const lines: string[] = [];
  const mock = createMockService(TRANSCRIPT_MOCK);
  mock.clock.freeze(TRANSCRIPT_MOCK.now);
  const server = createMcpServer({
    client: { apiKey: mock.apiKey, baseUrl: mock.baseUrl, fetch: mock.fetch, logLevel: 'off' },
    maxCredits: 600,
    confirmAboveCredits: 100,
  });
  const client = new Client({ name: 'transcript', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    lines.push(`server asks the person: "${request.params.message}"`, 'person: yes', '');
    return { action: 'accept', content: { send: true } };
  });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  try {
    await session(client, lines, new Date(mock.clock.now()));
  } finally {
    await client.close();
    await server.close();
  }
  return lines;
}

/** What the agent asks, in order. */
async function session(client: Client, lines: string[], now: Date): Promise<void> {
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
        arguments: { event_id: event, from: '2026-01-01T00:00:00Z', to: iso(now) },
      },
    ],
  });
  await call('best_price', { event_id: event, market: 'moneyline' });
  await call('line_movement', { event_id: event, from: iso(new Date(now.getTime() - 6 * 3_600_000)), to: iso(now), market: 'moneyline' });
  await call('line_movement', { event_id: event, from: iso(new Date(now.getTime() - 6 * 3_600_000)), to: iso(now), max_pages: 5 });
  const yesterday = iso(new Date(now.getTime() - 30 * 3_600_000));
  const finished = (
    await call('events_list', { starts_from: yesterday, starts_to: iso(new Date(now.getTime() - 6 * 3_600_000)), limit: 2 })
  ).structuredContent as Rows;
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
}

/** docs/mcp.md with the transcript between its markers replaced by `lines`. */
function withTranscript(doc: string, lines: readonly string[]): string {
  const at = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (at < 0 || end < at) throw new Error(`${DOC} lacks the transcript markers`);
  const block = `${START}\n\n\`\`\`text\n${lines.join('\n').trimEnd()}\n\`\`\`\n\n${END}`;
  return doc.slice(0, at) + block + doc.slice(end + END.length);
}

/** docs/mcp.md as committed and as this script makes it. */
export async function transcriptDocument(): Promise<{ committed: string; generated: string }> {
  const committed = readFileSync(DOC, 'utf8');
  return { committed, generated: withTranscript(committed, await transcriptLines()) };
}

if (process.argv[1]?.endsWith('mcp-transcript.ts')) {
  const { writeFileSync } = await import('node:fs');
  const { generated } = await transcriptDocument();
  writeFileSync(DOC, generated);
  console.log(`wrote the transcript into ${DOC}`);
}
