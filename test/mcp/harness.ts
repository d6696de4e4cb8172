import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createMockService, type EventSpec, type MockService } from '../../mocks';
import { createMcpServer, type McpServerOptions } from '../../src/mcp';

/** An MCP client connected in memory to a server over a fresh mock (its clock drives pacing: no real waits). */
export interface Session {
  client: Client;
  mock: MockService;
  /** Calls a tool; the result as the client received it. */
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  /** Credits charged to the session's account in the mock's ledger. */
  charged(): number;
  close(): Promise<void>;
}

/** The text of a result's first content block. */
export const textOf = (result: CallToolResult): string => {
  const block = result.content[0];
  return block?.type === 'text' ? block.text : '';
};

export async function connect(
  options: Partial<Omit<McpServerOptions, 'client'>> = {},
  client: { capabilities?: ConstructorParameters<typeof Client>[1] } = {},
  mock: MockService = createMockService({ now: '2026-11-21T12:00:00Z' }),
  account: { apiKey: string; email: string } = { apiKey: mock.apiKey, email: mock.demoEmail },
): Promise<Session> {
  const server = createMcpServer({
    client: {
      apiKey: account.apiKey,
      baseUrl: mock.baseUrl,
      fetch: mock.fetch,
      logLevel: 'off',
      now: () => mock.clock.now(),
      sleep: async (ms) => void mock.clock.advance(ms),
    },
    maxCredits: 1000,
    ...options,
  });
  const mcp = new Client({ name: 'test', version: '1.0.0' }, client.capabilities);
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), mcp.connect(b)]);
  return {
    client: mcp,
    mock,
    call: async (name, args = {}) => (await mcp.callTool({ name, arguments: args })) as CallToolResult,
    charged: () => mock.ledger().find((e) => e.email === account.email)?.charged ?? 0,
    close: async () => {
      await mcp.close();
      await server.close();
    },
  };
}

/** Prices of a spread or totals line: 2,000 steps a minute apart from 35 hours before now, its line on the first. */
const steps = (base: number, line: number) =>
  Array.from({ length: 2000 }, (_, i) => ({
    at: -2100 + i,
    odds: [base + (i % 7) / 100, 2.2 - (i % 5) / 100],
    ...(i === 0 ? { line } : {}),
  }));

/** An event of three lines of 2,000 steps each: 6,000 snapshots, past the 5,000 rows of one history answer. */
export const LONG_HISTORY: EventSpec = {
  sport_id: 29,
  runner_home: 'Harbor City',
  runner_away: 'Northfield',
  minute: -60,
  markets: [
    { market: 'spread', prices: steps(1.8, -3.5) },
    { market: 'totals', prices: steps(1.85, 2.5) },
    { market: 'home_totals', prices: steps(1.9, 1.5) },
  ],
};
