import { aboutEvent, capped, requireEvent } from './common';
import type { DataHandler } from '../contract';

/** `GET /v1/events/{event_id}/results`: one row per period that has started (pending until settled). */
export const eventResults: DataHandler<'events.results'> = (ctx) => {
  const now = ctx.clock.now();
  const fixture = requireEvent(ctx, now);
  return aboutEvent(capped(ctx.data.results(fixture, now), ctx.rowCap), fixture, now);
};
