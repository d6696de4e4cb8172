import { IN_PLAY_CUTOFF_LEAD, IN_PLAY_STEP, inPlayCount, inPlayFeed, suspendedAt } from './feed';
import type { Fixture } from './fixtures';
import { lineIdOf } from './ids';
import { periodSpec, pricedPeriods } from './price-state';
import { unit } from './prng';
import { buildScorePlan, type ScorePlan } from './scores';
import { MINUTE, SECOND } from './time';

/**
 * Every price snapshot of one event, all periods, in time order (so in line_id order): compact
 * typed arrays; the rows themselves are priced on demand.
 */
export interface Timeline {
  readonly fixture: Fixture;
  readonly count: number;
  /** Snapshot instants (ms), non-decreasing. */
  readonly t: Float64Array;
  readonly period: Uint8Array;
  /** 1 for an in-play snapshot. */
  readonly live: Uint8Array;
  /** Snapshot status: 1 open, 2 suspended. */
  readonly status: Uint8Array;
  /** Cutoff of the snapshot's lines (ms). */
  readonly cutoff: Float64Array;
  /** Index of a prematch snapshot among the prematch instants. */
  readonly k: Int32Array;
  /** Number of prematch instants. */
  readonly prematchCount: number;
  /** Who scored when (drawn on first use). */
  scores(): ScorePlan;
}

const NORMAL_PREMATCH = 28;
const HEAVY_STEP = 10 * MINUTE;
const PREMATCH_SUSPENSION_RATE = 0.02;

/** The line id of the i-th snapshot. */
export const lineIdAt = (tl: Timeline, i: number): number => lineIdOf(tl.fixture.eventId, i + 1);

/**
 * The cutoff of the i-th snapshot: the kickoff for prematch lines; in play a few minutes on, but
 * never past the end of the snapshot's period (a finished period's lines are no longer offered).
 */
export const cutoffAt = (tl: Timeline, i: number): number => tl.cutoff[i] as number;

/** The prematch snapshot instants: denser towards the kickoff (every 10 minutes for a heavy event). */
function prematchInstants(f: Fixture): number[] {
  const span = f.starts - f.openAt;
  if (f.heavy) {
    const n = Math.floor((span - 1) / HEAVY_STEP) + 1;
    return Array.from({ length: n }, (_, k) => f.openAt + k * HEAVY_STEP);
  }
  return Array.from({ length: NORMAL_PREMATCH }, (_, k) => {
    if (k === 0) return f.openAt;
    const x = k / NORMAL_PREMATCH;
    const jitter = Math.floor(unit(f.hash, 0x71, k) * 40) * SECOND;
    return f.openAt + Math.floor((span * (1 - (1 - x) ** 2)) / SECOND) * SECOND + jitter;
  });
}

/** The end of a period's play (its last segment), or null if it was never played. */
const periodEnd = (f: Fixture, period: number): number | null => {
  let end: number | null = null;
  for (const i of periodSpec(f, period)?.segments ?? []) {
    const seg = f.timing.segments[i];
    if (seg !== undefined) end = Math.max(end ?? 0, seg.end);
  }
  return end;
};

/** Builds the snapshot timeline of an event (empty when it is never priced). */
export function buildTimeline(f: Fixture): Timeline {
  const periods = f.priced ? pricedPeriods(f) : [];
  const pre = f.priced ? prematchInstants(f) : [];
  const feed = inPlayFeed(f);
  const minutes = f.priced ? inPlayCount(f, feed) : 0;
  const ends = periods.map((p) => periodEnd(f, p));
  const capacity = (pre.length + minutes) * periods.length;
  const t = new Float64Array(capacity);
  const period = new Uint8Array(capacity);
  const live = new Uint8Array(capacity);
  const status = new Uint8Array(capacity);
  const cutoff = new Float64Array(capacity);
  const k = new Int32Array(capacity);
  let n = 0;
  pre.forEach((at, index) => {
    const suspended = index > 0 && unit(f.hash, 0x5a5, index) < PREMATCH_SUSPENSION_RATE;
    for (const p of periods) {
      t[n] = at;
      period[n] = p;
      status[n] = suspended ? 2 : 1;
      cutoff[n] = f.starts;
      k[n] = index;
      n++;
    }
  });
  for (let m = 0; m < minutes; m++) {
    const at = f.starts + m * IN_PLAY_STEP;
    const suspended = suspendedAt(f, feed, at);
    periods.forEach((p, j) => {
      const end = ends[j];
      if (end === null || end === undefined || at >= end) return;
      t[n] = at;
      period[n] = p;
      live[n] = 1;
      status[n] = suspended ? 2 : 1;
      cutoff[n] = Math.min(at + IN_PLAY_CUTOFF_LEAD, end);
      k[n] = m;
      n++;
    });
  }
  let plan: ScorePlan | undefined;
  return {
    fixture: f,
    count: n,
    t: t.subarray(0, n),
    period: period.subarray(0, n),
    live: live.subarray(0, n),
    status: status.subarray(0, n),
    cutoff: cutoff.subarray(0, n),
    k: k.subarray(0, n),
    prematchCount: pre.length,
    scores: () => (plan ??= buildScorePlan(f)),
  };
}

/** Index of the first snapshot strictly after `at` (binary search). */
export function firstAfter(tl: Timeline, at: number): number {
  let lo = 0;
  let hi = tl.count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((tl.t[mid] as number) <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
