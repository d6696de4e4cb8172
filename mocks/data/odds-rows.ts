import type { Fixture } from './fixtures';
import { altLineIdOf } from './ids';
import { fairProbabilities, type LineSpec, lineSpecs } from './markets';
import { inPlayState, periodSpec, type PriceState, prematchState } from './price-state';
import { quote, removeMargin } from './prices';
import { displayScoreAt, redCardsAt } from './scores';
import { iso } from './time';
import { cutoffAt, lineIdAt, type Timeline } from './timeline';
import type { ClosingRow, OddsRow, OpeningRow } from './rows';

const MARGIN_CAP = 0.058;
/** An alternate whose outcome is this close to decided is taken off the board (status 3). */
const OFF_BOARD = 0.04;
const MAX_WIN_BY_TIER = { 1: 25_000, 2: 10_000, 3: 3_000 } as const;

/** The source feed a row came from (a source-only field the service strips). */
export const sourceFeedId = (f: Fixture): number => 100 + (f.league.ordinal % 7);

/** The price state of the i-th snapshot. */
export function stateAt(tl: Timeline, i: number): PriceState {
  const f = tl.fixture;
  const period = tl.period[i] as number;
  return tl.live[i] === 1
    ? inPlayState(f, tl.scores(), period, tl.t[i] as number)
    : prematchState(f, period, tl.k[i] as number, tl.prematchCount);
}

/** The row specs of the i-th snapshot. */
export const specsAt = (tl: Timeline, i: number, state: PriceState = stateAt(tl, i)): LineSpec[] =>
  lineSpecs(state, tl.fixture.model);

const marginOf = (f: Fixture, spec: LineSpec, live: boolean): number =>
  Math.min(
    MARGIN_CAP,
    f.margin + (spec.alt > 0 ? 0.004 : 0) + (spec.market.endsWith('_totals') ? 0.006 : 0) + (live ? 0.004 : 0),
  );

const maxWinOf = (f: Fixture, spec: LineSpec, period: number, live: boolean): number => {
  let limit: number = MAX_WIN_BY_TIER[f.league.tier];
  if (f.child !== null) limit *= 0.3;
  if (period !== 0) limit *= 0.5;
  if (live) limit *= 0.4;
  if (spec.alt > 0 || spec.market.endsWith('_totals')) limit *= 0.5;
  return Math.round(limit);
};

/** What every row of one snapshot shares (formatted once per snapshot, not per row). */
export interface SnapshotInfo {
  readonly fixture: Fixture;
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
  cutoff: iso(cutoffAt(tl, i)),
  timestamp: iso(tl.t[i] as number),
});

/** The computed price columns of one row. */
interface Prices {
  readonly altLineId: number | null;
  readonly odds: number[];
  readonly todds: number[];
  readonly draws: boolean;
  readonly status: number;
  readonly maxWin: number;
}

const pricesOf = (snap: SnapshotInfo, spec: LineSpec, state: PriceState): Prices => {
  const f = snap.fixture;
  const draws = spec.market === 'moneyline' && f.model.draws;
  const fair = fairProbabilities(spec, state, draws);
  const odds = quote(fair, marginOf(f, spec, snap.live));
  const decided = (fair[0] as number) < OFF_BOARD || (fair[0] as number) > 1 - OFF_BOARD;
  return {
    altLineId: spec.alt === 0 ? null : altLineIdOf(snap.lineId, spec.alt + (spec.market === 'totals' ? 2 : 0)),
    odds,
    todds: removeMargin(odds),
    draws,
    status: snap.status === 1 && spec.alt > 0 && decided ? 3 : snap.status,
    maxWin: maxWinOf(f, spec, snap.period, snap.live),
  };
};

// The row builders below spell out every column in one literal: spreading a shared object
// costs more than the pricing itself on a 5,000-row history.

/** An opening row (spec 2.1 columns P). */
export function openingRow(snap: SnapshotInfo, spec: LineSpec, state: PriceState): OpeningRow {
  const p = pricesOf(snap, spec, state);
  const last = p.odds.length - 1;
  return {
    event_id: snap.fixture.eventId,
    line_id: snap.lineId,
    alt_line_id: p.altLineId,
    market: spec.market,
    period: snap.period,
    line: spec.line,
    odds1: p.odds[0] ?? null,
    odds0: p.draws ? (p.odds[1] ?? null) : null,
    odds2: p.odds[last] ?? null,
    todds1: p.todds[0] ?? null,
    todds0: p.draws ? (p.todds[1] ?? null) : null,
    todds2: p.todds[last] ?? null,
    max_win: p.maxWin,
    cutoff: snap.cutoff,
    status: p.status,
    timestamp: snap.timestamp,
    source_feed_id: sourceFeedId(snap.fixture),
  };
}

/** A closing row (spec 2.1 columns C): with the period's settled score and result state. */
export function closingRow(
  snap: SnapshotInfo,
  spec: LineSpec,
  state: PriceState,
  score: readonly [number | null, number | null],
  resultStatus: number,
): ClosingRow {
  const p = pricesOf(snap, spec, state);
  const last = p.odds.length - 1;
  return {
    event_id: snap.fixture.eventId,
    line_id: snap.lineId,
    alt_line_id: p.altLineId,
    market: spec.market,
    period: snap.period,
    line: spec.line,
    odds1: p.odds[0] ?? null,
    odds0: p.draws ? (p.odds[1] ?? null) : null,
    odds2: p.odds[last] ?? null,
    todds1: p.todds[0] ?? null,
    todds0: p.draws ? (p.todds[1] ?? null) : null,
    todds2: p.todds[last] ?? null,
    max_win: p.maxWin,
    cutoff: snap.cutoff,
    status: p.status,
    timestamp: snap.timestamp,
    score_home: score[0],
    score_away: score[1],
    result_status: resultStatus,
    source_feed_id: sourceFeedId(snap.fixture),
  };
}

/** Every row of the i-th snapshot (primary and alternates), with in-play scores and red cards. */
export function snapshotRows(tl: Timeline, i: number, mainOnly: boolean): OddsRow[] {
  const state = stateAt(tl, i);
  const f = tl.fixture;
  const snap = snapshotInfo(tl, i);
  let score: [number, number] | [null, null] = [null, null];
  let cards: [number, number] | [null, null] = [null, null];
  if (snap.live) {
    const at = tl.t[i] as number;
    const plan = tl.scores();
    score = displayScoreAt(f, plan, snap.period, periodSpec(f, snap.period)?.segments ?? [], at);
    if (f.sport.redCards && f.child === null) cards = redCardsAt(plan, at);
  }
  const rows: OddsRow[] = [];
  for (const spec of specsAt(tl, i, state)) {
    if (mainOnly && spec.alt > 0) continue;
    const p = pricesOf(snap, spec, state);
    const last = p.odds.length - 1;
    rows.push({
      event_id: f.eventId,
      line_id: snap.lineId,
      alt_line_id: p.altLineId,
      market: spec.market,
      period: snap.period,
      line: spec.line,
      odds1: p.odds[0] ?? null,
      odds0: p.draws ? (p.odds[1] ?? null) : null,
      odds2: p.odds[last] ?? null,
      todds1: p.todds[0] ?? null,
      todds0: p.draws ? (p.todds[1] ?? null) : null,
      todds2: p.todds[last] ?? null,
      max_win: p.maxWin,
      cutoff: snap.cutoff,
      status: p.status,
      timestamp: snap.timestamp,
      score_home: score[0],
      score_away: score[1],
      red_cards_home: cards[0],
      red_cards_away: cards[1],
      source_feed_id: sourceFeedId(f),
    });
  }
  return rows;
}
