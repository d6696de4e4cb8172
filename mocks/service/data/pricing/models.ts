/**
 * Each sport's generative model; the same model gives the fair prices and draws the results, so a price
 * means what it says. Engines: `count` (Poisson/negative binomial units per segment), `normal` (points:
 * normal margin and total), `race` (units won by one side, sets as races, best-of), `duel` (a winner or a draw).
 */
import { fromWeights, type Pmf, point } from './pmf';

/** How a level regulation is decided (overtime, shootout...): the winner adds `loser + lead` units, the loser `loser`. */
export interface Overtime {
  /** Winner's lead in the extra play (at least 1). */
  readonly lead: Pmf;
  /** Units the loser adds in the extra play. */
  readonly loser: Pmf;
  /** Wall-clock minutes of the extra play. */
  readonly minutes: number;
  /** Its length as a share of regulation play (how much the strength gap decides it). */
  readonly share: number;
}

/** What every engine shares. */
interface ModelBase {
  /** A level full event is a priced outcome (a draw); otherwise `overtime` decides it. */
  readonly draws: boolean;
  readonly overtime: Overtime | null;
  /** Standard deviation of the strength gap between two sides (engine units). */
  readonly spread: number;
  /** Strength edge of the home side (engine units). */
  readonly homeEdge: number;
  /** Total standard deviation of the strength and pace news between the open and the close. */
  readonly newsStrength: number;
  readonly newsPace: number;
  /** Steps between the main spread or total line and its alternates. */
  readonly altSpread: number;
  readonly altTotal: number;
}

/** Poisson or negative binomial counts per side and segment. Strength is log(rate ratio), pace log(rate). */
export interface CountModel extends ModelBase {
  readonly engine: 'count';
  /** Mean units per side over regulation. */
  readonly perSide: number;
  /** Negative binomial size over regulation (Infinity: Poisson). */
  readonly size: number;
}

/** Normal margin and total per segment. Strength is the expected margin, pace the expected total. */
export interface NormalModel extends ModelBase {
  readonly engine: 'normal';
  readonly perSide: number;
  /** Standard deviations of the margin and of the total over regulation, given the strengths. */
  readonly sdMargin: number;
  readonly sdTotal: number;
}

/** A set: a race to `target` units. */
export interface SetRule {
  readonly target: number;
  /** Win by two units (deuce) or the first to the target wins. */
  readonly winByTwo: boolean;
  /** Most units a winner can reach (badminton's 30), or Infinity. */
  readonly cap: number;
  /** Tennis: at target-all (6-6) a tiebreak decides the set, 7-6. */
  readonly tiebreak: boolean;
}

/** Sets of units. Strength is the logit edge per unit (tennis: per point on serve), pace the serve level. */
export interface RaceModel extends ModelBase {
  readonly engine: 'race';
  readonly bestOf: number;
  readonly set: SetRule;
  /** The deciding set's rule (volleyball's fifth set to 15). */
  readonly lastSet: SetRule;
  /** Units are tennis games: the server holds with a probability from its point-on-serve chance. */
  readonly tennis: boolean;
  /** Tennis: logit of the average chance of winning a point on serve. */
  readonly serveLevel: number;
  /** Wall-clock minutes one unit takes. */
  readonly unitMinutes: number;
  /** Full-event scores count sets (e-sports maps) or units (games, points, legs). */
  readonly matchUnit: 'units' | 'sets';
  /** Alternate steps of a set period's spread and total (in units). */
  readonly setAlt: readonly [number, number];
}

/** A winner without a running score. Strength is the performance edge in standard deviations. */
export interface DuelModel extends ModelBase {
  readonly engine: 'duel';
  /** Performances closer than this are a draw (0: no draws). */
  readonly drawBand: number;
  /** Share of fights that end early (a stoppage). */
  readonly stoppages: number;
}

export type SportModel = CountModel | NormalModel | RaceModel | DuelModel;

const base = (o: Partial<ModelBase> & Pick<ModelBase, 'spread'>): ModelBase => ({
  draws: true,
  overtime: null,
  homeEdge: 0,
  newsStrength: 0.25 * o.spread,
  newsPace: 0,
  altSpread: 1,
  altTotal: 1,
  ...o,
});

/** A discretized normal on [lo, hi], as a weights table. */
const bell = (lo: number, hi: number, mean: number, sd: number): Pmf =>
  fromWeights(
    Array.from({ length: hi - lo + 1 }, (_, i) => Math.exp(-(((lo + i - mean) / sd) ** 2) / 2)),
    lo,
  );

