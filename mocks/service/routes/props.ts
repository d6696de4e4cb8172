import { notFound } from '../service-refusal';
import { capped, requireEvent } from './common';
import type { DataHandler } from '../contract';

/** `GET /v1/events/{event_id}/props`: the event's specials, one row per contestant. */
export const eventProps: DataHandler<'events.props'> = (ctx) => {
  const now = ctx.clock.now();
  return capped(ctx.data.props(requireEvent(ctx, now), now), ctx.rowCap);
};

/**
 * `GET /v1/props/{prop_id}/odds`: latest (exactly one row per special_id + contestant_line_id,
 * its greatest line_id) or, with `full_history=1`, every row recorded by now. `prop_id` is a
 * special id of an event prop or an outright.
 */
export const propOdds: DataHandler<'props.odds'> = (ctx) => {
  const now = ctx.clock.now();
  const special = ctx.data.special(ctx.params.prop_id, now);
  if (special === undefined) throw notFound(`prop ${ctx.params.prop_id} not found`);
  return capped(ctx.data.specialOdds(special, now, ctx.query.full_history === true), ctx.rowCap);
};
