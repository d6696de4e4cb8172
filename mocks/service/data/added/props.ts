import { contestantLineIdOf, specialLineIdOf } from '../shared';
import { removeMargin } from '../pricing';
import type { SpecialOddsRow } from '../rows';
import type { AddedProp } from './event';
import { isoSeconds } from '../../../../src/schemas/instant-text';

/** Special ids of added props end in 0, which no generated special id does (`shared/ids.ts`): `event_id * 1,000 + k * 10`, k from 1 to 99. */
export const addedSpecialIdOf = (eventId: number, k: number): number => eventId * 1_000 + k * 10;

/** The event id and prop number an added special id names, or undefined for any other id. */
export function decodeAddedSpecialId(specialId: number): { eventId: number; k: number } | undefined {
  if (!Number.isSafeInteger(specialId) || specialId <= 0 || specialId % 10 !== 0) return undefined;
  const k = (specialId / 10) % 100;
  return k === 0 ? undefined : { eventId: Math.floor(specialId / 1_000), k };
}

/** A contestant's price at one instant, as the spec gave it. */
export interface PropStep {
  readonly t: number;
  readonly c: number;
  readonly odds: number;
  readonly handicap: number | null;
}

/**
 * The price rows of a prop, in line_id order: at each instant, a row for every contestant whose price
 * was given then, with `todds` the margin-removed price over every contestant priced so far (null
 * while only one is), as the generated specials compute it.
 */
export function propHistory(
  specialId: number,
  contestants: number,
  steps: readonly PropStep[],
  maxWin: number,
  feed: number,
): AddedProp['history'] {
  const sorted = [...steps].sort((a, b) => a.t - b.t || a.c - b.c);
  const shown: (number | undefined)[] = Array.from({ length: contestants }, () => undefined);
  const history: { t: number; row: SpecialOddsRow }[] = [];
  for (let i = 0; i < sorted.length; ) {
    const at = (sorted[i] as PropStep).t;
    const moved: PropStep[] = [];
    for (; i < sorted.length && (sorted[i] as PropStep).t === at; i++) moved.push(sorted[i] as PropStep);
    for (const step of moved) shown[step.c] = step.odds;
    const priced = shown.flatMap((odds, c) => (odds === undefined ? [] : [[c, odds] as const]));
    const fair = priced.length > 1 ? removeMargin(priced.map(([, odds]) => odds)) : [];
    const fairOf = new Map(priced.map(([c], j) => [c, fair[j] ?? null]));
    for (const step of moved) {
      history.push({
        t: at,
        row: {
          special_id: specialId,
          contestant_line_id: contestantLineIdOf(specialId, step.c + 1),
          line_id: specialLineIdOf(specialId, history.length + 1),
          handicap: step.handicap,
          odds: step.odds,
          todds: fairOf.get(step.c) ?? null,
          max_win: maxWin,
          timestamp: isoSeconds(at),
          source_feed_id: feed,
        },
      });
    }
  }
  return history;
}

/** Prices of an added prop: every row recorded by `now`, or the latest per contestant line. */
export function addedPropOdds(prop: AddedProp, now: number, fullHistory: boolean): SpecialOddsRow[] {
  const rows = prop.history.filter((h) => h.t <= now).map((h) => h.row);
  if (fullHistory) return rows;
  const latest = new Map<number, SpecialOddsRow>();
  for (const row of rows) latest.set(row.contestant_line_id as number, row);
  return [...latest.values()].sort((a, b) => (a.contestant_line_id as number) - (b.contestant_line_id as number));
}
