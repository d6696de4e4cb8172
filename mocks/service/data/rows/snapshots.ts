import { cutoffAt, lineIdAt, type EventBase, type Timeline } from '../events';
import { altLineIdOf } from '../shared';
import type { Quote } from '../pricing';
import type { ClosingRow, OddsRow, OpeningRow } from './types';
import { isoSeconds } from '../../../../src/schemas/instant-text';

/** The source feed a row came from (a source-only field the service strips). */
export const sourceFeedId = (f: Pick<EventBase, 'league'>): number => 100 + (f.league.ordinal % 7);

/** The last digit of an alternate row's alt_line_id: the quote's own, else 1-2 for spread and 3-4 for totals alternates. */
const altDigit = (q: Quote): number => q.altIndex ?? q.alt + (q.market === 'totals' ? 2 : 0);

/** What every row of one snapshot shares (formatted once per snapshot, not per row). */
export interface SnapshotInfo {
  readonly fixture: EventBase;
  readonly lineId: number;
  readonly period: number;
  readonly live: boolean;
  /** Snapshot status: 1 open, 2 suspended. */
  readonly status: number;
  readonly cutoff: string;
  readonly timestamp: string;
}

/** The shared columns of the i-th snapshot. */
export const snapshotInfo = (tl: Timeline, i: number): SnapshotInfo => ({
  fixture: tl.fixture,
  lineId: lineIdAt(tl, i),
  period: tl.period[i] as number,
  live: tl.live[i] === 1,
  status: tl.status[i] as number,
  cutoff: isoSeconds(cutoffAt(tl, i)),
  timestamp: isoSeconds(tl.t[i] as number),
});

/** The columns a quote's row shares with every price row (docs/service.md, "Prices": columns O, P, C): alternates numbered 1-2 (spread) and 3-4 (totals). */
const priceColumns = (snap: SnapshotInfo, q: Quote) => {
  const three = q.odds.length === 3;
  const last = q.odds.length - 1;
  return {
    event_id: snap.fixture.eventId,
    line_id: snap.lineId,
    alt_line_id: q.alt === 0 ? null : altLineIdOf(snap.lineId, altDigit(q)),
    market: q.market,
    period: snap.period,
    line: q.line,
    odds1: q.odds[0] ?? null,
    odds0: three ? (q.odds[1] ?? null) : null,
    odds2: q.odds[last] ?? null,
    todds1: q.fair[0] ?? null,
    todds0: three ? (q.fair[1] ?? null) : null,
    todds2: q.fair[last] ?? null,
    max_win: q.maxWin,
    cutoff: snap.cutoff,
    status: snap.status === 1 ? q.status : snap.status,
    timestamp: snap.timestamp,
  };
};

/** An opening row (docs/service.md, "Prices": columns P). */
export const openingRow = (snap: SnapshotInfo, q: Quote): OpeningRow => ({
  ...priceColumns(snap, q),
  source_feed_id: sourceFeedId(snap.fixture),
});

/** A closing row (docs/service.md, "Prices": columns C): with the period's settled score and result state. */
export const closingRow = (
  snap: SnapshotInfo,
  q: Quote,
  score: readonly [number | null, number | null],
  resultStatus: number,
): ClosingRow => ({
  ...priceColumns(snap, q),
  score_home: score[0],
  score_away: score[1],
  result_status: resultStatus,
  source_feed_id: sourceFeedId(snap.fixture),
});

/** Every row of the i-th snapshot (primary and alternates), with in-play scores and red cards. */
export function snapshotRows(tl: Timeline, i: number, mainOnly: boolean): OddsRow[] {
  const f = tl.fixture;
  const snap = snapshotInfo(tl, i);
  let score: [number | null, number | null] = [null, null];
  let cards: [number, number] | [null, null] = [null, null];
  if (snap.live && tl.runningScore) {
    const at = tl.t[i] as number;
    const s = tl.score(snap.period, at);
    score = [s.home, s.away];
    cards = (tl.redCards(at) as [number, number] | null) ?? [null, null];
  }
  const rows: OddsRow[] = [];
  const feed = sourceFeedId(f);
  for (const q of tl.quotes(i)) {
    if (mainOnly && q.alt > 0) continue;
    // The columns of priceColumns() spelled out: one object per row on a 5,000-row history page.
    const three = q.odds.length === 3;
    const last = q.odds.length - 1;
    rows.push({
      event_id: f.eventId,
      line_id: snap.lineId,
      alt_line_id: q.alt === 0 ? null : altLineIdOf(snap.lineId, altDigit(q)),
      market: q.market,
      period: snap.period,
      line: q.line,
      odds1: q.odds[0] ?? null,
      odds0: three ? (q.odds[1] ?? null) : null,
      odds2: q.odds[last] ?? null,
      todds1: q.fair[0] ?? null,
      todds0: three ? (q.fair[1] ?? null) : null,
      todds2: q.fair[last] ?? null,
      max_win: q.maxWin,
      cutoff: snap.cutoff,
      status: snap.status === 1 ? q.status : snap.status,
      timestamp: snap.timestamp,
      score_home: score[0],
      score_away: score[1],
      red_cards_home: cards[0],
      red_cards_away: cards[1],
      source_feed_id: feed,
    });
  }
  return rows;
}
