import type { CountModel } from '../models';
import { type Outcome, outcomeOf, type ScorePmfs, independentScores, mixScores, withOvertime } from '../outcome';
import type { PeriodState } from '../period-state';
import { negativeBinomial, type Pmf, pmfOf, point, shift } from '../pmf';
import type { Rng } from '../../shared';
import { normalNodes2 } from '../quadrature';

/**
 * The count engine (goals, runs, corners): each side's units in a stretch of play are Poisson at
 * its rate (negative binomial for runs), independently of the other side. Strength is the log of
 * the home-to-away rate ratio, pace the log of their geometric mean, per full regulation.
 */

/** Regulation rates of the home and the away side. */
export const countRates = (strength: number, pace: number): [number, number] => [
  Math.exp(pace + strength / 2),
  Math.exp(pace - strength / 2),
];

/** Units of one side over a share of regulation. */
const unitsPmf = (model: CountModel, rate: number, share: number): Pmf => negativeBinomial(rate * share, model.size * share);

/** Who wins the extra play: the side that scores next. */
export const countOvertimeOdds = (home: number, away: number): number => home / (home + away);

/** The score distributions of a period at given rates and state (regulation, then any extra play). */
function scoresAt(model: CountModel, rates: readonly [number, number], state: PeriodState): { scores: ScorePmfs; home: Pmf; away: Pmf } {
  const home = shift(unitsPmf(model, rates[0], state.rest), state.scored[0]);
  const away = shift(unitsPmf(model, rates[1], state.rest), state.scored[1]);
  const reg = independentScores(home, away);
  if (!state.overtime || model.overtime === null) return { scores: reg, home, away };
  const lo = Math.max(home.lo, away.lo);
  const hi = Math.min(home.lo + home.p.length, away.lo + away.p.length) - 1;
  const level = new Float64Array(Math.max(0, hi - lo + 1));
  for (let j = lo; j <= hi; j++) level[j - lo] = (home.p[j - home.lo] as number) * (away.p[j - away.lo] as number);
  const q = countOvertimeOdds(rates[0], rates[1]);
  return { scores: withOvertime(reg, pmfOf(lo, level), q, model.overtime), home, away };
}

/**
 * The outcome of a period: strength and pace as (mean, variance still to come from news), the
 * news integrated by quadrature.
 */
export function countOutcome(
  model: CountModel,
  strength: readonly [number, number],
  pace: readonly [number, number],
  state: PeriodState,
): Outcome {
  const ot = model.overtime;
  if (state.inOvertime && ot !== null) {
    // Regulation ended level: only the extra play is left.
    const [h, a] = state.scored;
    const reg = independentScores(point(h), point(a));
    const parts = normalNodes2(strength, pace).map(([s, p, w]) => {
      const [rh, ra] = countRates(s, p);
      return [w, withOvertime(reg, point(h), countOvertimeOdds(rh, ra), ot)] as const;
    });
    return outcomeOf(mixScores(parts));
  }
  const nodes = normalNodes2(strength, pace).map(([s, p, w]) => ({ w, ...scoresAt(model, countRates(s, p), state) }));
  const joint = (h: number, a: number): number =>
    nodes.reduce((sum, n) => sum + n.w * (n.home.p[h - n.home.lo] ?? 0) * (n.away.p[a - n.away.lo] ?? 0), 0);
  return outcomeOf(mixScores(nodes.map((n) => [n.w, n.scores] as const)), { joint });
}

/** Draws the units of each side in each regular segment (shares of regulation). */
export function sampleCount(model: CountModel, rates: readonly [number, number], shares: readonly number[], rng: Rng): [number, number][] {
  return shares.map((share): [number, number] => [drawUnits(model, rates[0], share, rng), drawUnits(model, rates[1], share, rng)]);
}

const drawUnits = (model: CountModel, rate: number, share: number, rng: Rng): number => {
  const mean = rate * share;
  if (!Number.isFinite(model.size)) return rng.poisson(mean);
  // Negative binomial: a Poisson count at a gamma-distributed rate.
  const size = model.size * share;
  return rng.poisson(rng.gamma(size) * (mean / size));
};
