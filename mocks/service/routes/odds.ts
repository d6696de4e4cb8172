import { historyFinal, ms, requireEvent } from './common';
import type { DataHandler } from '../contract';

/**
 * `GET /v1/events/{event_id}/odds` (docs/service.md, "Prices", odds rules 1 to 5): latest by default (per period,
 * every row of its greatest line_id snapshot), history with `full_history=1` and/or `since`,
 * primary rows only with `main_lines_only=1`, cut at the row cap with `truncated`.
 */
export const eventOdds: DataHandler<'events.odds'> = (ctx) => {
  const now = ctx.clock.now();
  const fixture = requireEvent(ctx, now);
  const { full_history, since, main_lines_only } = ctx.query;
  const page = ctx.data.odds(fixture, now, {
    fullHistory: full_history === true,
    ...(since === undefined ? {} : { since: ms(since) }),
    mainOnly: main_lines_only === true,
    rowCap: ctx.rowCap,
  });
  const timeline = ctx.data.timeline(fixture);
  const stable = historyFinal(fixture, timeline.t[timeline.count - 1] ?? 0, now);
  return { body: page.rows, rows: page.rows.length, truncated: page.truncated, ...(stable ? { stable } : {}) };
};
