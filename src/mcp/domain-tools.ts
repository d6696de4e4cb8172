import * as z from 'zod/mini';
import { BudgetExceededError } from '../core/errors';
import { applySnapshot, emptyBoard, type EventBoard, lineKeyOf, outcomeOf, PRICE_COLUMNS, quoteOf, snapshotsOf } from '../domain';
import { clvMany } from '../odds';
import type { OddsHistoryState } from '../core/scans';
import type { ClvQuery } from '../schemas/analytics';
import type { Json } from '../schemas/json-schema';
import { isoTrimmed } from '../schemas/instant-text';
import { shapeKeys } from '../schemas/schema-def';
import { type OddsSnapshot, PriceStatus } from '../schemas/prices';
import { KnownMarket, positiveInt } from '../schemas/primitives';
import { qUtcDateTime } from '../schemas/query';
import { routes } from '../schemas/routes';
import { ArgumentError, checkArguments } from './arguments';
import { eventsScanTool } from './scan-tool';
import { type SchemaToolSpec, schemaTool } from './schema-tool';
import { rowsOutput, type ToolDef } from './tool';

const oddsMetering = routes['events.odds'].metering;
const LATEST = oddsMetering.envelope({});
const HISTORY_PAGE = oddsMetering.envelope({ full_history: true });
const CLOSING_LINES = routes['events.closingLines'].metering.envelope({});
/** Bets one `clv` call takes at most. */
const MAX_BETS = 50;
/** History pages one `line_movement` call reads at most. */
const MAX_PAGES = 20;

/** A domain tool: read-only, and charged on every call (not idempotent). */
const domainTool = <S extends z.ZodMiniObject, A>(schema: S, tool: SchemaToolSpec<S, A>): ToolDef<A> =>
  schemaTool(schema, { toolset: 'data', idempotent: false }, tool);

const BestPriceArgs = z.strictObject({
  event_id: positiveInt,
  market: z.optional(KnownMarket),
  period: z.optional(z.int().check(z.gte(0))),
});

/** What a price row's line is at the service's time `at`: past its cutoff it is no longer offered, whatever its status says. */
function stateOf(row: OddsSnapshot, at: number): 'open' | 'closed' | 'suspended' | 'off_board' | 'unknown' {
  const cutoff = Date.parse(row.cutoff ?? '');
  if (!Number.isNaN(cutoff) && cutoff <= at) return 'closed';
  if (row.status === PriceStatus.open) return 'open';
  if (row.status === PriceStatus.suspended) return 'suspended';
  return row.status === PriceStatus.offBoard ? 'off_board' : 'unknown';
}

/** The service's time of an answer (its `Date` header), or the client's clock where it has none. */
const answeredAt = (response: Response, now: () => number): number => {
  const date = Date.parse(response.headers.get('date') ?? '');
  return Number.isNaN(date) ? now() : date;
};

const bestPrice = domainTool(BestPriceArgs, {
  name: 'best_price',
  description: `Best price per market, period and outcome across an event's primary and alternate lines (latest snapshot), each with its state (open, suspended, off_board, or closed: past its cutoff), timestamp and cutoff; an open price wins over others. Worst case ${LATEST} credits.`,
  outputSchema: rowsOutput({ type: 'object' }, { open: { type: 'integer' }, as_of: { type: 'string' } }),
  worstCaseDefault: LATEST,
  worstCase: () => LATEST,
  async run({ odds, now }, args: z.output<typeof BestPriceArgs>) {
    const { data, meta, response } = await odds.events.odds(args.event_id, {}, { maxRetries: 0 }).withMeta();
    const at = answeredAt(response, now);
    const best = new Map<string, { open: boolean; odds: number; row: Json }>();
    for (const row of data) {
      if ((args.market !== undefined && row.market !== args.market) || (args.period !== undefined && row.period !== args.period)) continue;
      const state = stateOf(row, at);
      const open = state === 'open';
      for (const column of PRICE_COLUMNS) {
        const price = row[column.odds];
        if (typeof price !== 'number') continue;
        const outcome = outcomeOf(column, row.market);
        const key = `${row.market}|${row.period}|${outcome}`;
        const held = best.get(key);
        // An open price beats any that is not; then the higher price.
        if (held === undefined || (open && !held.open) || (open === held.open && price > held.odds)) {
          const { market, period, line, alt_line_id, timestamp, cutoff } = row;
          best.set(key, { open, odds: price, row: { market, period, outcome, odds: price, line, alt_line_id, state, timestamp, cutoff } });
        }
      }
    }
    const rows = [...best.values()].map((b) => b.row);
    const open = rows.filter((r) => r['state'] === 'open').length;
    const asOf = isoTrimmed(at);
    return { rows, count: rows.length, open, as_of: asOf, credits: meta.credits.cost ?? 0 };
  },
});

