import * as z from 'zod/mini';
import { field, flag, int64, timestamp } from './primitives';
import { qPositiveInt, query } from './query';

const specialColumns = {
  /** Used as `prop_id` on the prop odds route. */
  special_id: field(int64),
  special_name: field(z.string()),
  bet_type: field(z.string()),
  category: field(z.string()),
  contestant_id: field(int64),
  contestant_name: field(z.string()),
  event_id: field(int64),
  period: field(int64),
  runner_home: field(z.string()),
  runner_away: field(z.string()),
  /** For example points or goals. */
  units: field(z.string()),
  cutoff: field(timestamp),
  opening_available: field(flag),
  closing_available: field(flag),
};

/** An event prop: one row per contestant or outcome (docs/service.md, "Props and outrights"). */
export const SpecialMarket = z.object({ ...specialColumns });
export interface SpecialMarket extends z.infer<typeof SpecialMarket> {}

/** An outright: the same fields as a prop, not tied to a single event (docs/service.md, "Props and outrights"). */
export const Outright = z.object({ ...specialColumns });
export interface Outright extends z.infer<typeof Outright> {}

/** One prop price row (docs/service.md, "Props and outrights"). */
export const SpecialOddsSnapshot = z.object({
  special_id: field(int64),
  /** Joins a contestant to one priced line. */
  contestant_line_id: field(int64),
  line_id: field(int64),
  /** Handicap/threshold on this row; not part of its latest identity. */
  handicap: field(z.number()),
  odds: field(z.number()),
  todds: field(z.number()),
  max_win: field(z.number()),
  timestamp: field(timestamp),
});
export interface SpecialOddsSnapshot extends z.infer<typeof SpecialOddsSnapshot> {}

/** Query of `GET /v1/outrights`: an optional sport. */
export const OutrightsQuery = query({ sport_id: z.optional(qPositiveInt) });
export type OutrightsQuery = z.output<typeof OutrightsQuery>;
