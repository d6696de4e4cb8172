import { closingLineValue as clvOfRows } from '../../../src/domain';
import { notFound } from '../service-refusal';
import type { DataHandler } from '../contract';

/**
 * `GET /v1/analytics/clv` (docs/service.md, "CLV analysis"): the bet's closing-line value from its event's closing
 * board, by the shared computation the SDK's batch runs on the closing lines route's rows (so the two cannot differ).
 * No matching closing row (no board yet, a line taken off before the close, a period first quoted in play): 404.
 */
export const closingLineValue: DataHandler<'analytics.clv'> = (ctx) => {
  const q = ctx.query;
  const now = ctx.clock.now();
  const fixture = ctx.data.eventAt(q.event_id, now);
  if (fixture === undefined) throw notFound(`event ${q.event_id} not found`);
  const match = clvOfRows(q, ctx.data.closingLines(fixture, now));
  if (match.kind === 'no_closing_line') throw notFound(match.message);
  return { body: match.value, rows: 1, truncated: false };
};
