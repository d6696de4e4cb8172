import { drawsIn, quotesOf, type Quote, type QuoteContext } from '../pricing';
import { IN_PLAY_CUTOFF_LEAD, IN_PLAY_STEP, inPlayCount, inPlayFeed, suspendedAt } from './feed';
import type { EventBase } from './event-base';
import { type Fixture, matchOf } from './fixtures';
import { lineIdOf, unit, MINUTE, SECOND } from '../shared';
import { newsStateAt } from './news';
import { liveOutcome, prematchOutcome } from './period-outcome';
import { buildPlay, type FinalScore, lastScoreAt, type Play, redCardsAt, scoreAt, settlementDelta } from './play';

/**
 * An event's price timeline: every snapshot in time (so line_id) order with its quoted rows, and the play
 * scores and results come from. The one representation the odds, lines, results and CLV routes read.
 */
export interface Timeline {
  readonly fixture: EventBase;
  /** The periods the event is priced for, in the order latest mode and the closing board list them. */
  readonly periods: readonly number[];
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
  /** The quoted rows of the i-th snapshot, as quoted while open (a suspended snapshot shows them with status 2). */
  quotes(i: number): readonly Quote[];
  /** A period's score as played by t, in its graded unit, with sets where the sport plays them. */
  score(period: number, t: number): FinalScore;
  /** Whether the event shows a running score in play (a duel does not). */
  readonly runningScore: boolean;
  /** The latest scoring instant of a period by t, or null. */
  lastScoreAt(period: number, t: number): number | null;
  /** Red cards of each side at t, where the event shows them, else null. */
  redCards(t: number): readonly [number, number] | null;
  /** The first settlement's error in a period's score ([home, away] deltas), corrected when the event re-settles. */
  settlementError(period: number): readonly [number, number] | null;
}

const NORMAL_PREMATCH = 28;
const HEAVY_STEP = 10 * MINUTE;
const PREMATCH_SUSPENSION_RATE = 0.02;
const MAX_WIN_BY_TIER = { 1: 25_000, 2: 10_000, 3: 3_000 } as const;

/** The line id of the i-th snapshot. */
export const lineIdAt = (tl: Timeline, i: number): number => lineIdOf(tl.fixture.eventId, i + 1);

/** The cutoff of the i-th snapshot: the kickoff before it; in play a few minutes on, never past its period's end. */
export const cutoffAt = (tl: Timeline, i: number): number => tl.cutoff[i] as number;

/** The prematch snapshot instants: denser towards the kickoff (every 10 minutes for a heavy event). */
export function prematchInstants(f: Fixture): number[] {
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

/** The end of a period's play: the event's end for period 0, else its last segment's, or null if never played. */
function periodEnd(f: Fixture, period: number): number | null {
  if (period === 0) return f.endAt;
  let end: number | null = null;
  for (const i of f.sport.format.periods.find((p) => p.period === period)?.segments ?? []) {
    const seg = f.timing.segments[i];
    if (seg !== undefined) end = Math.max(end ?? 0, seg.end);
  }
  return end;
}

/** Alternate steps of a period's lines: the model's for the full event, narrower for a part of it. */
function altSteps(f: Fixture, period: number): { altSpread: number; altTotal: number } {
  const { model } = f;
  if (period === 0) return { altSpread: model.altSpread, altTotal: model.altTotal };
  if (model.engine === 'race') return { altSpread: model.setAlt[0], altTotal: model.setAlt[1] };
  const segments = f.sport.format.periods.find((x) => x.period === period)?.segments ?? [];
  const { shares } = matchOf(f);
  const share = Math.sqrt(segments.reduce((s, i) => s + (shares[i] ?? 0), 0));
  return { altSpread: Math.max(1, Math.round(model.altSpread * share)), altTotal: Math.max(1, Math.round(model.altTotal * share)) };
}

/** The periods a fixture is priced for (a child fixture: the full event only). */
const pricedPeriods = (f: Fixture): readonly number[] => (f.child === null ? f.sport.pricedPeriods : [0]);

/** A generated timeline with the heap bytes it holds (estimated): what the dataset's cache weighs. */
export interface SizedTimeline extends Timeline {
  /** Its snapshot columns and the quotes made so far (they are made on demand, so it grows as routes read it). */
  readonly bytes: number;
}

/** Heap bytes of one snapshot's columns, and of one quote with its prices (measured: 128 settled timelines, 34.6 MB for 134,739 quotes). */
export const SNAPSHOT_BYTES = 24;
const QUOTE_BYTES = 256;

/** Builds the snapshot timeline of an event (empty when it is never priced); quotes are computed on demand. */
export function buildTimeline(f: Fixture): SizedTimeline {
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
  let n = 0;
  pre.forEach((at, index) => {
    const suspended = index > 0 && unit(f.hash, 0x5a5, index) < PREMATCH_SUSPENSION_RATE;
    for (const p of periods) {
      t[n] = at;
      period[n] = p;
      status[n] = suspended ? 2 : 1;
      cutoff[n] = f.starts;
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
      n++;
    });
  }
  let play: Play | undefined;
  const playOf = (): Play => (play ??= buildPlay(f));
  const prematch = new Map<number, Quote[]>();
  const inPlay: (Quote[] | undefined)[] = [];
  let quotesMade = 0;
  const context = (p: number, isLive: boolean): QuoteContext => ({
    draws: drawsIn(f.model, p),
    moneylineOnly: f.model.engine === 'duel',
    margin: f.margin,
    live: isLive,
    period: p,
    status: 1,
    ...altSteps(f, p),
    maxWin: MAX_WIN_BY_TIER[f.league.tier] * (f.child === null ? 1 : 0.3),
  });
  const tl: SizedTimeline = {
    get bytes() {
      return n * SNAPSHOT_BYTES + quotesMade * QUOTE_BYTES;
    },
    fixture: f,
    periods,
    count: n,
    t: t.subarray(0, n),
    period: period.subarray(0, n),
    live: live.subarray(0, n),
    status: status.subarray(0, n),
    cutoff: cutoff.subarray(0, n),
    runningScore: f.model.engine !== 'duel',
    score: (p, at) => scoreAt(f, playOf(), p, at),
    lastScoreAt: (p, at) => lastScoreAt(playOf(), f.sport.format.periods.find((x) => x.period === p)?.segments ?? [], at),
    redCards: (at) => (f.sport.redCards && f.child === null ? redCardsAt(playOf(), at) : null),
    settlementError: (p) => settlementDelta(f, p),
    quotes(i) {
      const p = tl.period[i] as number;
      const at = tl.t[i] as number;
      if (tl.live[i] === 0) {
        const k = newsStateAt(matchOf(f).news(), at);
        const key = k * 256 + p;
        let quotes = prematch.get(key);
        if (quotes === undefined) {
          quotes = quotesOf(prematchOutcome(f, p, k), context(p, false));
          prematch.set(key, quotes);
          quotesMade += quotes.length;
        }
        return quotes;
      }
      let quotes = inPlay[i];
      if (quotes === undefined) {
        quotes = quotesOf(liveOutcome(f, playOf(), p, at), context(p, true));
        inPlay[i] = quotes;
        quotesMade += quotes.length;
      }
      return quotes;
    },
  };
  return tl;
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
