import { describe, expect, it } from 'vitest';
import { countOutcome } from '../../../mocks/service/data/pricing/engines/count';
import { duelOutcome } from '../../../mocks/service/data/pricing/engines/duel';
import { normalOutcome } from '../../../mocks/service/data/pricing/engines/normal';
import { RACE_START, raceOutcome, sampleRace, setDist, unitOdds, winnerUnits } from '../../../mocks/service/data/pricing/engines/race';
import { count, duel, normal, OVERTIME, race, setTo, tennis } from '../../../mocks/service/data/pricing/models';
import { independentScores, withOvertime } from '../../../mocks/service/data/pricing/outcome';
import { unplayed } from '../../../mocks/service/data/pricing/period-state';
import { convolve, difference, massAt, momentsOf, negativeBinomial, poisson, tailOf } from '../../../mocks/service/data/pricing/pmf';
import { Rng } from '../../../mocks/service/data/shared/prng';

const total = (p: Float64Array): number => p.reduce((s, x) => s + x, 0);

describe('discrete distributions', () => {
  it('Poisson and negative binomial have their mean and variance', () => {
    const p = momentsOf(poisson(2.7));
    expect(p.mean).toBeCloseTo(2.7, 9);
    expect(p.sd ** 2).toBeCloseTo(2.7, 9);
    const big = momentsOf(poisson(110));
    expect(big.mean).toBeCloseTo(110, 6);
    const nb = momentsOf(negativeBinomial(4.5, 4));
    expect(nb.mean).toBeCloseTo(4.5, 6);
    expect(nb.sd ** 2).toBeCloseTo(4.5 + 4.5 ** 2 / 4, 5);
  });

  it('sums and differences of independent counts', () => {
    const a = poisson(1.5);
    const b = poisson(1.1);
    expect(momentsOf(convolve(a, b)).mean).toBeCloseTo(2.6, 9);
    const d = difference(a, b);
    expect(momentsOf(d).mean).toBeCloseTo(0.4, 9);
    expect(total(d.p)).toBeCloseTo(1, 12);
    expect(tailOf(d).above(-100)).toBeCloseTo(1, 12);
    expect(tailOf(d).above(0.5) + massAt(d, 0) + (1 - tailOf(d).above(-0.5))).toBeCloseTo(1, 12);
  });
});

describe('overtime resolves every level score', () => {
  it('moves the level mass to the winner of the extra play, keeping every distribution whole', () => {
    const home = poisson(2.9);
    const away = poisson(2.6);
    const reg = independentScores(home, away);
    const level = { lo: 0, p: Float64Array.from(home.p.slice(0, Math.min(home.p.length, away.p.length)), (x, j) => x * (away.p[j] ?? 0)) };
    const tie = massAt(reg.margin, 0);
    const q = 0.55;
    const final = withOvertime(reg, level, q, OVERTIME.oneUnit(15));
    expect(massAt(final.margin, 0)).toBe(0);
    for (const d of [final.margin, final.total, final.home, final.away]) expect(total(d.p)).toBeCloseTo(1, 10);
    expect(tailOf(final.margin).above(0.5)).toBeCloseTo(tailOf(reg.margin).above(0.5) + tie * q, 12);
    expect(momentsOf(final.total).mean).toBeCloseTo(momentsOf(reg.total).mean + tie, 10);
  });

  it('gives no draw to a full event that overtime decides, and a draw to a period of it', () => {
    const hockey = count(3, { draws: false, spread: 0.3, overtime: OVERTIME.oneUnit(15) });
    const full = countOutcome(hockey, [0.1, 0.01], [Math.log(3), 0.003], unplayed(1, 3, true));
    expect(full.draw).toBe(0);
    expect(full.home + full.away).toBeCloseTo(1, 12);
    const period = countOutcome(hockey, [0.1, 0.01], [Math.log(3), 0.003], unplayed(1 / 3, 1, false));
    expect(period.draw).toBeGreaterThan(0.2);
    const basketball = normal(110, 11.5, 17, { draws: false, spread: 7, overtime: OVERTIME.basketball });
    const game = normalOutcome(basketball, [2.5, 1], [220, 4], unplayed(1, 4, true));
    expect(game.draw).toBe(0);
    expect(game.home).toBeGreaterThan(0.5);
    expect(massAt(game.scores!.margin.pmf, 0)).toBe(0);
  });
});

