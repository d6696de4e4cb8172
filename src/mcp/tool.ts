import type { SportsOdds } from '../client';
import type { Json } from '../schemas/json-schema';
import type { Continuations } from './bounded';

/** The toolsets: `data` (metered), `account` (off by default), `mutations` (a second explicit flag) and `free`. */
export type Toolset = 'data' | 'account' | 'mutations' | 'free';

/** The key under which a tool's `_meta` carries its worst-case charge. */
export const WORST_CASE_META = 'sod/worstCase';

/** What a tool's handler uses. */
export interface ToolContext {
  /** The SDK client every call goes through (its budget, pacing and coordinator). */
  readonly odds: SportsOdds;
  /** The session's continuations (cut answers, scan checkpoints). */
  readonly held: Continuations;
  /** The client's clock (its `now` option): stands in where an answer does not say the service's time. */
  readonly now: () => number;
}

/** How a tool's worst case grows with one of its arguments. */
interface Scaling {
  /** The argument: an array (its items) or an integer. */
  readonly argument: string;
  /** Worst-case credits of one item or one unit of it. */
  readonly credits: number;
  /** The most the tool ever takes, whatever the limits. */
  readonly most: number;
  /** What one unit is called (`event`, `page`). */
  readonly unit: string;
  /**
   * The array's items are counted by their distinct values of this field (the `event_id` of `clv`'s bets), not one
   * by one: the listed bound is then that many distinct values, in the description only.
   */
  readonly distinct?: string | undefined;
}

/** One tool of the server: what `tools/list` shows and what `tools/call` runs. */
export interface ToolDef<A = Record<string, unknown>> {
  readonly name: string;
  readonly description: string;
  readonly toolset: Toolset;
  readonly inputSchema: Json;
  /** The structure of `structuredContent`, where it has a fixed one worth its tokens. */
  readonly outputSchema?: Json | undefined;
  /** Changes nothing at the service (MCP `readOnlyHint`). */
  readonly readOnly: boolean;
  /** Calling it again with the same arguments has no further effect: false for a metered call, charged each time. */
  readonly idempotent: boolean;
  /** Worst case with default arguments: shown in `_meta` and the description. */
  readonly worstCaseDefault: number;
  /** A worst case that grows with one argument (bets, pages): the listed bound of it is what the session's per-call limit allows. */
  readonly scales?: Scaling | undefined;
  /** Checks the arguments (throws `ArgumentError`, never echoing a value). */
  parse(args: Record<string, unknown>): A;
  /** Most credits a call with these checked arguments can be charged, from the route envelopes. */
  worstCase(args: A): number;
  /** Runs the call; the result is the tool's structured content (an object). */
  run(ctx: ToolContext, args: A): Promise<Json>;
}

/** A tool definition with its argument type erased, as the server holds them. */
// biome-ignore lint/suspicious/noExplicitAny: the server holds tools of every argument type
export type AnyTool = ToolDef<any>;

/**
 * The output schema of an answer of rows following `row`. Only `rows` is declared (the other fields
 * are described once in docs/mcp.md): every declared byte is read by the model on every turn.
 */
export const rowsOutput = (row: Json, extra: Json = {}): Json => ({
  type: 'object',
  properties: { rows: { type: 'array', items: row }, ...extra },
  required: ['rows'],
});
