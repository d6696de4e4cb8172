import { duelWinner, RACE_START, type RaceState, type PeriodState } from '../pricing';
import { type Fixture, matchOf } from './fixtures';
import type { Segment } from './game';
import { rngOf, SECOND, type Rng } from '../shared';

/**
 * The play of an event on the clock: when each unit was scored. In-play scores, in-play prices
 * and results are all read from it, so they agree with each other and with the match drawn.
 */
export interface Play {
  /** Per natural segment (set): sorted score instants of the home and the away side. */
  readonly times: readonly (readonly [Float64Array, Float64Array])[];
  /** Soccer: the instant of a side's red card, or null. */
  readonly redCards: readonly [number | null, number | null];
  /** Duels: the performance noise path, one value per minute of the scheduled event. */
  readonly path: Float64Array | null;
}

const RED_CARD_RATE = 0.1;

const sortedTimes = (rng: Rng, count: number, seg: Segment): Float64Array => {
  const out = new Float64Array(count);
  for (let i = 0; i < count; i++) out[i] = Math.floor((seg.start + rng.next() * (seg.end - seg.start)) / SECOND) * SECOND;
  return out.sort();
};

/** Places the match's units on the clock (drawn on first use, from the event's hash). */
export function buildPlay(f: Fixture): Play {
  const rng = rngOf(f.hash, 0x5c0e);
  const match = matchOf(f);
  const natural = f.timing.natural;
  let times: [Float64Array, Float64Array][];
  if (match.model.engine === 'race') {
    times = match.sets.map((set, i) => {
      const seg = natural[i] as Segment;
      const at = sortedTimes(rng, set.sequence.length, seg);
      const home: number[] = [];
      const away: number[] = [];
      for (const [k, winner] of set.sequence.entries()) (winner === 0 ? home : away).push(at[k] as number);
      return [Float64Array.from(home), Float64Array.from(away)];
    });
  } else {
    times = match.units.map((u, i) => {
      const seg = natural[i] as Segment;
      return [sortedTimes(rng, u[0], seg), sortedTimes(rng, u[1], seg)];
    });
  }
  const card = (): number | null =>
    f.sport.redCards && f.child === null && rng.chance(RED_CARD_RATE)
      ? Math.floor((f.starts + rng.next() * (f.endAt - f.starts)) / SECOND) * SECOND
      : null;
  const redCards: [number | null, number | null] = [card(), card()];
  let path: Float64Array | null = null;
  if (match.model.engine === 'duel') {
    const seg = natural[0] as Segment;
    const minutes = Math.max(1, Math.ceil((seg.end - seg.start) / 60_000));
    path = brownianBridge(match.edge - match.close[0], minutes, rng);
  }
  return { times, redCards, path };
}

