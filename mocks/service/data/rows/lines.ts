import { closingRow, openingRow, snapshotInfo } from './snapshots';
import type { Quote } from '../pricing';
import { RESULT_STATUS } from './results';
import type { ClosingRow, OpeningRow, ResultRow } from './types';
import { firstAfter, type Timeline } from '../events';

/** A row of one snapshot: which snapshot, which quote. */
interface Mark {
  readonly i: number;
  readonly q: Quote;
}

/** The first snapshot of every (period, market, line) of an event, before and in play. */
export interface LineMarks {
  readonly prematch: readonly Mark[];
  /** Lines first quoted in play (computed once the event has started). */
  inPlay(): readonly Mark[];
}

const MARKET_ORDER = ['moneyline', 'spread', 'totals', 'home_totals', 'away_totals'];
const marketOrder = (market: string): number => MARKET_ORDER.indexOf(market);
const keyOf = (period: number, q: Quote): string => `${period}|${q.market}|${q.line}`;

const byIdentity =
  (tl: Timeline) =>
  (a: Mark, b: Mark): number =>
    (tl.period[a.i] as number) - (tl.period[b.i] as number) ||
    marketOrder(a.q.market) - marketOrder(b.q.market) ||
    (a.q.line ?? 0) - (b.q.line ?? 0);

/** Scans the snapshots for the first quote of every line: pre-match now, in play on first use. */
export function lineMarks(tl: Timeline): LineMarks {
  const seen = new Set<string>();
  const prematch: Mark[] = [];
  let i = 0;
  for (; i < tl.count && tl.live[i] === 0; i++) {
    for (const q of tl.quotes(i)) {
      const key = keyOf(tl.period[i] as number, q);
      if (seen.has(key)) continue;
      seen.add(key);
      prematch.push({ i, q });
    }
  }
  const firstLive = i;
  let inPlay: Mark[] | undefined;
  return {
    prematch: prematch.sort(byIdentity(tl)),
    inPlay() {
      if (inPlay !== undefined) return inPlay;
      const found: Mark[] = [];
      const known = new Set(seen);
      for (let j = firstLive; j < tl.count; j++) {
        for (const q of tl.quotes(j)) {
          const key = keyOf(tl.period[j] as number, q);
          if (known.has(key)) continue;
          known.add(key);
          found.push({ i: j, q });
        }
      }
      inPlay = found;
      return found;
    },
  };
}

/**
 * Opening lines at `now` (docs/service.md, "Prices"): the earliest snapshot of each market, period and line
 * recorded by now, pre-match or in play (a line first quoted in play opens there).
 */
export function openingAt(tl: Timeline, marks: LineMarks, now: number): OpeningRow[] {
  const live = now >= tl.fixture.starts ? marks.inPlay().filter((m) => (tl.t[m.i] as number) <= now) : [];
  return [...marks.prematch.filter((m) => (tl.t[m.i] as number) <= now), ...live]
    .sort(byIdentity(tl))
    .map((m) => openingRow(snapshotInfo(tl, m.i), m.q));
}

/**
 * Closing lines at `now` (docs/service.md, "Prices"), once the event has started: per period, every row of
 * its last snapshot before the start, exactly as latest mode answered then, with the period's
 * result state and (settled) score. A period first quoted in play has none.
 */
export function closingAt(tl: Timeline, results: readonly ResultRow[], now: number): ClosingRow[] {
  const f = tl.fixture;
  if (now < f.starts) return [];
  const byPeriod = new Map(results.map((r) => [r.period, r]));
  const last = new Map<number, number>();
  const periods = tl.periods;
  for (let i = firstAfter(tl, f.starts - 1) - 1; i >= 0 && last.size < periods.length; i--) {
    const p = tl.period[i] as number;
    if (tl.live[i] === 0 && !last.has(p)) last.set(p, i);
  }
  const rows: ClosingRow[] = [];
  for (const p of periods) {
    const i = last.get(p);
    if (i === undefined) continue;
    const result = byPeriod.get(p);
    const status = result?.status ?? RESULT_STATUS.pending;
    const final = status === RESULT_STATUS.settled || status === RESULT_STATUS.resettled;
    const score = [final ? (result?.score_home ?? null) : null, final ? (result?.score_away ?? null) : null] as const;
    const snap = snapshotInfo(tl, i);
    for (const q of tl.quotes(i)) rows.push(closingRow(snap, q, score, status));
  }
  return rows;
}
