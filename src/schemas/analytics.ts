import * as z from 'zod/mini';
import { field } from './primitives';
import { qDecimal, qIntRange, qMarket, qPositiveInt, query } from './query';

/** The CLV analysis of one bet (docs/service.md, "CLV analysis"). */
export const ClosingLineValue = z.object({
  /** Observed decimal closing price matched to the bet. */
  closing_odds: field(z.number()),
  /** Margin-removed fair closing price matched to the bet. */
  true_closing_odds: field(z.number()),
  /** `stake * clv`, in the stake's unit. */
  expected_win: field(z.number()),
  /** `odds / true_closing_odds - 1`. */
  clv: field(z.number()),
});
export interface ClosingLineValue extends z.infer<typeof ClosingLineValue> {}

/** The bet sides, and which markets each fits. */
export const SIDES_BY_MARKET = {
  moneyline: ['home', 'away', 'draw'],
  spread: ['home', 'away'],
  totals: ['over', 'under'],
  home_totals: ['over', 'under'],
  away_totals: ['over', 'under'],
} as const;

const MARKETS_WITH_LINE = new Set(['spread', 'totals', 'home_totals', 'away_totals']);

/** What the service takes for an omitted `period` (the full event) and `stake`. */
export const CLV_DEFAULTS = { period: 0, stake: 1 } as const;

/** Query of `GET /v1/analytics/clv` (docs/service.md, "Parameter formats"). */
export const ClvQuery = query({
  event_id: qPositiveInt,
  market: qMarket,
  /** Default 0, the full event; any period number the sport defines. */
  period: z.optional(qIntRange(0, Number.MAX_SAFE_INTEGER)),
  side: z.enum(['home', 'away', 'draw', 'over', 'under']),
  /** Required for spread and totals families, from the selected side's perspective. */
  line: z.optional(qDecimal()),
  /** Decimal price taken, greater than 1. */
  odds: qDecimal(z.gt(1, 'must be greater than 1')),
  /** Default 1, greater than 0. */
  stake: z.optional(qDecimal(z.gt(0, 'must be greater than 0'))),
}).check(
  z.refine((q) => (SIDES_BY_MARKET[q.market] as readonly string[]).includes(q.side), {
    message: 'side does not fit the market',
    path: ['side'],
  }),
  z.refine((q) => MARKETS_WITH_LINE.has(q.market) === (q.line !== undefined), {
    message: 'line is required for spread and totals markets and not allowed for moneyline',
    path: ['line'],
  }),
);
export type ClvQuery = z.output<typeof ClvQuery>;