describe('sets', () => {
  it('a race to two points, with and without win by two, has the closed-form winning chance', () => {
    const p = 0.6;
    const q = 1 - p;
    const odds = { point: p, holdHome: 0, holdAway: 0, tiebreak: 0.5, tennis: false };
    const race2 = setDist(setTo(2, false), odds, 0, 0, 0);
    expect(total(race2.home)).toBeCloseTo(p * p + 2 * p * p * q, 12);
    const deuce = setDist(setTo(2, true), odds, 0, 0, 0);
    expect(total(deuce.home)).toBeCloseTo(p * p + 2 * p * q * ((p * p) / (p * p + q * q)), 10);
    expect(total(deuce.home) + total(deuce.away)).toBeCloseTo(1, 10);
  });

  it('a tennis set ends 6-0 to 6-4, 7-5 or 7-6, and an already won set is final', () => {
    const model = tennis(3, { spread: 0.45, serveLevel: 0.45, unitMinutes: 4 });
    const odds = unitOdds(model, 0.3, 0.45);
    const set = setDist(model.set, odds, 0, 0, 0);
    expect(total(set.home) + total(set.away)).toBeCloseTo(1, 12);
    set.home.forEach((p, l) => {
      if (p > 0) expect([6, 7]).toContain(winnerUnits(model.set, l));
      if (p > 0) expect(l <= 4 || l === 5 || l === 6).toBe(true);
    });
    expect(total(setDist(model.set, odds, 0, 6, 3).home)).toBe(1);
  });

  it('prices the match from the sets: the winner by sets, scores in games', () => {
    const model = tennis(3, { spread: 0.45, serveLevel: 0.45, unitMinutes: 4 });
    const match = raceOutcome(model, [0.4, 0], [0.45, 0], 0, RACE_START);
    const sets = match.setScores!;
    expect(sets.reduce((s, x) => s + x.p, 0)).toBeCloseTo(1, 10);
    const homeWins = sets.filter((x) => x.home === 2).reduce((s, x) => s + x.p, 0);
    expect(match.home).toBeCloseTo(homeWins, 10);
    expect(match.draw).toBe(0);
    // Games can end level even though the match cannot.
    expect(massAt(match.scores!.margin.pmf, 0)).toBeGreaterThan(0);
    const games = momentsOf(match.scores!.total.pmf).mean;
    expect(games).toBeGreaterThan(18);
    expect(games).toBeLessThan(28);
  });

  it('draws matches that follow the rules of the race', () => {
    const volleyball = race(5, setTo(25), { lastSet: setTo(15), spread: 0.22, unitMinutes: 0.55 });
    const rng = new Rng(7);
    for (let i = 0; i < 200; i++) {
      const sets = sampleRace(volleyball, unitOdds(volleyball, 0.1, 0), rng);
      const won = [0, 0];
      sets.forEach((s, index) => {
        const [h, a] = s.units;
        const target = index === 4 ? 15 : 25;
        expect(Math.max(h, a)).toBeGreaterThanOrEqual(target);
        expect(Math.abs(h - a) === 2 || (Math.max(h, a) === target && Math.abs(h - a) >= 2)).toBe(true);
        expect(s.sequence.length).toBe(h + a);
        won[h > a ? 0 : 1]!++;
      });
      expect(Math.max(won[0]!, won[1]!)).toBe(3);
    }
  });
});

describe('duels', () => {
  it('a draw band prices a draw; none without it', () => {
    const chess = duelOutcome(duel({ spread: 0.5, drawBand: 0.5 }), [0, 0]);
    expect(chess.draw).toBeGreaterThan(0.3);
    expect(chess.home).toBeCloseTo(chess.away, 12);
    const mma = duelOutcome(duel({ spread: 0.8 }), [0.4, 0.05]);
    expect(mma.draw).toBe(0);
    expect(mma.scores).toBeNull();
  });
});
