import { columnOfSide, rowLineOf } from '../../../src/domain';
import { CLV_DEFAULTS, type ClosingLineValue } from '../../../src/schemas';
import { notFound } from '../service-refusal';
import type { DataHandler } from '../contract';

const same = (a: number | null, b: number | null): boolean => (a === null || b === null ? a === b : Math.abs(a - b) < 1e-9);

/**
 * `GET /v1/analytics/clv` (docs/service.md, "CLV analysis"): matches the closing row of the event, market, period
 * (default 0) and line on the closing board, and answers `clv = odds / true_closing_odds - 1` and
 * `expected_win = stake * clv` at full double precision, so the identity holds exactly for the
 * numbers sent. No matching closing row (no board yet, a line taken off before the close, a
 * period first quoted in play): 404.
 */
export const closingLineValue: DataHandler<'analytics.clv'> = (ctx) => {
  const q = ctx.query;
  const now = ctx.clock.now();
  const fixture = ctx.data.eventAt(q.event_id, now);
  if (fixture === undefined) throw notFound(`event ${q.event_id} not found`);
  const period = q.period ?? CLV_DEFAULTS.period;
  const line = rowLineOf(q);
  const row = ctx.data.closingLines(fixture, now).find((r) => r.market === q.market && r.period === period && same(r.line, line));
  const column = columnOfSide(q.side);
  const closing = row === undefined ? null : row[column.odds];
  const fair = row === undefined ? null : row[column.fair];
  if (closing === null || fair === null) {
    throw notFound(
      `no closing line of event ${q.event_id} matches ${q.market} period ${period} side ${q.side}${line === null ? '' : ` line ${q.line}`}`,
    );
  }
  const clv = q.odds / fair - 1;
  const body: ClosingLineValue = {
    closing_odds: closing,
    true_closing_odds: fair,
    expected_win: (q.stake ?? CLV_DEFAULTS.stake) * clv,
    clv,
  };
  return { body, rows: 1, truncated: false };
};
