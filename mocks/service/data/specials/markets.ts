import { contestantLineIdOf, specialLineIdOf } from '../shared';
import { onLadder, quote, removeMargin } from '../pricing';
import type { SpecialOddsRow, SpecialRow } from '../rows';
import { isoSeconds } from '../../../../src/schemas/instant-text';

/** One contestant (or outcome) of a special market. */
export interface Contestant {
  readonly id: number;
  readonly name: string;
}

/** The fair book of a special at one snapshot: a probability per contestant, and the threshold of an over/under. */
export interface SpecialBook {
  readonly fair: readonly number[];
  readonly handicap: number | null;
}

/** A special market (event prop or outright) with its price schedule. */
export interface SpecialDef {
  readonly specialId: number;
  readonly name: string;
  readonly betType: 'multi_way' | 'over_under';
  readonly category: string;
  readonly units: string | null;
  readonly eventId: number | null;
  readonly period: number | null;
  readonly runnerHome: string | null;
  readonly runnerAway: string | null;
  readonly contestants: readonly Contestant[];
  /** First price snapshot. */
  readonly openAt: number;
  /** No longer offered after this. */
  readonly cutoff: number;
  /** Snapshot instants, increasing, the first at `openAt`, all before `cutoff`. */
  readonly times: readonly number[];
  /** The fair book at snapshot k, from what is known at `times[k]` only. */
  book(k: number): SpecialBook;
  /** Bookmaker margin (overround) of the special. */
  readonly margin: number;
  readonly maxWin: number;
  readonly feed: number;
}

/** What the rows of a special are made of: a generated special's, or an added event's prop's. */
export type SpecialListing = Pick<
  SpecialDef,
  | 'specialId'
  | 'name'
  | 'betType'
  | 'category'
  | 'units'
  | 'eventId'
  | 'period'
  | 'runnerHome'
  | 'runnerAway'
  | 'contestants'
  | 'openAt'
  | 'cutoff'
  | 'feed'
>;

/** The rows of a special (docs/service.md, "Props and outrights"): one per contestant. */
export function specialRows(def: SpecialListing, now: number): SpecialRow[] {
  return def.contestants.map((c) => ({
    special_id: def.specialId,
    special_name: def.name,
    bet_type: def.betType,
    category: def.category,
    contestant_id: c.id,
    contestant_name: c.name,
    event_id: def.eventId,
    period: def.period,
    runner_home: def.runnerHome,
    runner_away: def.runnerAway,
    units: def.units,
    cutoff: isoSeconds(def.cutoff),
    opening_available: now >= def.openAt,
    closing_available: now >= def.cutoff,
    source_feed_id: def.feed,
  }));
}

/**
 * A special's price rows by `now` in line_id order: the first snapshot prices all, later ones only moved
 * contestants (so latest rows differ in line id); `todds` is the margin-removed book as shown then.
 */
export function specialHistory(def: SpecialDef, now: number): SpecialOddsRow[] {
  const n = def.contestants.length;
  const shown = new Float64Array(n);
  let handicap: number | null = null;
  const rows: SpecialOddsRow[] = [];
  for (let k = 0; k < def.times.length; k++) {
    const at = def.times[k] as number;
    if (at > now) break;
    const book = def.book(k);
    const quoted = quote(book.fair, def.margin).map(onLadder);
    let moved = quoted.map((q, c) => k === 0 || q !== shown[c]);
    if (def.betType === 'over_under' && (moved.some(Boolean) || book.handicap !== handicap)) moved = moved.map(() => true);
    if (!moved.some(Boolean)) continue;
    moved.forEach((m, c) => {
      if (m) shown[c] = quoted[c] as number;
    });
    handicap = book.handicap;
    const fair = removeMargin(Array.from(shown));
    moved.forEach((m, c) => {
      if (!m) return;
      rows.push({
        special_id: def.specialId,
        contestant_line_id: contestantLineIdOf(def.specialId, c + 1),
        line_id: specialLineIdOf(def.specialId, rows.length + 1),
        handicap,
        odds: shown[c] as number,
        todds: fair[c] ?? null,
        max_win: def.maxWin,
        timestamp: isoSeconds(at),
        source_feed_id: def.feed,
      });
    });
  }
  return rows;
}

/** Latest mode: per contestant line, the row with its greatest line_id. */
export function specialLatest(def: SpecialDef, now: number): SpecialOddsRow[] {
  const latest = new Map<number, SpecialOddsRow>();
  for (const row of specialHistory(def, now)) latest.set(row.contestant_line_id as number, row);
  return [...latest.values()].sort((a, b) => (a.contestant_line_id as number) - (b.contestant_line_id as number));
}
