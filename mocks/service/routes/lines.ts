import { eventRowsHandler } from './common';
import type { DataHandler } from '../contract';

/** `GET /v1/events/{event_id}/lines/opening`: the earliest snapshot per market, period and line recorded by now, pre-match or in play. */
export const openingLines: DataHandler<'events.openingLines'> = eventRowsHandler((data, event, now) => data.openingLines(event, now));

/** `GET /v1/events/{event_id}/lines/closing`: the board at the close (per period, every row of its last pre-start snapshot), once started. */
export const closingLines: DataHandler<'events.closingLines'> = eventRowsHandler((data, event, now) => data.closingLines(event, now));
