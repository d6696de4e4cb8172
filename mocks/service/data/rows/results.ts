import type { Fixture, Timeline } from '../events';
import { sourceFeedId } from './snapshots';
import { rngOf } from '../shared';
import type { ResultRow } from './types';
import { isoSeconds } from '../../../../src/schemas/instant-text';

/** Result `status` codes (docs/service.md, "Numeric codes and identifiers"). */
export const RESULT_STATUS = { pending: 0, settled: 1, resettled: 2, cancelled: 3 } as const;

const REASONS = [
  'Match abandoned due to weather',
  'Match abandoned: floodlight failure',
  'Match abandoned: pitch unplayable',
  'Match abandoned due to crowd trouble',
];
const RETIREMENT = 'Retirement before completion: all bets void';

/**
 * The results of an event at `now`, from its timeline's scores: one row per period that has
 * started, pending until settled; a period the first settlement got wrong shows that score until
 * the correction re-settles it.
 */
export function resultsAt(f: Fixture, tl: Timeline, now: number): ResultRow[] {
  if (now < f.starts) return [];
  const sets = f.sport.format.kind === 'sets';
  const settled = now >= f.settledAt;
  const corrected = settled && f.correctedAt !== null && now >= f.correctedAt;
  const reason = sets ? RETIREMENT : rngOf(f.hash, 0xab).pick(REASONS);
  const rows: ResultRow[] = [];
  for (const spec of f.sport.format.periods) {
    const played = spec.segments.filter((i) => (f.timing.segments[i]?.start ?? Infinity) <= now);
    if (played.length === 0) continue;
    const at = Math.min(now, f.endAt);
    const score = tl.score(spec.period, settled ? f.endAt : at);
    let { home, away } = score;
    const error = tl.settlementError(spec.period);
    if (error !== null && settled && !corrected) {
      home += error[0];
      away += error[1];
    }
    const resettled = corrected && error !== null;
    const cancelled = settled && f.abandoned;
    const lastScore = tl.lastScoreAt(spec.period, at);
    const firstStart = f.timing.segments[played[0] ?? 0]?.start ?? f.starts;
    rows.push({
      period: spec.period,
      score_home: cancelled ? null : home,
      score_away: cancelled ? null : away,
      sets_home: cancelled ? null : score.setsHome,
      sets_away: cancelled ? null : score.setsAway,
      settlement_id: !settled ? null : resettled ? 'st_2' : 1,
      status: !settled
        ? RESULT_STATUS.pending
        : cancelled
          ? RESULT_STATUS.cancelled
          : resettled
            ? RESULT_STATUS.resettled
            : RESULT_STATUS.settled,
      cancellation_reason: cancelled ? reason : null,
      timestamp: isoSeconds(
        resettled ? (f.correctedAt ?? f.settledAt) : settled ? f.settledAt : Math.max(firstStart, lastScore ?? firstStart),
      ),
      source_feed_id: sourceFeedId(f),
    });
  }
  return rows;
}
