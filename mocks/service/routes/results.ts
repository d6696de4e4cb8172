import { eventRowsHandler } from './common';
import type { DataHandler } from '../contract';

/** `GET /v1/events/{event_id}/results`: one row per period that has started (pending until settled). */
export const eventResults: DataHandler<'events.results'> = eventRowsHandler((data, event, now) => data.results(event, now));
