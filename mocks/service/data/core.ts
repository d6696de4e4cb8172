import { buildRoster, type LeagueDef } from './catalog';

/** What every generator of the dataset shares: the seed's hash and the league rosters. */
export interface Core {
  readonly seed: string;
  /** 32-bit hash of the seed; every draw mixes it in. */
  readonly hash: number;
  /** The sides of a league (computed once per league, on first use). */
  roster(league: LeagueDef): readonly string[];
}

/** Creates the shared core of a dataset. */
export function createCore(seed: string, hash: number): Core {
  const rosters = new Map<number, readonly string[]>();
  return {
    seed,
    hash,
    roster(league) {
      let roster = rosters.get(league.ordinal);
      if (roster === undefined) {
        roster = buildRoster(league, hash);
        rosters.set(league.ordinal, roster);
      }
      return roster;
    },
  };
}