/** A Brownian path at `steps` even instants from 0 to `end` (a Brownian motion when `end` is standard normal). */
function brownianBridge(end: number, steps: number, rng: Rng): Float64Array {
  const walk = new Float64Array(steps + 1);
  for (let i = 1; i <= steps; i++) walk[i] = (walk[i - 1] as number) + rng.normal() / Math.sqrt(steps);
  const last = walk[steps] as number;
  return walk.map((w, i) => w + (i / steps) * (end - last));
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
function unitsAt(play: Play, segments: readonly number[], t: number): [number, number] {
  let home = 0;
  let away = 0;
  for (const i of segments) {
    const pair = play.times[i];
    if (pair === undefined) continue;
    home += countUntil(pair[0], t);
    away += countUntil(pair[1], t);
  }
  return [home, away];
}

/** The latest scoring instant in the given segments at or before t, or null. */
export function lastScoreAt(play: Play, segments: readonly number[], t: number): number | null {
  let last: number | null = null;
  for (const i of segments) {
    for (const side of play.times[i] ?? []) {
      const n = countUntil(side, t);
      const at = n > 0 ? (side[n - 1] as number) : null;
      if (at !== null && (last === null || at > last)) last = at;
    }
  }
  return last;
}

/** Red cards of each side at t. */
export const redCardsAt = (play: Play, t: number): [number, number] => [
  play.redCards[0] !== null && play.redCards[0] <= t ? 1 : 0,
  play.redCards[1] !== null && play.redCards[1] <= t ? 1 : 0,
];

/** The segments a period scores over: its regular segments, and the extra play for period 0. */
function scoringSegments(f: Fixture, period: number): number[] {
  const spec = f.sport.format.periods.find((p) => p.period === period);
  const segments = [...(spec?.segments ?? [])];
  const match = period === 0 ? matchOf(f) : undefined;
  if (match?.overtime) segments.push(match.units.length - 1);
  return segments;
}

/** Share of regulation left in a segment at t (1 before it starts, 0 once it is over). */
const restOf = (seg: Segment | undefined, t: number): number =>
  seg === undefined ? 0 : Math.min(1, Math.max(0, (seg.end - t) / Math.max(1, seg.end - seg.start)));

/** Where a period of a count or normal event stands at t (in play). */
export function periodStateAt(f: Fixture, play: Play, period: number, t: number): PeriodState {
  const spec = f.sport.format.periods.find((p) => p.period === period);
  const regular = spec?.segments ?? [];
  const match = matchOf(f);
  let rest = 0;
  let segmentsLeft = 0;
  for (const i of regular) {
    const r = restOf(f.timing.natural[i], t);
    rest += (match.shares[i] ?? 0) * r;
    segmentsLeft += r;
  }
  const overtime = period === 0 && !match.model.draws && match.model.overtime !== null;
  const ot = match.overtime ? f.timing.natural[match.units.length - 1] : undefined;
  const inOvertime = overtime && ot !== undefined && t >= ot.start;
  return {
    scored: unitsAt(play, regular, t),
    rest: inOvertime ? 0 : rest,
    segmentsLeft: inOvertime ? 0 : segmentsLeft,
    overtime,
    inOvertime,
  };
}

/** Where a race stands at t: sets won, units of the finished sets, the set in progress. */
export function raceStateAt(f: Fixture, play: Play, t: number): RaceState {
  const match = matchOf(f);
  let sh = 0;
  let sa = 0;
  let uh = 0;
  let ua = 0;
  for (let i = 0; i < match.sets.length; i++) {
    const seg = f.timing.natural[i] as Segment;
    const set = match.sets[i]!;
    if (seg.end <= t) {
      uh += set.units[0];
      ua += set.units[1];
      if (set.units[0] > set.units[1]) sh++;
      else sa++;
      continue;
    }
    if (seg.start > t) return { ...RACE_START, sets: [sh, sa], units: [uh, ua], setIndex: i, firstServer: set.first };
    return { sets: [sh, sa], units: [uh, ua], setIndex: i, current: unitsAt(play, [i], t), firstServer: set.first };
  }
  return { ...RACE_START, sets: [sh, sa], units: [uh, ua], setIndex: match.sets.length };
}

/** A duel at t: the share of the scheduled event left and the performance path so far. */
export function duelStateAt(f: Fixture, play: Play, t: number): { rest: number; path: number } {
  const seg = f.timing.natural[0] as Segment;
  const x = Math.min(1, Math.max(0, (t - seg.start) / Math.max(1, seg.end - seg.start)));
  const path = play.path;
  if (path === null) return { rest: 1 - x, path: 0 };
  const at = x * (path.length - 1);
  const i = Math.floor(at);
  const a = path[i] ?? 0;
  const b = path[Math.min(path.length - 1, i + 1)] ?? a;
  return { rest: 1 - x, path: a + (b - a) * (at - i) };
}

/** The final score of a period, in its graded unit, with sets where the sport plays them. */
export interface FinalScore {
  readonly home: number;
  readonly away: number;
  readonly setsHome: number | null;
  readonly setsAway: number | null;
}

/** The score of a period as played up to t (the final score once the period is over). */
export function scoreAt(f: Fixture, play: Play, period: number, t: number): FinalScore {
  const match = matchOf(f);
  const model = match.model;
  if (model.engine === 'duel') {
    if (t < f.endAt) return { home: 0, away: 0, setsHome: null, setsAway: null };
    const winner = duelWinner(model, match.edge);
    const [home, away] = winner === 0 ? [1, 0] : winner === 1 ? [0, 1] : [0.5, 0.5];
    return { home, away, setsHome: null, setsAway: null };
  }
  const [home, away] = unitsAt(play, scoringSegments(f, period), t);
  if (model.engine !== 'race' || model.bestOf === 1) return { home, away, setsHome: null, setsAway: null };
  const race = raceStateAt(f, play, Math.min(t, f.endAt));
  // Sets count when finished; an abandoned event's last set never finished.
  const finished = (i: number): boolean => {
    const seg = f.timing.natural[i];
    return seg !== undefined && seg.end <= Math.min(t, f.endAt) && !(f.abandoned && seg.end > f.endAt);
  };
  if (period === 0) {
    if (model.matchUnit === 'sets') return { home: race.sets[0], away: race.sets[1], setsHome: race.sets[0], setsAway: race.sets[1] };
    return { home, away, setsHome: race.sets[0], setsAway: race.sets[1] };
  }
  const i = period - 1;
  const set = match.sets[i];
  if (set === undefined || !finished(i)) return { home, away, setsHome: 0, setsAway: 0 };
  return { home, away, setsHome: set.units[0] > set.units[1] ? 1 : 0, setsAway: set.units[0] > set.units[1] ? 0 : 1 };
}

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
  const units = matchOf(f).units;
  const home = units.reduce((s, u) => s + u[0], 0);
  const away = units.reduce((s, u) => s + u[1], 0);
  const first: 0 | 1 = rng.chance(0.5) ? 0 : 1;
  for (const side of [first, (1 - first) as 0 | 1]) {
    for (const delta of [-1, 1] as const) {
      const scored = units[segment]?.[side] ?? 0;
      if (scored + delta < 0) continue;
      const [h, a] = side === 0 ? [home + delta, away] : [home, away + delta];
      if (h === a && !f.model.draws) continue;
      return { segment, side, delta };
    }
  }
  return null;
}

/** The first settlement's error in a period's score as [home, away] deltas, or null if it was right. */
export function settlementDelta(f: Fixture, period: number): [number, number] | null {
  const error = settlementErrorOf(f);
  if (error === null || !scoringSegments(f, period).includes(error.segment)) return null;
  return error.side === 0 ? [error.delta, 0] : [0, error.delta];
}
