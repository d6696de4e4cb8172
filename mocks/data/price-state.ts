import type { PeriodSpec } from './formats';
import type { Fixture } from './fixtures';
import { playedUntil, playLength } from './game';
import { unit } from './prng';
import { type ScorePlan, unitsAt } from './scores';

/** What a period's prices are computed from at one snapshot: the expected final score and its spread. */
export interface PriceState {
  /** Expected final margin of the period (home minus away). */
  readonly margin: number;
  readonly sdMargin: number;
  /** Expected final total of the period. */
  readonly total: number;
  readonly sdTotal: number;
  /** Expected final score of each side. */
  readonly home: number;
  readonly away: number;
  readonly sdSide: number;
}

const MIN_SD = 0.25;

/** The period spec of a fixture's sport. */
export const periodSpec = (f: Fixture, period: number): PeriodSpec | undefined =>
  f.sport.format.periods.find((p) => p.period === period);

/** The periods a fixture is priced for (a child fixture: the full event only). */
export const pricedPeriods = (f: Fixture): readonly number[] => (f.child === null ? f.sport.pricedPeriods : [0]);

/** The share of the full event's scoring a period covers. */
export function periodShare(f: Fixture, period: number): number {
  if (period === 0) return 1;
  const format = f.sport.format;
  if (format.kind === 'sets') return 2 / (Math.ceil(format.bestOf / 2) + format.bestOf);
  const spec = periodSpec(f, period);
  const all = format.segments.reduce((a, b) => a + b, 0);
  const covered = (spec?.segments ?? []).reduce((sum, i) => sum + (format.segments[i] ?? 0), 0);
  return covered / all;
}

const state = (margin: number, total: number, sdMargin: number, sdTotal: number, home: number, away: number): PriceState => ({
  margin,
  sdMargin: Math.max(MIN_SD, sdMargin),
  total,
  sdTotal: Math.max(MIN_SD, sdTotal),
  home,
  away,
  sdSide: Math.max(MIN_SD, sdTotal / Math.SQRT2),
});

/**
 * A prematch snapshot's state: the market's expectation drifts from the open to the close
 * (`k` of `count` snapshots), with noise that fades towards the kickoff.
 */
export function prematchState(f: Fixture, period: number, k: number, count: number): PriceState {
  const x = count > 1 ? k / (count - 1) : 1;
  const fade = 1 - x;
  const { model } = f;
  const m = f.openMargin + (f.closeMargin - f.openMargin) * x + (unit(f.hash, 0x3a1, k) - 0.5) * 0.1 * model.sdMargin * fade;
  const t = f.openTotal + (f.closeTotal - f.openTotal) * x + (unit(f.hash, 0x3a2, k) - 0.5) * 0.08 * model.sdTotal * fade;
  const share = periodShare(f, period);
  const root = Math.sqrt(share);
  return state(share * m, share * t, root * model.sdMargin, root * model.sdTotal, share * (t + m) / 2, share * (t - m) / 2);
}

/** An in-play snapshot's state: the score so far plus the expectation of the play that remains. */
export function inPlayState(f: Fixture, plan: ScorePlan, period: number, t: number): PriceState {
  const segments = periodSpec(f, period)?.segments ?? [];
  const length = playLength(f.timing.segments, segments);
  const rest = length > 0 ? Math.max(0, 1 - playedUntil(f.timing.segments, segments, t) / length) : 0;
  const [h, a] = unitsAt(plan, segments, t);
  const share = periodShare(f, period) * rest;
  const root = Math.sqrt(share);
  const { model } = f;
  const restMargin = share * f.closeMargin;
  const restTotal = share * f.closeTotal;
  return state(
    h - a + restMargin,
    h + a + restTotal,
    root * model.sdMargin,
    root * model.sdTotal,
    h + (restTotal + restMargin) / 2,
    a + (restTotal - restMargin) / 2,
  );
}
