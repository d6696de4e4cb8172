import * as z from 'zod/mini';
import { field, flag, int64, timestamp } from './primitives';
import { qBool, qCursor, qLimit, qPositiveInt, query, qUtcDateTime, qUtcDateTimeOrDay } from './query';

/** An event (fixture), docs/service.md, "Events". */
export const Event = z.object({
  event_id: field(int64),
  /** Parent event for child/derivative fixtures. */
  parent_id: field(int64),
  /** Scheduled start, UTC. */
  starts: field(timestamp),
  runner_home: field(z.string()),
  runner_away: field(z.string()),
  /** 0 pre-match, 1 in play, 2 ended (docs/service.md, "Numeric codes and identifiers"); alone not proof of availability. */
  live_status: field(int64),
  opening_available: field(flag),
  closing_available: field(flag),
  /** Scoring or settlement unit. */
  resulting_unit: field(z.string()),
  /** Monotonic event version used to recognize updates. */
  version: field(int64),
});
export interface Event extends z.infer<typeof Event> {}

/** Event `live_status` codes (docs/service.md, "Numeric codes and identifiers"). */
export const LiveStatus = { preMatch: 0, inPlay: 1, ended: 2 } as const;

/** Query of `GET /v1/events` (docs/service.md, "Events"). */
export const EventsQuery = query({
  sport_id: z.optional(qPositiveInt),
  league_id: z.optional(qPositiveInt),
  /**
   * A present or future value is the future lower bound; only a past one selects history. RFC 3339 in UTC with `Z` (the SDK also
   * takes `+00:00` or a `Date`, and sends it with `Z`).
   */
  starts_from: z.optional(qUtcDateTime),
  /** Inclusive upper bound: a timestamp (as `starts_from`) or a complete UTC day `YYYY-MM-DD`. */
  starts_to: z.optional(qUtcDateTimeOrDay),
  event_id: z.optional(qPositiveInt),
  parent_id: z.optional(qPositiveInt),
  /** Currently offered in-play events only. */
  live: z.optional(qBool),
  /** 1 to 500, default 100. */
  limit: z.optional(qLimit),
  /** Live continuation from `X-Next-Cursor`, with the original filters repeated. */
  cursor: z.optional(qCursor),
  /** Fixture metadata changed since this time (not price changes), as `starts_from`. */
  since: z.optional(qUtcDateTime),
}).check(
  z.refine((q) => q.cursor === undefined || q.live === true, {
    message: 'cursor is only valid with live=1',
    path: ['cursor'],
  }),
);
export type EventsQuery = z.output<typeof EventsQuery>;
