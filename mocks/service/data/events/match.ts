import {
  countOvertimeOdds,
  countRates,
  sampleCount,
  normalOvertimeOdds,
  sampleNormal,
  sampleRace,
  unitOdds,
  sampleOf,
  type PlayedSet,
  type SportModel,
} from '../pricing';
import type { GameFormat } from '../catalog';
import { drawNews, drawNewsTotal, lineupsAfter, type News } from './news';
import { Rng } from '../shared';

/**
 * A generated event as its model plays it: the news path prices follow from open to kickoff, and the play
 * drawn at the close's strength and pace (the best estimate). Prices and results come from this.
 */
export interface Match {
  readonly model: SportModel;
  /** Strength and pace once every news item is in: the truth the play is drawn from. */
  readonly close: readonly [number, number];
  /** The news between the open and the kickoff (drawn on first use: only prices need it). */
  news(): News;
  /** Regulation share of each regular segment (timed formats); one per set otherwise. */
  readonly shares: readonly number[];
  /** Units of each side per regular segment, then the extra play if any (timed formats); per set (races). */
  readonly units: readonly (readonly [number, number])[];
  /** The last entry of `units` is extra play after a level regulation. */
  readonly overtime: boolean;
  /** Races: the sets as played, unit by unit. */
  readonly sets: readonly PlayedSet[];
  /** Duels: the final performance edge of the home side (strength plus noise). */
  readonly edge: number;
}

const SHARES = new WeakMap<GameFormat, number[]>();

/** The regulation shares of a format's segments (by their planned minutes). */
export function sharesOf(format: GameFormat): number[] {
  let shares = SHARES.get(format);
  if (shares === undefined) {
    const all = format.kind === 'sets' ? format.bestOf : format.segments.reduce((a, b) => a + b, 0);
    shares = format.kind === 'sets' ? Array.from({ length: format.bestOf }, () => 1 / all) : format.segments.map((m) => m / all);
    SHARES.set(format, shares);
  }
  return shares;
}

/**
 * Draws the match of an event: `open` is the (strength, pace) the market opens on, the news
 * moves it to the close, and the play is drawn at the close. Only the news total is drawn here;
 * its items come on first use (prices), conditioned on it.
 */
export function drawMatch(
  model: SportModel,
  format: GameFormat,
  window: readonly [openAt: number, starts: number],
  open: readonly [number, number],
  rng: Rng,
): Match {
  const sd = [model.newsStrength, model.newsPace] as const;
  const total = drawNewsTotal(rng, sd, lineupsAfter(window[0], window[1]));
  const strength = open[0] + total.shift[0];
  const pace = open[1] + total.shift[1];
  let news: News | undefined;
  const newsSeed = Math.floor(rng.next() * 0x1_0000_0000);
  const shares = sharesOf(format);
  const base = {
    model,
    close: [strength, pace] as const,
    news: () => (news ??= drawNews(new Rng(newsSeed), window, open, sd, total)),
    shares,
    overtime: false,
    sets: [] as PlayedSet[],
    edge: 0,
  };
  switch (model.engine) {
    case 'count':
    case 'normal': {
      const units =
        model.engine === 'count'
          ? sampleCount(model, countRates(strength, pace), shares, rng)
          : sampleNormal(model, strength, pace, shares, rng);
      const home = units.reduce((s, u) => s + u[0], 0);
      const away = units.reduce((s, u) => s + u[1], 0);
      const ot = model.overtime;
      if (home !== away || model.draws || ot === null) return { ...base, units };
      const q = model.engine === 'count' ? countOvertimeOdds(...countRates(strength, pace)) : normalOvertimeOdds(model, strength);
      const homeWins = rng.chance(q);
      const loser = sampleOf(ot.loser, rng.next());
      const winner = loser + sampleOf(ot.lead, rng.next());
      return { ...base, units: [...units, homeWins ? [winner, loser] : [loser, winner]], overtime: true };
    }
    case 'race': {
      const sets = sampleRace(model, unitOdds(model, strength, pace), rng);
      return { ...base, units: sets.map((s) => s.units), sets };
    }
    case 'duel':
      return { ...base, units: [], edge: strength + rng.normal() };
  }
}
