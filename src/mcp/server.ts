import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type Tool,
  type ToolAnnotations,
} from '@modelcontextprotocol/sdk/types.js';
import { SportsOdds } from '../client';
import { APIError, AuthenticationError, SportsOddsError, BudgetExceededError } from '../core/errors';
import type { Json } from '../schemas/json-schema';
import { redact } from '../schemas/redact';
import { VERSION } from '../version';
import { ArgumentError, refuseSecrets } from './arguments';
import { bound, Continuations, loadTokenizer, OversizeError, type TokenLimit, textOf } from './bounded';
import { type BudgetSettings, creditsLeft, overBudget, refusalOf, SessionLedger } from './budget';
import { domainTools } from './domain-tools';
import { freeTools, type SessionState } from './free-tools';
import { type McpServerOptions, resolveMcpOptions } from './options';
import { routeTools } from './route-tools';
import { type AnyTool, type ToolContext, WORST_CASE_META } from './tool';

const INSTRUCTIONS =
  'Sports odds data within a credit budget. Each tool states its worst-case credits; estimate_cost prices a plan for free, credits reports the budget. Answers over the token cap give a continuation for more_rows.';

/** The tools a session offers: the data toolset, the account and mutation toolsets when enabled. */
function enabledTools(options: ReturnType<typeof resolveMcpOptions>): AnyTool[] {
  const { account, mutations } = options.toolsets;
  return [...routeTools(), ...domainTools()].filter(
    (t) => t.toolset === 'data' || (t.toolset === 'account' && account) || (t.toolset === 'mutations' && mutations),
  );
}

/**
 * A tool's hints without the MCP defaults (every byte of the list is read on every turn). A metered
 * call is not idempotent (each one is charged again); a free read is.
 */
function annotationsOf(tool: AnyTool): ToolAnnotations {
  const hints: ToolAnnotations = { readOnlyHint: tool.readOnly };
  if (tool.idempotent) hints.idempotentHint = true;
  if (!tool.readOnly) hints.destructiveHint = true;
  if (tool.toolset === 'free') hints.openWorldHint = false;
  return hints;
}

/**
 * A tool's schema and description with the bound of its scaling argument set to what `limit` (the
 * most one call may cost in this session) allows: `clv` takes bets on as many events, `line_movement` as
 * many pages, as fit.
 */
function scaled(tool: AnyTool, limit: number): Pick<Tool, 'description' | 'inputSchema'> {
  const scales = tool.scales;
  const inputSchema = tool.inputSchema as Tool['inputSchema'];
  if (scales === undefined) return { description: tool.description, inputSchema };
  const fit = Math.min(scales.most, Math.floor(limit / scales.credits));
  if (fit < 1) {
    return {
      description: `${tool.description} Not callable here: one ${scales.unit} may cost ${scales.credits}, over this session's per-call limit of ${limit}.`,
      inputSchema,
    };
  }
  const plural = `${scales.unit}${fit === 1 ? '' : 's'}`;
  if (scales.distinct !== undefined) {
    return { description: `${tool.description} Here at most ${fit} ${plural} (distinct ${scales.distinct}) a call.`, inputSchema };
  }
  const property = { ...(inputSchema.properties?.[scales.argument] as Json) };
  property[property['type'] === 'array' ? 'maxItems' : 'maximum'] = fit;
  return {
    description: `${tool.description} Here at most ${fit} ${plural} a call.`,
    inputSchema: { ...inputSchema, properties: { ...inputSchema.properties, [scales.argument]: property } },
  };
}

/** A tool as `tools/list` shows it to a session whose calls may cost at most `limit` credits each. */
function listed(tool: AnyTool, limit: number): Tool {
  return {
    name: tool.name,
    ...scaled(tool, limit),
    ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema as Tool['outputSchema'] }),
    annotations: annotationsOf(tool),
    _meta: { [WORST_CASE_META]: tool.worstCaseDefault },
  };
}

const refusal = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });

/** An error of a call in words for the agent; never a stack, never a key. `keyWords`: where the key comes from, to check. */
function errorText(error: unknown, settings: BudgetSettings, keyWords: string): string {
  if (error instanceof ArgumentError) return `invalid arguments: ${error.message}; nothing was sent or charged`;
  if (error instanceof BudgetExceededError) {
    return error.limit === 'maxCredits'
      ? `over budget: this call may cost up to ${error.envelope} credits and ${Math.max(0, error.available)} of the session's ${settings.maxCredits} are left; nothing was sent`
      : redact(error.message);
  }
  if (error instanceof APIError) {
    const cost = error.meta.credits.cost ?? 0;
    const charged = cost === 0 ? 'nothing was charged' : `charged ${cost} credits`;
    // The message already starts with the status and code: said once.
    const prefix = `${error.status} ${error.code}: `;
    const said = redact(error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message);
    if (error instanceof AuthenticationError) {
      return `the service refused this server's API key (${error.status} ${error.code}: ${said}); ${charged}. Check ${keyWords}.`;
    }
    return `the service answered ${error.status} ${error.code}: ${said}; ${charged}`;
  }
  if (error instanceof SportsOddsError || error instanceof OversizeError) return redact(error.message);
  return 'internal error of the MCP server; nothing more is known';
}

/** Where the key of a server made with these client options comes from, in the words of a refusal of it. */
const keyWordsOf = (client: McpServerOptions['client']): string =>
  client.apiKey === undefined
    ? `SPORTS_ODDS_API_KEY in this server's environment (for an MCP client: the "env" of this server's entry in its configuration), then restart the server`
    : 'the apiKey of the client options given to createMcpServer';

