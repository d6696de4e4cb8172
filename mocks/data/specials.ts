import { contestantLineIdOf, specialLineIdOf } from './ids';
import { quote, removeMargin, roundTo } from './prices';
import { unit } from './prng';
import type { SpecialOddsRow, SpecialRow } from './rows';
import { iso } from './time';

/** One contestant (or outcome) of a special market. */
export interface Contestant {
  readonly id: number;
  readonly name: string;
  /** Relative chance at the open (normalized over the special). */
  readonly weight: number;
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
  /** Over/under: the threshold around which the handicap moves. */
  readonly handicap: number | null;
  readonly margin: number;
  readonly maxWin: number;
  readonly hash: number;
  readonly feed: number;
  /** Price drift per snapshot (log scale). */
  readonly volatility: number;
}

/** The rows of a special (spec 2.7): one per contestant. */
export function specialRows(def: SpecialDef, now: number): SpecialRow[] {
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
    cutoff: iso(def.cutoff),
    opening_available: now >= def.openAt,
    closing_available: now >= def.cutoff,
    source_feed_id: def.feed,
  }));
}

/** The handicap at snapshot k: the threshold, moved a step now and then. */
const handicapAt = (def: SpecialDef, k: number): number | null => {
  if (def.handicap === null) return null;
  const u = unit(def.hash, 0x4a, Math.floor(k / 4));
  return def.handicap + (u < 0.2 ? -1 : u > 0.8 ? 1 : 0);
};

/**
 * Every price row of a special recorded by `now`, in line_id order. The first snapshot prices
 * every contestant; later ones re-price only some (an over/under both sides together), so the
 * latest rows of different contestants carry different line ids.
 */
export function specialHistory(def: SpecialDef, now: number): SpecialOddsRow[] {
  const n = def.contestants.length;
  const drift = new Float64Array(n);
  const shown = new Float64Array(n);
  const rows: SpecialOddsRow[] = [];
  for (let k = 0; k < def.times.length; k++) {
    const at = def.times[k] as number;
    if (at > now) break;
    const pairMoves = unit(def.hash, 0x0b, k) < 0.6;
    const moved = def.contestants.map((_, c) =>
      k === 0 || (def.betType === 'over_under' ? pairMoves : unit(def.hash, 0x0c, k, c) < 0.45),
    );
    moved.forEach((m, c) => {
      if (m) drift[c] = (drift[c] as number) + (unit(def.hash, 0x0d, k, c) - 0.5) * 2 * def.volatility;
    });
    const weights = def.contestants.map((c, i) => c.weight * Math.exp(drift[i] as number));
    const sum = weights.reduce((a, b) => a + b, 0);
    const quoted = quote(weights.map((w) => w / sum), def.margin);
    moved.forEach((m, c) => {
      if (m) shown[c] = quoted[c] as number;
    });
    const fair = removeMargin(Array.from(shown));
    const handicap = handicapAt(def, k);
    moved.forEach((m, c) => {
      if (!m) return;
      rows.push({
        special_id: def.specialId,
        contestant_line_id: contestantLineIdOf(def.specialId, c + 1),
        line_id: specialLineIdOf(def.specialId, rows.length + 1),
        handicap,
        odds: roundTo(shown[c] as number, 3),
        todds: fair[c] ?? null,
        max_win: def.maxWin,
        timestamp: iso(at),
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
