import { describe, expect, it } from 'vitest';
import { countOutcome } from '../../../mocks/service/data/pricing/engines/count';
import { normalOutcome } from '../../../mocks/service/data/pricing/engines/normal';
import { RACE_START, raceOutcome } from '../../../mocks/service/data/pricing/engines/race';
import { drawMatch, sharesOf } from '../../../mocks/service/data/events/match';
import type { RaceModel, SportModel } from '../../../mocks/service/data/pricing/models';
import { normalCdf } from '../../../mocks/service/data/pricing/normal';
import type { Outcome } from '../../../mocks/service/data/pricing/outcome';
import { unplayed } from '../../../mocks/service/data/pricing/period-state';
import { Rng } from '../../../mocks/service/data/shared/prng';
import { evenLine } from '../../../mocks/service/data/pricing/quotes';
import { SPORTS, type SportDef } from '../../../mocks/service/data/catalog/sports';

/**
 * The market's model (issue 23): what a price says is what the results do. Prices and results
 * come from one model, so these are stated on the model itself: cheap, and exact where the data
 * would only show them through sampling noise.
 */

const sport = (name: string): SportDef => SPORTS.find((s) => s.name === name) as SportDef;
const race = (s: SportDef): RaceModel => s.model as RaceModel;
/** Spread of a race sport's closing strengths: the ratings and form, and the news between the open and the close (at most). */
const closeSd = (m: RaceModel): number => Math.hypot(m.spread, m.newsStrength);
const homeChance = (m: RaceModel, s: number): number => raceOutcome(m, [s, 0], [m.serveLevel, 0], 0, RACE_START).home;

describe('race sports: how sure their favourites are', () => {
  const races = SPORTS.filter((s) => s.model.engine === 'race');

  it('favourites win about 72 % of matches at tiers 1 and 2 (a point edge compounds over a match: the spread is set from the match)', () => {
    for (const s of races) {
      const m = race(s);
      expect(m.homeEdge, s.name).toBe(0);
      // E[max(P, 1 - P)] over the closing strength, on a grid of the normal (symmetric: the positive half).
      let sum = 0;
      let weights = 0;
      for (let z = 0; z <= 4; z += 0.25) {
        const w = Math.exp((-z * z) / 2) * (z === 0 ? 0.5 : 1);
        sum += w * homeChance(m, z * closeSd(m));
        weights += w;
      }
      expect(sum / weights, s.name).toBeGreaterThan(0.7);
      expect(sum / weights, s.name).toBeLessThan(0.75);
    }
  });

  it('few favourites are so sure that their price would fall below the 1.01 floor (no fair price can be read from such a row)', () => {
    for (const s of races) {
      const m = race(s);
      // The strength at which the favourite's fair chance reaches 98.5 %, then the share of matches beyond it.
      let lo = 0;
      let hi = 3;
      for (let i = 0; i < 30; i++) {
        const mid = (lo + hi) / 2;
        if (homeChance(m, mid) < 0.985) lo = mid;
        else hi = mid;
      }
      const beyond = (wide: number): number => 2 * (1 - normalCdf(lo / (wide * closeSd(m))));
      expect(beyond(1), s.name).toBeLessThan(0.015);
      // A third tier spreads its strengths a tenth wider.
      expect(beyond(1.1), s.name).toBeLessThan(0.025);
    }
  });
});

/** The full-event outcome an engine prices before kickoff at a known strength and pace (no news to come). */
function priced(s: SportDef, strength: number, pace: number): Outcome {
  const m = s.model;
  const shares = sharesOf(s.format);
  const state = unplayed(1, shares.length, !m.draws && m.overtime !== null);
  if (m.engine === 'count') return countOutcome(m, [strength, 0], [pace, 0], state);
  if (m.engine === 'normal') return normalOutcome(m, [strength, 0], [pace, 0], state);
  if (m.engine === 'race') return raceOutcome(m, [strength, 0], [pace, 0], 0, RACE_START);
  throw new Error('no scores');
}

/** Full-event results drawn by the same model, as the results are drawn: [margin, total, home won]. */
function drawn(s: SportDef, strength: number, pace: number, n: number): [number, number, number][] {
  // Without news the close is the open: every match is played at exactly (strength, pace).
  const m: SportModel = { ...s.model, newsStrength: 0, newsPace: 0 };
  const rng = new Rng(23);
  return Array.from({ length: n }, () => {
    const match = drawMatch(m, s.format, [0, 7 * 86_400_000], [strength, pace], rng);
    const [h, a] = match.units.reduce(([x, y], u) => [x + u[0], y + u[1]], [0, 0]);
    // Sets decide a race: the winner of more of them.
    const sets = match.units.reduce((d, u) => d + Math.sign(u[0] - u[1]), 0);
    return [h - a, h + a, (m.engine === 'race' ? sets : h - a) > 0 ? 1 : 0];
  });
}

describe('ladders: the dispersion a ladder prices is the dispersion of the results', () => {
  // One sport of each engine and kind of score: goals, points with overtime, overdispersed counts with overtime, games in sets.
  const cases: [string, number, number][] = [
    ['Soccer', 0.3, Math.log(1.35)],
    ['Basketball', 4, 220],
    ['American Football', 0.1, Math.log(23)],
    ['Tennis', 0.15, 0.45],
  ];
  const N = 40_000;

  for (const [name, strength, pace] of cases) {
    it(`${name}: each line of the spread and totals ladders (main and alternates) is priced at the share of draws above it`, () => {
      const s = sport(name);
      const o = priced(s, strength, pace);
      const scores = o.scores!;
      const draws = drawn(s, strength, pace, N);
      // Lines as the board quotes them: the even line and its alternates a step each side.
      const spread = -evenLine(scores.margin);
      const total = evenLine(scores.total);
      const ladders = [
        { tail: scores.margin, x: 0, lines: [-spread - s.model.altSpread, -spread, -spread + s.model.altSpread] },
        { tail: scores.total, x: 1, lines: [total - s.model.altTotal, total, total + s.model.altTotal] },
      ];
      for (const { tail, x, lines } of ladders) {
        for (const line of lines) {
          const p = tail.above(line);
          const seen = draws.filter((d) => (d[x] as number) > line).length / N;
          // Four standard errors of a share of N draws.
          expect(Math.abs(seen - p), `${name} ${x === 0 ? 'margin' : 'total'} > ${line}`).toBeLessThan(
            4 * Math.sqrt((p * (1 - p)) / N) + 0.002,
          );
        }
        // The mass between the outer lines: what the dispersion of a ladder is read from.
        const inner = tail.above(lines[0] as number) - tail.above(lines[2] as number);
        const seenInner =
          draws.filter((d) => (d[x] as number) > (lines[0] as number) && (d[x] as number) < (lines[2] as number)).length / N;
        expect(Math.abs(seenInner - inner)).toBeLessThan(4 * Math.sqrt((inner * (1 - inner)) / N) + 0.002);
      }
      // And the winner: the moneyline.
      const homeWins = draws.filter((d) => d[2] === 1).length / N;
      expect(Math.abs(homeWins - o.home)).toBeLessThan(4 * Math.sqrt((o.home * (1 - o.home)) / N) + 0.002);
    });
  }
});