/**
 * The MCP server of the Sports Odds Data Service: a read-only tool per data route, domain tools and
 * free tools. Every call goes through the SDK within the session's budget, a per-call cap and pacing;
 * a call that could go over is refused before anything is sent. Connect it to an MCP SDK transport.
 *
 * @example
 * import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
 * import { createMcpServer } from 'sports-odds-data/mcp';
 *
 * const server = createMcpServer({ client: { baseUrl: 'https://api.example.com' }, maxCredits: 500 });
 * await server.connect(new StdioServerTransport());
 */
export function createMcpServer(options: McpServerOptions): Server {
  return createMcpServerWith(options, keyWordsOf(options?.client ?? {}));
}

/**
 * `createMcpServer` with the words of a refused key (`keyWords`: where the key comes from, what to
 * check), for a host that knows better than the options where its key comes from (the bin).
 */
export function createMcpServerWith(options: McpServerOptions, keyWords: string): Server {
  const resolved = resolveMcpOptions(options);
  const ledger = new SessionLedger();
  const { client } = resolved;
  const hooks = client.hooks ?? {};
  const odds = new SportsOdds({
    ...client,
    budget: { ...client.budget, maxCredits: resolved.settings.maxCredits },
    rateLimit: client.rateLimit ?? { requestsPerSecond: 'account' },
    // Every attempt's charge counts toward the session's spend.
    hooks: { ...hooks, afterResponse: [...(hooks.afterResponse ?? []), ({ meta }) => void (ledger.spent += meta.credits.cost ?? 0)] },
  });
  let tokenizer: Promise<TokenLimit> | undefined;
  const tools = new Map<string, AnyTool>();
  const session: SessionState = {
    odds,
    settings: resolved.settings,
    ledger,
    held: new Continuations(resolved.sessionId),
    maxResultTokens: resolved.maxResultTokens,
    tokens: () => (tokenizer ??= loadTokenizer()),
    tools,
  };
  for (const tool of [...enabledTools(resolved), ...freeTools(session)]) tools.set(tool.name, tool);
  const server = new Server({ name: 'sports-odds-data', version: VERSION }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  const ctx: ToolContext = { odds, held: session.held, now: client.now ?? Date.now };

  /** Asks the person before a call above the threshold; the refusal when they decline or cannot be asked. */
  const confirm = async (tool: string, cost: number): Promise<string | undefined> => {
    const threshold = resolved.settings.confirmAboveCredits;
    if (cost <= threshold) return undefined;
    if (server.getClientCapabilities()?.elicitation === undefined) {
      return `refused: this call may cost up to ${cost} credits, above the ${threshold} that need a person's confirmation, and this client cannot ask (no elicitation); nothing was sent. Narrow the call, or ask the person to raise --confirm-above.`;
    }
    const message = `${tool} may cost up to ${cost} credits (${creditsLeft(resolved.settings, await odds.readCredits())} left in this session's budget). Send it?`;
    const answer = await server
      .elicitInput({
        message,
        requestedSchema: {
          type: 'object',
          properties: { send: { type: 'boolean', title: `Spend up to ${cost} credits` } },
          required: ['send'],
        },
      })
      .catch(() => undefined);
    if (answer === undefined)
      return `not sent: the person could not be asked to confirm a call of up to ${cost} credits; nothing was charged`;
    return answer.action === 'accept' && answer.content?.['send'] === true
      ? undefined
      : `not sent: the person did not confirm a call of up to ${cost} credits; nothing was charged`;
  };

  /** The most one call may cost in this session: the per-call cap, and the confirmation threshold where the client cannot ask. */
  const perCallLimit = (): number => {
    const { maxCallCredits, confirmAboveCredits } = resolved.settings;
    return server.getClientCapabilities()?.elicitation === undefined ? Math.min(maxCallCredits, confirmAboveCredits) : maxCallCredits;
  };

  server.setRequestHandler(ListToolsRequestSchema, () => {
    const limit = perCallLimit();
    return { tools: [...tools.values()].map((tool) => listed(tool, limit)) };
  });
  server.setRequestHandler(CallToolRequestSchema, async ({ params }): Promise<CallToolResult> => {
    const tool = tools.get(params.name);
    if (tool === undefined) {
      ledger.refused += 1;
      // A name is repeated only when it looks like one: anything else may be a secret pasted in the wrong place.
      const named = /^[a-z][a-z0-9_]{0,39}$/.test(params.name) ? `unknown tool ${params.name}` : 'unknown tool (its name is not repeated)';
      return refusal(`${named}: this session's tools are ${[...tools.keys()].join(', ')}; nothing was sent`);
    }
    try {
      const args = params.arguments ?? {};
      refuseSecrets(args);
      const parsed = tool.parse(args);
      const cost = tool.worstCase(parsed);
      if (cost > 0) {
        const refused = refusalOf(cost, resolved.settings, await odds.readCredits()) ?? (await confirm(tool.name, cost));
        if (refused !== undefined) {
          ledger.refused += 1;
          return refusal(refused);
        }
      }
      const result = await tool.run(ctx, parsed);
      ledger.calls += 1;
      const charged = typeof result['credits'] === 'number' ? result['credits'] : 0;
      ledger.saved += Math.max(0, cost - charged);
      const out = bound(result, tool.name, resolved.maxResultTokens, await session.tokens(), session.held);
      return { content: [{ type: 'text', text: textOf(out) }], structuredContent: out };
    } catch (error) {
      if (error instanceof ArgumentError || error instanceof BudgetExceededError) ledger.refused += 1;
      if (error instanceof BudgetExceededError && error.limit === 'maxCredits') {
        return refusal(overBudget(error.envelope, error.available, resolved.settings, await odds.readCredits()));
      }
      return refusal(errorText(error, resolved.settings, keyWords));
    }
  });
  return server;
}
