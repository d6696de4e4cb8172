import type { NormalModel } from '../models';
import { normalCdf } from '../normal';
import { type Outcome, outcomeOf, type ScorePmfs, withOvertime } from '../outcome';
import type { PeriodState } from '../period-state';
import { type Pmf, pmfOf, point } from '../pmf';
import type { Rng } from '../../shared';

/**
 * The normal engine (points sports): over a share w of regulation, the margin is normal with mean
 * strength x w and variance sdMargin^2 x w, the total normal with mean pace x w and variance
 * sdTotal^2 x w, independently; each side's points are rounded per segment. Strength is the
 * expected regulation margin, pace the expected regulation total. News still to come adds its
 * variance (times w^2) to the means' uncertainty, exactly.
 */

/** Variance a rounded segment adds to a side's points (uniform rounding error). */
const ROUNDING = 1 / 12;

/** A normal distribution on the integers (mass of each unit-wide bin), at least `floor`. */
function discreteNormal(mean: number, variance: number, floor = -Infinity): Pmf {
  const sd = Math.sqrt(Math.max(variance, 1e-9));
  const lo = Math.max(floor, Math.floor(mean - 7.5 * sd) - 1);
  const hi = Math.max(lo, Math.ceil(mean + 7.5 * sd) + 1);
  const p = new Float64Array(hi - lo + 1);
  let below = normalCdf((lo + 0.5 - mean) / sd);
  p[0] = below;
  for (let k = lo + 1; k <= hi; k++) {
    const upTo = k === hi ? 1 : normalCdf((k + 0.5 - mean) / sd);
    p[k - lo] = upTo - below;
    below = upTo;
  }
  return pmfOf(lo, p);
}

/** Who wins the extra play: the strength gap over its share of regulation. */
export const normalOvertimeOdds = (model: NormalModel, strength: number): number =>
  model.overtime === null ? 0.5 : normalCdf((strength * Math.sqrt(model.overtime.share)) / model.sdMargin);

/**
 * The outcome of a period: strength and pace as (mean, news variance still to come), the state
 * as what is scored and what is left.
 */
export function normalOutcome(
  model: NormalModel,
  strength: readonly [number, number],
  pace: readonly [number, number],
  state: PeriodState,
): Outcome {
  const [h, a] = state.scored;
  const ot = model.overtime;
  if (state.inOvertime && ot !== null) {
    const reg = { margin: point(h - a), total: point(h + a), home: point(h), away: point(a) };
    return outcomeOf(withOvertime(reg, point(h), normalOvertimeOdds(model, strength[0]), ot));
  }
  const w = state.rest;
  const rounding = ROUNDING * Math.max(0, state.segmentsLeft);
  const mM = strength[0] * w;
  const mT = pace[0] * w;
  const vM = model.sdMargin ** 2 * w + strength[1] * w * w + 2 * rounding;
  const vT = model.sdTotal ** 2 * w + pace[1] * w * w + 2 * rounding;
  const vSide = (vM + vT) / 4;
  const reg: ScorePmfs = {
    margin: discreteNormal(h - a + mM, vM),
    total: discreteNormal(h + a + mT, vT, h + a),
    home: discreteNormal(h + (mT + mM) / 2, vSide, h),
    away: discreteNormal(a + (mT - mM) / 2, vSide, a),
  };
  if (!state.overtime || ot === null) return outcomeOf(reg);
  // Level scores: the tie mass spread over the even totals (margin and total are independent).
  const tie = reg.margin.p[-reg.margin.lo] ?? 0;
  const total = reg.total;
  let even = 0;
  for (let i = 0; i < total.p.length; i++) if ((total.lo + i) % 2 === 0) even += total.p[i] as number;
  const lo = Math.ceil(total.lo / 2);
  const hi = Math.floor((total.lo + total.p.length - 1) / 2);
  const level = new Float64Array(Math.max(0, hi - lo + 1));
  for (let j = lo; j <= hi; j++) level[j - lo] = even > 0 ? (tie * (total.p[2 * j - total.lo] as number)) / even : 0;
  // Expected regulation margin decides the extra play: integrate the strength news as a normal.
  const q = normalOvertimeOdds(model, strength[0]);
  return outcomeOf(withOvertime(reg, pmfOf(lo, level), q, ot));
}

/** Draws each side's points in each regular segment (shares of regulation). */
export function sampleNormal(model: NormalModel, strength: number, pace: number, shares: readonly number[], rng: Rng): [number, number][] {
  return shares.map((share): [number, number] => {
    const m = strength * share + rng.normal() * model.sdMargin * Math.sqrt(share);
    const t = pace * share + rng.normal() * model.sdTotal * Math.sqrt(share);
    return [Math.max(0, Math.round((t + m) / 2)), Math.max(0, Math.round((t - m) / 2))];
  });
}
