import * as z from 'zod/mini';
import { field, int64, timestamp } from './primitives';

/** One period's result of an event (docs/service.md, "Prices"); can be corrected or re-settled. */
export const Result = z.object({
  period: field(int64),
  score_home: field(z.number()),
  score_away: field(z.number()),
  /** When the sport uses sets. */
  sets_home: field(z.number()),
  sets_away: field(z.number()),
  /** Current settlement revision. */
  settlement_id: field(z.union([int64, z.string()])),
  /** 0 pending, 1 settled, 2 re-settled, 3 cancelled (docs/service.md, "Numeric codes and identifiers"). */
  status: field(int64),
  /** Only when cancelled. */
  cancellation_reason: field(z.string()),
  /** Latest result/settlement update, UTC. */
  timestamp: field(timestamp),
});
export interface Result extends z.infer<typeof Result> {}
