import { listLive } from './live-events';
import { listUpcoming } from './upcoming-events';
import type { DataHandler } from '../contract';

/** `GET /v1/events`: upcoming (and historical, exact) fixtures, or with `live=1` the offered in-play ones. */
export const listEvents: DataHandler<'events.list'> = (ctx) => (ctx.query.live === true ? listLive(ctx) : listUpcoming(ctx));
