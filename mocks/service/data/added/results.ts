import { sourceFeedId, RESULT_STATUS, type ResultRow } from '../rows';
import type { AddedEvent, PeriodScore } from './event';
import { isoSeconds } from '../../../../src/schemas/instant-text';

/**
 * The results of an added event at `now` (docs/service.md, "Prices"): nothing before the kickoff;
 * then one row per result period, pending with the running score; from `settledAt` the settled score
 * (status 1), or cancelled (3, no scores); from `correctedAt` the corrected periods re-settled (2).
 */
export function addedResults(e: AddedEvent, now: number): ResultRow[] {
  if (now < e.starts) return [];
  const settled = now >= e.settledAt;
  const corrected = settled && e.correctedAt !== null && now >= e.correctedAt;
  const cancelled = settled && e.cancelled !== null;
  const playedTo = Math.min(now, e.endAt);
  return e.resultPeriods.map((period): ResultRow => {
    const running = e.timeline.score(period, settled ? e.endAt : playedTo);
    const fix = corrected ? e.correction.get(period) : undefined;
    const score: PeriodScore = fix ?? (settled ? e.result.get(period) : undefined) ?? running;
    const lastScore = e.timeline.lastScoreAt(period, playedTo);
    return {
      period,
      score_home: cancelled ? null : score.home,
      score_away: cancelled ? null : score.away,
      sets_home: cancelled ? null : score.setsHome,
      sets_away: cancelled ? null : score.setsAway,
      settlement_id: !settled ? null : fix !== undefined ? 'st_2' : 1,
      status: !settled
        ? RESULT_STATUS.pending
        : cancelled
          ? RESULT_STATUS.cancelled
          : fix !== undefined
            ? RESULT_STATUS.resettled
            : RESULT_STATUS.settled,
      cancellation_reason: cancelled ? e.cancelled : null,
      timestamp: isoSeconds(
        fix !== undefined ? (e.correctedAt as number) : settled ? e.settledAt : Math.max(e.starts, lastScore ?? e.starts),
      ),
      source_feed_id: sourceFeedId(e),
    };
  });
}
