import { capped, type EventParams, requireEvent } from './common';
import type { DataHandler } from './types';

/** `GET /v1/events/{event_id}/lines/opening`: the earliest snapshot per market, period and line recorded by now, pre-match or in play. */
export const openingLines: DataHandler<EventParams, unknown> = (ctx) => {
  const now = ctx.clock.now();
  return capped(ctx.data.openingLines(requireEvent(ctx, now), now), ctx.rowCap);
};

/** `GET /v1/events/{event_id}/lines/closing`: the board at the close (per period, every row of its last pre-start snapshot), once started. */
export const closingLines: DataHandler<EventParams, unknown> = (ctx) => {
  const now = ctx.clock.now();
  return capped(ctx.data.closingLines(requireEvent(ctx, now), now), ctx.rowCap);
};
