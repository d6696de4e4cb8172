import type { Fixture } from './fixtures';
import { sourceFeedId } from './odds-rows';
import { rngOf } from './prng';
import type { ResultRow } from './rows';
import { displayScoreAt, lastScoreAt, type ScorePlan } from './scores';
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

/** A correction: one side of the last segment loses or gains a unit; the periods it touches re-settle. */
interface Correction {
  readonly segment: number;
  readonly side: 0 | 1;
  readonly delta: 1 | -1;
}

const correctionOf = (f: Fixture, plan: ScorePlan): Correction | null => {
  if (f.sport.format.kind === 'sets') return null;
  const rng = rngOf(f.hash, 0xc0ee);
  const segment = f.timing.segments.length - 1;
  const side: 0 | 1 = rng.chance(0.5) ? 0 : 1;
  const scored = plan.times[segment]?.[side].length ?? 0;
  return { segment, side, delta: scored > 0 && rng.chance(0.6) ? -1 : 1 };
};

/** Whether a period's result changes with the correction. */
const touched = (segments: readonly number[], period: number, c: Correction | null, sets: boolean): boolean =>
  c === null ? sets && period === 0 : segments.includes(c.segment);

/** The results of an event at `now`: one row per period that has started, pending until settled. */
export function resultsAt(f: Fixture, plan: ScorePlan, now: number): ResultRow[] {
  if (now < f.starts) return [];
  const sets = f.sport.format.kind === 'sets';
  const settled = now >= f.settledAt;
  const corrected = settled && f.correctedAt !== null && now >= f.correctedAt;
  const correction = corrected ? correctionOf(f, plan) : null;
  const reason = sets ? RETIREMENT : rngOf(f.hash, 0xab).pick(REASONS);
  const rows: ResultRow[] = [];
  for (const spec of f.sport.format.periods) {
    const played = spec.segments.filter((i) => (f.timing.segments[i]?.start ?? Infinity) <= now);
    if (played.length === 0) continue;
    const at = Math.min(now, f.endAt);
    let [home, away] = displayScoreAt(f, plan, spec.period, spec.segments, settled ? f.endAt : at);
    const resettled = corrected && touched(spec.segments, spec.period, correction, sets);
    if (resettled && correction !== null) {
      if (correction.side === 0) home = Math.max(0, home + correction.delta);
      else away = Math.max(0, away + correction.delta);
    }
    const setScore = (): [number | null, number | null] => {
      if (!sets) return [null, null];
      if (spec.period === 0) return [home, away];
      const segment = f.timing.segments[spec.segments[0] ?? -1];
      const complete = segment !== undefined && segment.end <= at && !(f.abandoned && segment.end === f.endAt);
      if (!complete) return [0, 0];
      return f.timing.setWinners[spec.segments[0] ?? -1] === 0 ? [1, 0] : [0, 1];
    };
    const [setsHome, setsAway] = setScore();
    const cancelled = settled && f.abandoned;
    const lastScore = lastScoreAt(plan, spec.segments, at);
    const firstStart = f.timing.segments[played[0] ?? 0]?.start ?? f.starts;
    rows.push({
      period: spec.period,
      score_home: cancelled ? null : home,
      score_away: cancelled ? null : away,
      sets_home: cancelled ? null : setsHome,
      sets_away: cancelled ? null : setsAway,
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