const LineMovementArgs = z
  .strictObject({
    event_id: z.optional(positiveInt),
    from: z.optional(qUtcDateTime),
    to: z.optional(qUtcDateTime),
    market: z.optional(KnownMarket),
    main_lines_only: z.optional(z.boolean()),
    max_pages: z.optional(z.int().check(z.gte(1), z.lte(MAX_PAGES))),
    continuation: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  })
  .check(
    z.refine((a) => (a.continuation === undefined) === (a.event_id !== undefined && a.from !== undefined && a.to !== undefined), {
      message: 'give event_id, from and to, or only the continuation of an earlier call (with max_pages)',
      path: ['continuation'],
    }),
    z.refine((a) => a.from === undefined || a.to === undefined || Date.parse(a.from) < Date.parse(a.to), {
      message: 'must be earlier than to',
      path: ['from'],
    }),
  );
type LineMovementArgs = z.output<typeof LineMovementArgs>;

type Prices = Pick<OddsSnapshot, 'line' | 'odds1' | 'odds0' | 'odds2' | 'timestamp'>;
/** A line's prices as the shared diff quotes them (src/domain/line-changes.ts). */
const pricesOf = (row: OddsSnapshot): Prices => {
  const { line, odds1, odds0, odds2, timestamp } = quoteOf(row);
  return { line, odds1, odds0, odds2, timestamp };
};
const change = (a: number | null | undefined, b: number | null | undefined) =>
  typeof a === 'number' && typeof b === 'number' ? Math.round((b - a) * 1000) / 1000 : null;

/** One line's prices at the two instants, and its changes between them (the price watch's diff), as read so far. */
type Line = { row: OddsSnapshot; at: { from?: Prices; to?: Prices }; changes: number };
/** Where a line movement stands: its history scan's checkpoint, its query, the lines and the board read so far. */
interface MovementState {
  history: OddsHistoryState;
  query: { event_id: number; from: string; to: string; market?: string | undefined; main_lines_only: boolean };
  lines: [string, Line][];
  board: EventBoard;
}

const lineMovement = domainTool(LineMovementArgs, {
  name: 'line_movement',
  description: `Each line's price at 'from' and at 'to' (last snapshot at or before each), the change, and how many times it changed between them, largest price move first, from the price history. Worst case ${HISTORY_PAGE} credits per page (max_pages, default 1).`,
  outputSchema: rowsOutput({ type: 'object' }, { complete: { type: 'boolean' } }),
  worstCaseDefault: HISTORY_PAGE,
  scales: { argument: 'max_pages', credits: HISTORY_PAGE, most: MAX_PAGES, unit: 'page' },
  worstCase: (args: LineMovementArgs) => HISTORY_PAGE * (args.max_pages ?? 1),
  async run({ odds, held }, args: LineMovementArgs) {
    const allowance = HISTORY_PAGE * (args.max_pages ?? 1);
    const saved =
      args.continuation === undefined ? undefined : (held.take(args.continuation, 'scan', 'line_movement').state as MovementState);
    const query = saved?.query ?? {
      event_id: args.event_id as number,
      from: args.from as string,
      to: args.to as string,
      market: args.market,
      main_lines_only: args.main_lines_only ?? true,
    };
    const history = saved
      ? odds.events.resumeOddsHistory({ ...saved.history, maxCredits: saved.history.credits + allowance }, { maxRetries: 0 })
      : odds.events.oddsHistory(query.event_id, { main_lines_only: query.main_lines_only }, { maxCredits: allowance, maxRetries: 0 });
    const before = history.state.credits;
    const from = Date.parse(query.from);
    const to = Date.parse(query.to);
    const lines = new Map<string, Line>(saved?.lines ?? []);
    const board = saved?.board ?? emptyBoard();
    let complete = false;
    try {
      pages: for await (const page of history.pages()) {
        for (const snapshot of snapshotsOf(page.data)) {
          const at = Date.parse(snapshot[0]?.timestamp ?? '');
          if (at > to) {
            complete = true;
            break pages;
          }
          const rows = query.market === undefined ? snapshot : snapshot.filter((row) => row.market === query.market);
          // Each line keyed and diffed as the SDK's price watch does: its changes counted from 'from' on.
          const changes = applySnapshot(board, rows);
          for (const row of rows) {
            const key = lineKeyOf(row);
            const line = lines.get(key) ?? { row, at: {}, changes: 0 };
            lines.set(key, line);
            if (at <= from) line.at.from = pricesOf(row);
            line.at.to = pricesOf(row);
          }
          for (const c of at > from ? changes : []) {
            const line = lines.get(c.key);
            if (line !== undefined) line.changes += 1;
          }
        }
        complete = page.done && !page.incomplete;
      }
    } catch (error) {
      if (!(error instanceof BudgetExceededError && error.limit === 'scanMaxCredits')) throw error;
    }
    const credits = history.state.credits - before;
    const state: MovementState = { history: history.state, query, lines: [...lines], board };
    const next =
      complete || history.state.done
        ? undefined
        : { tool: 'line_movement', arguments: { continuation: held.hold({ kind: 'scan', tool: 'line_movement', state }) } };
    const rows = [...lines.values()].map(({ row, at, changes }) => ({
      market: row.market,
      period: row.period,
      alt_line_id: row.alt_line_id,
      from: at.from ?? null,
      to: at.to ?? null,
      change: {
        line: change(at.from?.line, at.to?.line),
        odds1: change(at.from?.odds1, at.to?.odds1),
        odds0: change(at.from?.odds0, at.to?.odds0),
        odds2: change(at.from?.odds2, at.to?.odds2),
      },
      changes,
    }));
    // Largest price move first (a line's points and a price's decimals do not compare).
    const size = (r: (typeof rows)[number]) => Math.max(...[r.change.odds1, r.change.odds0, r.change.odds2].map((v) => Math.abs(v ?? 0)));
    rows.sort((a, b) => size(b) - size(a));
    return { rows, count: rows.length, complete, ...(next === undefined ? {} : { next }), credits };
  },
});

