import type { Fixture } from './fixtures';
import { sourceFeedId } from './odds-rows';
import { type FinalScore, lastScoreAt, type Play, scoreAt, scoringSegments } from './play';
import { rngOf } from './prng';
import type { ResultRow } from './rows';
import { iso } from './time';

/** Result `status` codes (decisions.md). */
export const RESULT_STATUS = { pending: 0, settled: 1, resettled: 2, cancelled: 3 } as const;

const REASONS = [
  'Match abandoned due to weather',
  'Match abandoned: floodlight failure',
  'Match abandoned: pitch unplayable',
  'Match abandoned due to crowd trouble',
];
const RETIREMENT = 'Retirement before completion: all bets void';

/**
 * A settlement error: the first settlement credited one side of the last regular segment with a
 * unit too many or too few; the correction restores the score as played. The error never levels
 * a full event that cannot end level.
 */
interface SettlementError {
  readonly segment: number;
  readonly side: 0 | 1;
  readonly delta: 1 | -1;
}

function settlementErrorOf(f: Fixture): SettlementError | null {
  if (f.correctedAt === null) return null;
  const rng = rngOf(f.hash, 0xc0ee);
  const segment = (f.sport.format.periods[0]?.segments.length ?? 1) - 1;
  const units = f.match.units;
  const home = units.reduce((s, u) => s + u[0], 0);
  const away = units.reduce((s, u) => s + u[1], 0);
  const first: 0 | 1 = rng.chance(0.5) ? 0 : 1;
  for (const side of [first, (1 - first) as 0 | 1]) {
    for (const delta of [-1, 1] as const) {
      const scored = units[segment]?.[side] ?? 0;
      if (scored + delta < 0) continue;
      const [h, a] = side === 0 ? [home + delta, away] : [home, away + delta];
      if (h === a && !f.match.model.draws) continue;
      return { segment, side, delta };
    }
  }
  return null;
}

/** The results of an event at `now`: one row per period that has started, pending until settled. */
export function resultsAt(f: Fixture, play: Play, now: number): ResultRow[] {
  if (now < f.starts) return [];
  const sets = f.sport.format.kind === 'sets';
  const settled = now >= f.settledAt;
  const corrected = settled && f.correctedAt !== null && now >= f.correctedAt;
  const error = settled && !corrected ? settlementErrorOf(f) : null;
  const touchedByError = settlementErrorOf(f);
  const reason = sets ? RETIREMENT : rngOf(f.hash, 0xab).pick(REASONS);
  const rows: ResultRow[] = [];
  for (const spec of f.sport.format.periods) {
    const played = spec.segments.filter((i) => (f.timing.segments[i]?.start ?? Infinity) <= now);
    if (played.length === 0) continue;
    const at = Math.min(now, f.endAt);
    const score: FinalScore = scoreAt(f, play, spec.period, settled ? f.endAt : at);
    let { home, away } = score;
    const touched = touchedByError !== null && scoringSegments(f, spec.period).includes(touchedByError.segment);
    if (error !== null && touched) {
      if (error.side === 0) home += error.delta;
      else away += error.delta;
    }
    const resettled = corrected && touched;
    const cancelled = settled && f.abandoned;
    const lastScore = lastScoreAt(play, spec.segments, at);
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
      timestamp: iso(resettled ? (f.correctedAt ?? f.settledAt) : settled ? f.settledAt : Math.max(firstStart, lastScore ?? firstStart)),
      source_feed_id: sourceFeedId(f),
    });
  }
  return rows;
}
