import * as z from 'zod/mini';
import { field, int64, Market, timestamp } from './primitives';

/** Price rows of docs/service.md's "Prices" (columns O, P and C); every field is nullable and may be absent. */
const priceColumns = {
  /** Stable event identifier. */
  event_id: field(int64),
  /** Identifier of this market line snapshot. */
  line_id: field(int64),
  /** Alternate spread/total line identifier; null for the primary line. */
  alt_line_id: field(int64),
  /** One of moneyline, spread, totals, home_totals, away_totals (newer values still parse). */
  market: field(Market),
  /** Sport-specific period number; 0 is the full event. */
  period: field(int64),
  /** Spread/total value from the selected side's perspective; null for moneyline. */
  line: field(z.number()),
  /** Home price; over price for totals-style markets. */
  odds1: field(z.number()),
  /** Draw price; middle outcome for totals-style markets when supplied. */
  odds0: field(z.number()),
  /** Away price; under price for totals-style markets. */
  odds2: field(z.number()),
  /** Margin-removed fair price of `odds1`. */
  todds1: field(z.number()),
  /** Margin-removed fair price of `odds0`. */
  todds0: field(z.number()),
  /** Margin-removed fair price of `odds2`. */
  todds2: field(z.number()),
  /** Maximum win indicated for the line. */
  max_win: field(z.number()),
  /** UTC time after which the market/line is no longer offered. */
  cutoff: field(timestamp),
  /** Availability state: 1 open, 2 suspended, 3 off the board (docs/service.md, "Numeric codes and identifiers"). */
  status: field(int64),
  /** UTC time the snapshot was recorded. */
  timestamp: field(timestamp),
};

const scoreColumns = {
  score_home: field(z.number()),
  score_away: field(z.number()),
};

/** One event price snapshot (`/v1/events/{event_id}/odds`). */
export const OddsSnapshot = z.object({
  ...priceColumns,
  ...scoreColumns,
  red_cards_home: field(int64),
  red_cards_away: field(int64),
});
export interface OddsSnapshot extends z.infer<typeof OddsSnapshot> {}

/** The earliest available snapshot per event market, period and line. */
export const OpeningLine = z.object({ ...priceColumns });
export interface OpeningLine extends z.infer<typeof OpeningLine> {}

/** The latest available closing snapshot; can be corrected, so refresh it when revisions matter. */
export const ClosingLine = z.object({
  ...priceColumns,
  ...scoreColumns,
  /** Result state: 0 pending, 1 settled, 2 re-settled, 3 cancelled (docs/service.md, "Numeric codes and identifiers"). */
  result_status: field(int64),
});
export interface ClosingLine extends z.infer<typeof ClosingLine> {}

/** Price `status` codes (docs/service.md, "Numeric codes and identifiers"). */
export const PriceStatus = { open: 1, suspended: 2, offBoard: 3 } as const;
/** Result `status` and closing `result_status` codes (docs/service.md, "Numeric codes and identifiers"). */
export const ResultStatus = { pending: 0, settled: 1, resettled: 2, cancelled: 3 } as const;
