import type { EventBase, Timeline } from '../events';
import type { LineMarks, SpecialOddsRow } from '../rows';

/** A settled score of one period. */
export interface PeriodScore {
  readonly home: number;
  readonly away: number;
  readonly setsHome: number | null;
  readonly setsAway: number | null;
}

/** A running score entry: the period's score from `t` on. */
export interface ScoreMark {
  readonly t: number;
  readonly home: number;
  readonly away: number;
}

/** A prop of an added event, with its price rows computed once. */
export interface AddedProp {
  readonly origin: 'added';
  readonly specialId: number;
  readonly name: string;
  readonly betType: 'multi_way' | 'over_under';
  readonly category: string;
  readonly units: string | null;
  readonly eventId: number;
  readonly period: number;
  readonly runnerHome: string;
  readonly runnerAway: string;
  readonly cutoff: number;
  /** Its first price. */
  readonly openAt: number;
  readonly feed: number;
  readonly contestants: readonly { readonly id: number; readonly name: string }[];
  /** Every price row in line_id order, with the instant it was recorded. */
  readonly history: readonly { readonly t: number; readonly row: SpecialOddsRow }[];
}

/** An event added by a test, read by routes exactly like a generated one; built once from its spec (compile.ts). */
export interface AddedEvent extends EventBase {
  readonly origin: 'added';
  /** Changes whenever an event is added under this id: answers kept for an older one never serve it. */
  readonly revision: number;
  readonly parentId: null;
  /** Listed in the events route from here. */
  readonly listedAt: number;
  /** The first price snapshot, or null for an event never priced. */
  readonly openAt: number | null;
  /** Whether it was priced before the kickoff (it has a closing board). */
  readonly hasPrematch: boolean;
  /** The cancellation reason its results settle with, or null. */
  readonly cancelled: string | null;
  readonly timeline: Timeline;
  /** The first quote of each line (computed on first use). */
  marks(): LineMarks;
  /** Periods with a result row, ascending. */
  readonly resultPeriods: readonly number[];
  /** Running scores per period, in time order. */
  readonly scores: ReadonlyMap<number, readonly ScoreMark[]>;
  /** Settled scores given by the spec, per period. */
  readonly result: ReadonlyMap<number, PeriodScore>;
  /** Re-settled scores per period (from `correctedAt`). */
  readonly correction: ReadonlyMap<number, PeriodScore>;
  readonly props: readonly AddedProp[];
}
