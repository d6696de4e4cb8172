import type { Fixture } from './fixtures';
import type { LineSpec } from './markets';
import { closingRow, openingRow, snapshotInfo, specsAt, stateAt } from './odds-rows';
import { RESULT_STATUS } from './results';
import type { ClosingRow, OpeningRow, ResultRow } from './rows';
import type { Timeline } from './timeline';

/** A row of one prematch snapshot: which snapshot, which spec. */
interface Mark {
  readonly i: number;
  readonly spec: LineSpec;
}

/** The first and the last prematch row of every (period, market, line) of an event. */
export interface LineMarks {
  readonly first: readonly Mark[];
  readonly last: readonly Mark[];
}

const MARKET_ORDER = ['moneyline', 'spread', 'totals', 'home_totals', 'away_totals'];
const marketOrder = (market: string): number => MARKET_ORDER.indexOf(market);

const byIdentity = (tl: Timeline) => (a: Mark, b: Mark): number =>
  (tl.period[a.i] as number) - (tl.period[b.i] as number) ||
  marketOrder(a.spec.market) - marketOrder(b.spec.market) ||
  (a.spec.line ?? 0) - (b.spec.line ?? 0);

/** Scans the prematch snapshots once (lines only, no prices) for the opening and closing marks. */
export function lineMarks(tl: Timeline): LineMarks {
  const first = new Map<number, Mark>();
  const last = new Map<number, Mark>();
  for (let i = 0; i < tl.count && tl.live[i] === 0; i++) {
    for (const spec of specsAt(tl, i)) {
      const key = ((tl.period[i] as number) * 8 + marketOrder(spec.market)) * 1e6 + (spec.line ?? 0) * 4;
      if (!first.has(key)) first.set(key, { i, spec });
      last.set(key, { i, spec });
    }
  }
  const order = byIdentity(tl);
  return { first: [...first.values()].sort(order), last: [...last.values()].sort(order) };
}

/** Opening lines at `now`: the earliest snapshot of each market, period and line recorded by now. */
export function openingAt(tl: Timeline, marks: LineMarks, now: number): OpeningRow[] {
  return marks.first
    .filter((m) => (tl.t[m.i] as number) <= now)
    .map((m) => openingRow(snapshotInfo(tl, m.i), m.spec, stateAt(tl, m.i)));
}

/**
 * Closing lines at `now`: once the event has started, the latest prematch (pre-cutoff) snapshot
 * of each market, period and line, with the period's result state and (settled) score.
 */
export function closingAt(tl: Timeline, marks: LineMarks, results: readonly ResultRow[], now: number): ClosingRow[] {
  const f: Fixture = tl.fixture;
  if (now < f.starts) return [];
  const byPeriod = new Map(results.map((r) => [r.period, r]));
  return marks.last.map((m) => {
    const result = byPeriod.get(tl.period[m.i] as number);
    const status = result?.status ?? RESULT_STATUS.pending;
    const final = status === RESULT_STATUS.settled || status === RESULT_STATUS.resettled;
    const score = [final ? (result?.score_home ?? null) : null, final ? (result?.score_away ?? null) : null] as const;
    return closingRow(snapshotInfo(tl, m.i), m.spec, stateAt(tl, m.i), score, status);
  });
}
