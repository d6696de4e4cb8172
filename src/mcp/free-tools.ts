import * as z from 'zod/mini';
import type { SportsOdds } from '../client';
import type { Json } from '../schemas/json-schema';
import { ArgumentError } from './arguments';
import { type BudgetSettings, creditsLeft, type SessionLedger } from './budget';
import { type Continuations, moreRows, type TokenLimit } from './bounded';
import { schemaTool } from './schema-tool';
import { type AnyTool, rowsOutput, type ToolDef } from './tool';

/** What the server's own tools read: the session's state. */
export interface SessionState {
  readonly odds: SportsOdds;
  readonly settings: BudgetSettings;
  readonly ledger: SessionLedger;
  readonly held: Continuations;
  readonly maxResultTokens: number;
  readonly tokens: () => Promise<TokenLimit>;
  /** The session's tools by name (the enabled ones). */
  readonly tools: ReadonlyMap<string, AnyTool>;
}

/** A free tool: no call to the service, nothing charged, the same answer again. */
const freeTool = <S extends z.ZodMiniObject>(
  schema: S,
  tool: Pick<ToolDef<z.output<S>>, 'name' | 'description' | 'run'> & { outputSchema?: Json },
): ToolDef<z.output<S>> => schemaTool(schema, { toolset: 'free', idempotent: true }, { ...tool, worstCaseDefault: 0, worstCase: () => 0 });

const EstimateArgs = z.strictObject({
  calls: z
    .array(z.strictObject({ tool: z.string(), arguments: z.optional(z.record(z.string(), z.unknown())) }))
    .check(z.minLength(1), z.maxLength(100)),
});

/** The server's own tools: `estimate_cost`, `credits` and `more_rows`. */
export function freeTools(session: SessionState): ToolDef<unknown>[] {
  const estimate = freeTool(EstimateArgs, {
    name: 'estimate_cost',
    description: 'Free. Worst-case credits of planned tool calls and whether they fit the budget left.',
    async run(_ctx, { calls }) {
      const priced = calls.map(({ tool: name, arguments: args = {} }) => {
        const tool = session.tools.get(name);
        if (tool === undefined) return { tool: '(unknown tool)', error: 'no such tool in this session' };
        try {
          const credits = tool.worstCase(tool.parse(args));
          return { tool: name, credits, ...(credits > session.settings.confirmAboveCredits ? { needs_confirmation: true } : {}) };
        } catch (error) {
          if (error instanceof ArgumentError) return { tool: name, error: error.message };
          throw error;
        }
      });
      const total = priced.reduce((sum, p) => sum + ('credits' in p ? p.credits : 0), 0);
      const left = creditsLeft(session.settings, await session.odds.readCredits());
      return { calls: priced, total, credits_left: left, fits: total <= left };
    },
  });
  const credits = freeTool(z.strictObject({}), {
    name: 'credits',
    description: "Free. The session's spend and savings, the budget left, the account's windows.",
    async run() {
      const snapshot = await session.odds.readCredits();
      const { ledger, settings } = session;
      const window = (w: typeof snapshot.daily): Json => ({
        limit: w.limit ?? null,
        remaining: w.remaining ?? null,
        reset: w.reset?.toISOString() ?? null,
      });
      return {
        session: { spent: ledger.spent, saved: ledger.saved, calls: ledger.calls, refused: ledger.refused },
        budget: {
          max_credits: settings.maxCredits,
          spent: snapshot.spent,
          in_flight: snapshot.reserved,
          left: creditsLeft(settings, snapshot),
          max_call_credits: settings.maxCallCredits,
          confirm_above_credits: settings.confirmAboveCredits,
        },
        account: { daily: window(snapshot.daily), period: window(snapshot.period) },
      };
    },
  });
  const more = freeTool(z.strictObject({ continuation: z.string().check(z.minLength(1), z.maxLength(64)) }), {
    name: 'more_rows',
    description: 'Free. The next rows of an answer cut to the token cap.',
    outputSchema: rowsOutput({}),
    async run(_ctx, { continuation }) {
      return moreRows(continuation, session.maxResultTokens, await session.tokens(), session.held);
    },
  });
  return [estimate, credits, more] as ToolDef<unknown>[];
}
