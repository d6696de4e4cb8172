import { IN_PLAY_CUTOFF_LEAD, IN_PLAY_STEP, type EventBase, type FinalScore, type Timeline } from '../events';
import type { Quote } from '../pricing';
import type { ScoreMark } from './event';
import { SpecError } from './spec-error';

/** One line of an added event: its quote from each step on, or null while it is off the board. */
export interface Track {
  /** Its position in the spec's `markets`, for messages. */
  readonly index: number;
  readonly period: number;
  /** Steps in strictly increasing time order. */
  readonly steps: readonly { readonly t: number; readonly quote: Quote | null }[];
}

/** What the timeline of an added event is built from, every instant resolved. */
export interface TimelineInput {
  readonly event: EventBase;
  readonly tracks: readonly Track[];
  /** Windows [from, to) in which every snapshot is suspended. */
  readonly suspensions: readonly (readonly [number, number])[];
  readonly scores: ReadonlyMap<number, readonly ScoreMark[]>;
}

/** line_id = event_id * 100,000 + n: an event holds fewer snapshots than that. */
const MAX_SNAPSHOTS = 99_999;

interface Snapshot {
  readonly t: number;
  readonly period: number;
  readonly quotes: readonly Quote[];
}

/**
 * The instants a period is published at: every step of its lines; suspension boundaries once it is
 * quoted; and in play, as the generated feed does, every minute from its first in-play quote to the
 * end of play (an in-play line stays offered, with a cutoff a few minutes on, while it is on the board).
 */
function instantsOf(tracks: readonly Track[], input: TimelineInput): { all: number[]; steps: Set<number> } {
  const { starts, endAt } = input.event;
  const steps = new Set(tracks.flatMap((track) => track.steps.map((s) => s.t)));
  const all = new Set(steps);
  let first = Infinity;
  let firstLive = Infinity;
  for (const t of steps) {
    first = Math.min(first, t);
    if (t >= starts) firstLive = Math.min(firstLive, t);
  }
  for (const window of input.suspensions) for (const x of window) if (x >= first && x < endAt) all.add(x);
  if (firstLive < endAt) {
    for (let t = starts + Math.ceil((firstLive - starts) / IN_PLAY_STEP) * IN_PLAY_STEP; t < endAt; t += IN_PLAY_STEP) all.add(t);
  }
  return { all: [...all].sort((a, b) => a - b), steps };
}

/** The snapshots of one period: at each instant, the quote of every line on its board. */
function periodSnapshots(period: number, tracks: readonly Track[], input: TimelineInput): Snapshot[] {
  const { starts } = input.event;
  const { all, steps } = instantsOf(tracks, input);
  const cursor = tracks.map(() => -1);
  const out: Snapshot[] = [];
  for (const t of all) {
    const live = t >= starts;
    const quotes: Quote[] = [];
    const seen = new Map<string, number>();
    tracks.forEach((track, k) => {
      let j = cursor[k] as number;
      while (j + 1 < track.steps.length && (track.steps[j + 1]?.t as number) <= t) j++;
      cursor[k] = j;
      const step = track.steps[j];
      // A pre-match quote is not carried into play: a line is quoted in play from its first in-play step.
      if (step === undefined || step.quote === null || (live && step.t < starts)) return;
      const key = `${step.quote.market}|${step.quote.line}`;
      const other = seen.get(key);
      if (other !== undefined) {
        throw new SpecError(
          `markets[${track.index}]`,
          `markets[${other}] quotes the same line (${step.quote.market} ${step.quote.line ?? ''} of period ${period}) at ${new Date(t).toISOString()}: one row per line`,
        );
      }
      seen.set(key, track.index);
      quotes.push(step.quote);
    });
    // An instant that is not a step of this period only republishes a board that has lines on it.
    if (quotes.length > 0 || steps.has(t)) out.push({ t, period, quotes });
  }
  return out;
}

/** The score of a period as entered by `t` (0-0 before its first entry). */
function scoreAt(marks: readonly ScoreMark[] | undefined, t: number): FinalScore {
  let found: ScoreMark | undefined;
  for (const mark of marks ?? []) {
    if (mark.t > t) break;
    found = mark;
  }
  return { home: found?.home ?? 0, away: found?.away ?? 0, setsHome: null, setsAway: null };
}

/** An added event's timeline: the interface the generator fills, so every route reads it alike; quotes computed once. */
export function buildAddedTimeline(input: TimelineInput): Timeline {
  const { event, tracks } = input;
  const { starts, endAt } = event;
  const periods = [...new Set(tracks.map((track) => track.period))].sort((a, b) => a - b);
  const snapshots = periods
    .flatMap((p) =>
      periodSnapshots(
        p,
        tracks.filter((track) => track.period === p),
        input,
      ),
    )
    .sort((a, b) => a.t - b.t || a.period - b.period);
  if (snapshots.length > MAX_SNAPSHOTS) {
    throw new SpecError(
      'markets',
      `the price timeline has ${snapshots.length} snapshots, more than the ${MAX_SNAPSHOTS} an event can hold: fewer steps or a shorter in-play feed`,
    );
  }
  const suspended = (t: number) => input.suspensions.some(([from, to]) => t >= from && t < to);
  const n = snapshots.length;
  const tl: Timeline = {
    fixture: event,
    periods,
    count: n,
    t: Float64Array.from(snapshots, (s) => s.t),
    period: Uint8Array.from(snapshots, (s) => s.period),
    live: Uint8Array.from(snapshots, (s) => (s.t >= starts ? 1 : 0)),
    status: Uint8Array.from(snapshots, (s) => (suspended(s.t) ? 2 : 1)),
    cutoff: Float64Array.from(snapshots, (s) => (s.t >= starts ? Math.min(s.t + IN_PLAY_CUTOFF_LEAD, endAt) : starts)),
    quotes: (i) => snapshots[i]?.quotes ?? [],
    runningScore: true,
    score: (p, t) => scoreAt(input.scores.get(p), t),
    lastScoreAt(p, t) {
      let last: number | null = null;
      for (const mark of input.scores.get(p) ?? []) if (mark.t <= t) last = mark.t;
      return last;
    },
    redCards: () => null,
    settlementError: () => null,
  };
  return tl;
}
