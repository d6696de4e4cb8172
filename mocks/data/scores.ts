import type { Fixture } from './fixtures';
import { Rng, rngOf } from './prng';
import { MINUTE, SECOND } from './time';

/** When each side scored, per segment of play: what in-play scores and results are read from. */
export interface ScorePlan {
  /** Per segment: sorted score instants of the home and the away side (one per unit scored). */
  readonly times: readonly (readonly [Float64Array, Float64Array])[];
  /** Soccer: the instant of a side's red card, or null. */
  readonly redCards: readonly [number | null, number | null];
}

const RED_CARD_RATE = 0.1;

const sortedTimes = (rng: Rng, count: number, start: number, end: number): Float64Array => {
  const out = new Float64Array(count);
  for (let i = 0; i < count; i++) out[i] = Math.floor((start + rng.next() * (end - start)) / SECOND) * SECOND;
  return out.sort();
};

const timedCount = (rng: Rng, f: Fixture, side: 0 | 1, share: number): number => {
  const { model } = f;
  const mean = Math.max(0.02, (f.trueTotal / 2 + (side === 0 ? 1 : -1) * (f.trueMargin / 2)) * share);
  if (model.lowScoring) return rng.poisson(mean);
  return Math.max(0, Math.round(mean + rng.normal() * (model.sdMargin / Math.SQRT2) * Math.sqrt(share)));
};

/** The units of one set: the winner reaches the target (or wins by two after a deuce). */
const setUnits = (rng: Rng, target: number): [winner: number, loser: number] => {
  if (rng.chance(0.15)) {
    const loser = target - 1 + rng.int(0, 1);
    return [target <= 7 ? (loser === target ? loser + 1 : loser + 2) : loser + 2, loser];
  }
  return [target, rng.int(Math.floor(target * 0.3), target - 2)];
};

/** Draws who scored when, from the event's true expectations. */
export function buildScorePlan(f: Fixture): ScorePlan {
  const rng = rngOf(f.hash, 0x5c0e);
  const { format } = f.sport;
  const segments = f.timing.segments;
  const times = segments.map((seg, i): [Float64Array, Float64Array] => {
    if (format.kind === 'sets') {
      const [w, l] = setUnits(rng, format.target);
      const winner = f.timing.setWinners[i] ?? 0;
      const home = winner === 0 ? w : l;
      const away = winner === 0 ? l : w;
      return [sortedTimes(rng, home, seg.start, seg.end), sortedTimes(rng, away, seg.start, seg.end)];
    }
    const planned = format.segments[i] ?? 1;
    const all = format.segments.reduce((a, b) => a + b, 0);
    const share = (planned / all) * Math.min(1, (seg.end - seg.start) / (planned * MINUTE));
    return [
      sortedTimes(rng, timedCount(rng, f, 0, share), seg.start, seg.end),
      sortedTimes(rng, timedCount(rng, f, 1, share), seg.start, seg.end),
    ];
  });
  const card = (): number | null =>
    f.sport.redCards && f.child === null && rng.chance(RED_CARD_RATE)
      ? Math.floor((f.starts + rng.next() * (f.endAt - f.starts)) / SECOND) * SECOND
      : null;
  return { times, redCards: [card(), card()] };
}

/** How many instants of a sorted list are at or before t. */
const countUntil = (sorted: Float64Array, t: number): number => {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/** Units scored by each side in the given segments up to instant t. */
export function unitsAt(plan: ScorePlan, segments: readonly number[], t: number): [number, number] {
  let home = 0;
  let away = 0;
  for (const i of segments) {
    const pair = plan.times[i];
    if (pair === undefined) continue;
    home += countUntil(pair[0], t);
    away += countUntil(pair[1], t);
  }
  return [home, away];
}

/** The latest scoring instant in the given segments at or before t, or null. */
export function lastScoreAt(plan: ScorePlan, segments: readonly number[], t: number): number | null {
  let last: number | null = null;
  for (const i of segments) {
    for (const side of plan.times[i] ?? []) {
      const n = countUntil(side, t);
      const at = n > 0 ? (side[n - 1] as number) : null;
      if (at !== null && (last === null || at > last)) last = at;
    }
  }
  return last;
}

/**
 * The score shown for a period at t: units scored, except for period 0 of a sets format,
 * where it is sets won (completed sets only).
 */
export function displayScoreAt(f: Fixture, plan: ScorePlan, period: number, segments: readonly number[], t: number): [number, number] {
  if (f.sport.format.kind !== 'sets' || period !== 0) return unitsAt(plan, segments, t);
  let home = 0;
  let away = 0;
  const last = f.timing.segments.length - 1;
  f.timing.segments.forEach((seg, i) => {
    // an abandoned event's last set was never finished
    if (seg.end > t || (f.abandoned && i === last)) return;
    if (f.timing.setWinners[i] === 0) home++;
    else away++;
  });
  return [home, away];
}

/** Red cards of each side at t. */
export const redCardsAt = (plan: ScorePlan, t: number): [number, number] => [
  plan.redCards[0] !== null && plan.redCards[0] <= t ? 1 : 0,
  plan.redCards[1] !== null && plan.redCards[1] <= t ? 1 : 0,
];
