import type { GameFormat } from '../catalog';
import type { Match } from './match';
import type { SportModel } from '../pricing';
import { MINUTE, SECOND, toSecond, type Rng } from '../shared';

/** A stretch of play on the wall clock. */
export interface Segment {
  readonly start: number;
  readonly end: number;
}

/** When an event is played: its segments of play (sets), and its end. */
export interface GameTiming {
  /** Segments as played: cut at the abandonment of an abandoned event. */
  readonly segments: readonly Segment[];
  /** Segments as they would have been played in full (scores are placed on these). */
  readonly natural: readonly Segment[];
  readonly endAt: number;
  /** Abandoned before its natural end (results are cancelled). */
  readonly abandoned: boolean;
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

/** Breaks before extra play. */
const OVERTIME_BREAK = 3 * MINUTE;

/** The natural segments of a match: regulation, extra play, sets sized by their units, a fight cut by a stoppage. */
function naturalSegments(format: GameFormat, match: Match, starts: number, rng: Rng): { natural: Segment[]; end: number } {
  const { model } = match;
  if (format.kind === 'sets' && model.engine === 'race') {
    const out: Segment[] = [];
    let cursor = starts;
    for (const set of match.sets) {
      const units = Math.max(1, set.units[0] + set.units[1]);
      const end = toSecond(cursor + units * model.unitMinutes * MINUTE * rng.between(0.85, 1.2));
      out.push({ start: cursor, end });
      cursor = end + SET_BREAK;
    }
    return { natural: out, end: out[out.length - 1]?.end ?? starts };
  }
  const segs = format.kind === 'timed' ? format.segments : [90];
  const breaks = format.kind === 'timed' ? format.breaks : [];
  const natural = timedSegments(segs, breaks, starts, rng);
  const last = natural[natural.length - 1] as Segment;
  if (match.overtime && model.overtime !== null) {
    const start = last.end + OVERTIME_BREAK;
    natural.push({ start, end: toSecond(start + model.overtime.minutes * MINUTE * rng.between(0.8, 1.2)) });
  }
  let end = (natural[natural.length - 1] as Segment).end;
  if (model.engine === 'duel' && rng.chance(model.stoppages))
    end = toSecond(last.start + (last.end - last.start) * rng.between(0.15, 0.95));
  return { natural, end };
}

/** Plans when an event is played, from its match (the play decides overtime and set lengths). */
export function planTiming(format: GameFormat, match: Match, starts: number, rng: Rng): GameTiming {
  const { natural, end } = naturalSegments(format, match, starts, rng);
  const cut = (at: number): Segment[] =>
    natural
      .filter((s) => s.start < at)
      .map((s) => ({ start: s.start, end: Math.min(s.end, at) }))
      .filter((s) => s.end - s.start >= SECOND);
  const last = natural[natural.length - 1];
  // Played in full: the segments as played are the natural ones.
  if (!rng.chance(ABANDON_RATE))
    return { segments: last !== undefined && last.end === end ? natural : cut(end), natural, endAt: end, abandoned: false };
  const abandonAt = toSecond(starts + rng.between(0.15, 0.85) * (end - starts));
  return { segments: cut(abandonAt), natural, endAt: abandonAt, abandoned: true };
}

/** The longest an event of a sport can last, breaks included, in minutes. */
export function maxDurationMinutes(format: GameFormat, model: SportModel): number {
  if (format.kind === 'sets' && model.engine === 'race') {
    const units = 2 * Math.max(model.set.target, model.lastSet.target) + 14;
    return format.bestOf * (units * model.unitMinutes * 1.2 + SET_BREAK / MINUTE) + 10;
  }
  const segs = format.kind === 'timed' ? format.segments : [90];
  const breaks = format.kind === 'timed' ? format.breaks : [];
  const extra = model.overtime === null ? 0 : model.overtime.minutes * 1.2 + OVERTIME_BREAK / MINUTE;
  return segs.reduce((a, b) => a + b, 0) * 1.08 + breaks.reduce((a, b) => a + b, 0) + extra + 10;
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
