/** Contestant ids: outcomes are numbered from 1; teams and players get ids stable across specials. */

/** A league side's id (teams in outrights). */
export const sideContestantId = (ordinal: number, side: number): number => 500_000 + ordinal * 100 + side;

/** A squad player's id. */
export const playerContestantId = (ordinal: number, side: number, number: number): number =>
  10_000_000 + (ordinal * 100 + side) * 100 + number;