/** Overtimes and shootouts, by sport. */
export const OVERTIME = {
  /** Sudden death or a shootout: one unit to the winner. */
  oneUnit: (minutes: number): Overtime => ({ lead: point(1), loser: point(0), minutes, share: 0.1 }),
  curling: { lead: fromWeights([0.8, 0.2], 1), loser: point(0), minutes: 15, share: 0.1 },
  innings: (minutes: number): Overtime => ({
    lead: fromWeights([0.6, 0.25, 0.1, 0.05], 1),
    loser: fromWeights([0.45, 0.35, 0.15, 0.05]),
    minutes,
    share: 1 / 9,
  }),
  basketball: { lead: bell(1, 12, 3.5, 2.6), loser: bell(3, 16, 9, 2.5), minutes: 15, share: 5 / 48 },
  americanFootball: {
    lead: fromWeights([0, 0, 0.55, 0, 0, 0.35, 0.05, 0.05], 1),
    loser: fromWeights([0.75, 0, 0, 0.15, 0, 0, 0, 0.1]),
    minutes: 20,
    share: 1 / 6,
  },
  netball: { lead: bell(1, 6, 2, 1.5), loser: bell(6, 18, 12, 3), minutes: 20, share: 14 / 60 },
  superOver: { lead: bell(1, 10, 3, 3), loser: bell(2, 20, 10, 4), minutes: 15, share: 1 / 20 },
} as const;

/** An alternate step about a third of the spread of what it is a line on (at least one unit). */
const step = (sd: number): number => Math.max(1, Math.round(0.35 * sd));

/** A count model (goals, runs). */
export const count = (perSide: number, o: Partial<Omit<CountModel, 'engine'>> & { spread: number }): CountModel => {
  const size = o.size ?? Infinity;
  const sd = Math.sqrt(2 * perSide * (1 + perSide / size));
  return { ...base({ newsPace: 0.07, altSpread: step(sd), altTotal: step(sd), ...o }), engine: 'count', perSide, size };
};

/** A normal model (points). */
export const normal = (
  perSide: number,
  sdMargin: number,
  sdTotal: number,
  o: Partial<Omit<NormalModel, 'engine'>> & { spread: number },
): NormalModel => ({
  ...base({ newsPace: 0.12 * sdTotal, altSpread: step(sdMargin), altTotal: step(sdTotal), ...o }),
  engine: 'normal',
  perSide,
  sdMargin,
  sdTotal,
});

/** A set rule. */
export const setTo = (target: number, winByTwo = true, cap = Infinity, tiebreak = false): SetRule => ({ target, winByTwo, cap, tiebreak });

/** A race model (sets). */
export const race = (
  bestOf: number,
  set: SetRule,
  o: Partial<Omit<RaceModel, 'engine' | 'bestOf' | 'set'>> & { spread: number; unitMinutes: number },
): RaceModel => ({
  ...base({ draws: false, ...o }),
  engine: 'race',
  bestOf,
  set,
  lastSet: o.lastSet ?? set,
  tennis: o.tennis ?? false,
  serveLevel: o.serveLevel ?? 0,
  unitMinutes: o.unitMinutes,
  matchUnit: o.matchUnit ?? 'units',
  setAlt: o.setAlt ?? (set.target <= 7 ? [1, 2] : [3, 4]),
});

/** Tennis and padel: games with serve, sets to 6 with a tiebreak. */
export const tennis = (bestOf: number, o: { spread: number; serveLevel: number; unitMinutes: number }): RaceModel =>
  race(bestOf, setTo(6, true, 7, true), { ...o, tennis: true, newsPace: 0.05, altSpread: 2, altTotal: 3 });

/** A duel model (matchups, fights). */
export const duel = (o: { spread: number; drawBand?: number; stoppages?: number }): DuelModel => ({
  ...base({ draws: (o.drawBand ?? 0) > 0, spread: o.spread }),
  engine: 'duel',
  drawBand: o.drawBand ?? 0,
  stoppages: o.stoppages ?? 0,
});

/** Whether a level score is possible (and priced as a draw) in a period of a model. */
export function drawsIn(model: SportModel, period: number): boolean {
  if (model.engine === 'race') return false;
  if (model.engine === 'duel') return model.drawBand > 0;
  return period !== 0 || model.draws;
}
