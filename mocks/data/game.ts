import type { GameFormat } from './formats';
import type { ScoringModel } from './models';
import { normalCdf } from './normal';
import type { Rng } from './prng';
import { MINUTE, SECOND, toSecond } from './time';

/** A stretch of play on the wall clock. */
export interface Segment {
  readonly start: number;
  readonly end: number;
}

/** When an event is played: its segments (or sets), its end, and who won each set. */
export interface GameTiming {
  readonly segments: readonly Segment[];
  readonly endAt: number;
  /** Abandoned before its natural end (results are cancelled). */
  readonly abandoned: boolean;
  /** Sets formats: the winner of each played set, 0 home or 1 away. */
  readonly setWinners: readonly (0 | 1)[];
}

const ABANDON_RATE = 0.012;
const SET_BREAK = 2 * MINUTE;

const timedSegments = (segments: readonly number[], breaks: readonly number[], starts: number, rng: Rng): Segment[] => {
  const out: Segment[] = [];
  let cursor = starts;
  segments.forEach((minutes, i) => {
    const end = toSecond(cursor + minutes * MINUTE * (1 + rng.between(0, 0.08)));
    out.push({ start: cursor, end });
    cursor = end + (breaks[i] ?? 0) * MINUTE;
  });
  return out;
};

const playedSets = (bestOf: number, setMinutes: number, starts: number, pHomeSet: number, rng: Rng) => {
  const needed = Math.ceil(bestOf / 2);
  const won = [0, 0];
  const segments: Segment[] = [];
  const winners: (0 | 1)[] = [];
  let cursor = starts;
  while ((won[0] ?? 0) < needed && (won[1] ?? 0) < needed) {
    const winner: 0 | 1 = rng.next() < pHomeSet ? 0 : 1;
    won[winner] = (won[winner] ?? 0) + 1;
    winners.push(winner);
    const end = toSecond(cursor + setMinutes * MINUTE * rng.between(0.75, 1.3));
    segments.push({ start: cursor, end });
    cursor = end + SET_BREAK;
  }
  return { segments, winners };
};

/** Plans when an event is played; `margin` is the true expected margin (it decides sets). */
export function planTiming(format: GameFormat, model: ScoringModel, starts: number, margin: number, rng: Rng): GameTiming {
  let segments: Segment[];
  let setWinners: (0 | 1)[] = [];
  if (format.kind === 'timed') {
    segments = timedSegments(format.segments, format.breaks, starts, rng);
  } else {
    const pSet = Math.min(0.92, Math.max(0.08, normalCdf(margin / (model.sdMargin * 0.6))));
    const played = playedSets(format.bestOf, format.setMinutes, starts, pSet, rng);
    segments = played.segments;
    setWinners = played.winners;
  }
  const naturalEnd = segments[segments.length - 1]?.end ?? starts;
  if (!rng.chance(ABANDON_RATE)) return { segments, endAt: naturalEnd, abandoned: false, setWinners };
  const abandonAt = toSecond(starts + rng.between(0.15, 0.85) * (naturalEnd - starts));
  const kept = segments
    .filter((s) => s.start < abandonAt)
    .map((s) => ({ start: s.start, end: Math.min(s.end, abandonAt) }))
    .filter((s) => s.end - s.start >= SECOND);
  return { segments: kept, endAt: abandonAt, abandoned: true, setWinners: setWinners.slice(0, kept.length) };
}

/** Milliseconds of play in the given segments up to instant t. */
export function playedUntil(segments: readonly Segment[], indexes: readonly number[], t: number): number {
  let played = 0;
  for (const i of indexes) {
    const s = segments[i];
    if (s !== undefined) played += Math.max(0, Math.min(t, s.end) - s.start);
  }
  return played;
}

/** Total milliseconds of play in the given segments. */
export function playLength(segments: readonly Segment[], indexes: readonly number[]): number {
  let total = 0;
  for (const i of indexes) {
    const s = segments[i];
    if (s !== undefined) total += s.end - s.start;
  }
  return total;
}

/** Whether instant t falls in a break (between two segments of play). */
export function inBreak(segments: readonly Segment[], t: number): boolean {
  for (let i = 0; i + 1 < segments.length; i++) {
    const a = segments[i] as Segment;
    const b = segments[i + 1] as Segment;
    if (t >= a.end && t < b.start) return true;
  }
  return false;
}
