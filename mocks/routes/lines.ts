import { capped, type EventParams, requireEvent } from './common';
import type { DataHandler } from './types';

/** `GET /v1/events/{event_id}/lines/opening`: the earliest snapshot per market, period and line recorded by now. */
export const openingLines: DataHandler<EventParams, unknown> = (ctx) => {
  const now = ctx.clock.now();
  return capped(ctx.data.openingLines(requireEvent(ctx, now), now), ctx.rowCap);
};

/** `GET /v1/events/{event_id}/lines/closing`: the latest pre-cutoff snapshot per market, period and line, once started. */
export const closingLines: DataHandler<EventParams, unknown> = (ctx) => {
  const now = ctx.clock.now();
  return capped(ctx.data.closingLines(requireEvent(ctx, now), now), ctx.rowCap);
};
