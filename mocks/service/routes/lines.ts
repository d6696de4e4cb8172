import { aboutEvent, capped, requireEvent } from './common';
import type { DataHandler } from '../contract';

/** `GET /v1/events/{event_id}/lines/opening`: the earliest snapshot per market, period and line recorded by now, pre-match or in play. */
export const openingLines: DataHandler<'events.openingLines'> = (ctx) => {
  const now = ctx.clock.now();
  const fixture = requireEvent(ctx, now);
  return aboutEvent(capped(ctx.data.openingLines(fixture, now), ctx.rowCap), fixture, now);
};

/** `GET /v1/events/{event_id}/lines/closing`: the board at the close (per period, every row of its last pre-start snapshot), once started. */
export const closingLines: DataHandler<'events.closingLines'> = (ctx) => {
  const now = ctx.clock.now();
  const fixture = requireEvent(ctx, now);
  return aboutEvent(capped(ctx.data.closingLines(fixture, now), ctx.rowCap), fixture, now);
};
