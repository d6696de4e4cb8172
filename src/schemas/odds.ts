import * as z from 'zod/mini';
import { qBool, query, qUtcDateTime } from './query';

/** Query of `GET /v1/events/{event_id}/odds` (docs/service.md, "Prices", odds rules 1 to 5). */
export const OddsQuery = query({
  /** Return the available matching history instead of the latest snapshot. */
  full_history: z.optional(qBool),
  /**
   * Incremental history since this time; refused together with `full_history=0`. RFC 3339 in UTC with `Z` (the SDK also takes
   * `+00:00` or a `Date`, and sends it with `Z`).
   */
  since: z.optional(qUtcDateTime),
  /** Keep only primary rows (`alt_line_id` null); default 0. */
  main_lines_only: z.optional(qBool),
}).check(
  z.refine((q) => !(q.since !== undefined && q.full_history === false), {
    message: 'since cannot be combined with full_history=0',
    path: ['since'],
  }),
);
export type OddsQuery = z.output<typeof OddsQuery>;

/** Query of `GET /v1/props/{prop_id}/odds`. */
export const PropOddsQuery = query({ full_history: z.optional(qBool) });
export type PropOddsQuery = z.output<typeof PropOddsQuery>;