const clvQuery = routes['analytics.clv'].query;
const ClvArgs = z.strictObject({ bets: z.array(z.record(z.string(), z.unknown())).check(z.minLength(1), z.maxLength(MAX_BETS)) });
/** The distinct events of a book: each costs one closing-lines request. */
const eventsOf = (bets: readonly ClvQuery[]): number => new Set(bets.map((bet) => bet.event_id)).size;
/** Why a bet has no value, in the tool's words. */
const NO_VALUE = { no_closing_line: 'no closing line matches this bet', no_event: 'no such event' } as const;

const clv = domainTool(ClvArgs, {
  name: 'clv',
  description: `Closing-line value of each bet (the analytics_clv arguments per bet) with totals, from each event's closing lines read once. Worst case ${CLOSING_LINES} credits per distinct event.`,
  outputSchema: rowsOutput({ type: 'object' }, { summary: { type: 'object' } }),
  worstCaseDefault: CLOSING_LINES,
  scales: { argument: 'bets', credits: CLOSING_LINES, most: MAX_BETS, unit: 'event', distinct: 'event_id' },
  parse: (args) =>
    args.bets.map((bet, i) => {
      try {
        return checkArguments<ClvQuery>(clvQuery, bet, shapeKeys(clvQuery));
      } catch (error) {
        throw new ArgumentError(`bets.${i}: ${(error as Error).message}`);
      }
    }),
  worstCase: (bets) => CLOSING_LINES * eventsOf(bets),
  async run({ odds }, bets: ClvQuery[]) {
    const { results, meta } = await clvMany(odds, bets, { maxRetries: 0 });
    const rows: Json[] = results.map((result, index) => {
      if (result.status === 'ok') return { index, ...result.value };
      return { index, error: result.status === 'failed' ? result.error.message : NO_VALUE[result.status] };
    });
    const matched = results.flatMap((r) => (r.status === 'ok' ? [r.value] : []));
    const sum = (key: 'clv' | 'expected_win') => matched.reduce((s, v) => s + (v[key] ?? 0), 0);
    const summary = {
      bets: bets.length,
      events: meta.events,
      matched: matched.length,
      average_clv: matched.length === 0 ? null : sum('clv') / matched.length,
      total_expected_win: sum('expected_win'),
    };
    return { rows, count: rows.length, summary, credits: meta.credits };
  },
});

/** The tools built on the SDK's calls and scans, where agents otherwise loop. */
export const domainTools = (): ToolDef<unknown>[] => [eventsScanTool, bestPrice, lineMovement, clv] as ToolDef<unknown>[];
