import type { RaceModel, SetRule } from '../models';
import { type Outcome, outcomeOf, type ScorePmfs, type SetScore } from '../outcome';
import { mixture, type Pmf, pmfOf } from '../pmf';
import type { Rng } from '../../shared';
import { normalNodes2 } from '../quadrature';

/**
 * The race engine: every unit (rally point, tennis game, leg, frame, map round) is won by one
 * side; a set is a race to its target (by two where the rule says so, a tiebreak at 6-6 in
 * tennis), the match a best-of of sets. Strength is the logit edge of the home side per unit (in
 * tennis: per point, on serve and on return), pace the tennis serve level.
 */

const logistic = (x: number): number => 1 / (1 + Math.exp(-x));
/** Deuce rounds followed before the remaining chance is negligible. */
const DEUCE_MAX = 40;

/** Chance that the server holds a game, from the chance of winning a point on serve. */
function holdChance(p: number): number {
  const q = 1 - p;
  return p ** 4 * (1 + 4 * q + 10 * q * q) + (20 * p ** 3 * q ** 3 * p * p) / (1 - 2 * p * q);
}

/** How a match's units are won: per set score (and server), the home side's chance of the next unit. */
export interface UnitOdds {
  /** Rally sports: the home side's chance of every unit. */
  readonly point: number;
  /** Tennis: hold chances of the home and the away server, and the home side's tiebreak chance. */
  readonly holdHome: number;
  readonly holdAway: number;
  readonly tiebreak: number;
  readonly tennis: boolean;
}

/** The unit odds at a strength and serve level. */
export function unitOdds(model: RaceModel, strength: number, serve: number): UnitOdds {
  if (!model.tennis) return { point: logistic(strength), holdHome: 0, holdAway: 0, tiebreak: 0.5, tennis: false };
  const home = logistic(serve + strength / 2);
  const away = logistic(serve - strength / 2);
  return {
    point: 0.5,
    holdHome: holdChance(home),
    holdAway: holdChance(away),
    tiebreak: tiebreakChance((home + 1 - away) / 2),
    tennis: true,
  };
}

/** Chance of winning a tiebreak (first to 7 points by two) at a constant chance p per point. */
function tiebreakChance(p: number): number {
  const q = 1 - p;
  let win = 0;
  let ways = 1;
  // 7-l for l = 0..5: C(6 + l, l) p^7 q^l; from 6-6, p^2 / (p^2 + q^2).
  for (let l = 0; l <= 5; l++) {
    win += ways * p ** 7 * q ** l;
    ways = (ways * (7 + l)) / (l + 1);
  }
  return win + 924 * p ** 6 * q ** 6 * ((p * p) / (p * p + q * q));
}

/** A set's final scores: P(home wins with the away side on l units) and the reverse, by l. */
export interface SetDist {
  readonly home: Float64Array;
  readonly away: Float64Array;
}

/** Units of the winner of a set whose loser has l units. */
export function winnerUnits(rule: SetRule, l: number): number {
  if (!rule.winByTwo) return rule.target;
  if (rule.tiebreak && l === rule.target) return rule.target + 1;
  if (l === rule.cap - 1) return rule.cap;
  return l <= rule.target - 2 ? rule.target : l + 2;
}

/**
 * The distribution of a set's final score from (i, j), `first` (0 home, 1 away) serving its
 * first game (tennis; serve alternates every game, the tiebreak counting as one).
 */
export function setDist(rule: SetRule, odds: UnitOdds, first: 0 | 1, i0: number, j0: number): SetDist {
  const T = rule.target;
  const size = Math.max(T, i0, j0) + 3;
  const maxLoser = Number.isFinite(rule.cap) ? rule.cap : Math.max(i0, j0) + DEUCE_MAX + 2;
  const home = new Float64Array(maxLoser + 1);
  const away = new Float64Array(maxLoser + 1);
  const need = rule.winByTwo ? 2 : 1;
  const grid = new Float64Array(size * size);
  // A set already decided (its last unit just won) has its final score.
  if ((i0 >= T && i0 - j0 >= need) || i0 === rule.cap || (rule.tiebreak && i0 === T + 1)) {
    home[j0] = 1;
    return { home, away };
  }
  if ((j0 >= T && j0 - i0 >= need) || j0 === rule.cap || (rule.tiebreak && j0 === T + 1)) {
    away[i0] = 1;
    return { home, away };
  }
  grid[i0 * size + j0] = 1;
  const chance = (i: number, j: number): number => {
    if (!odds.tennis) return odds.point;
    return (first + i + j) % 2 === 0 ? odds.holdHome : 1 - odds.holdAway;
  };
  const deuce = (m: number, d: number): void => {
    const p = odds.point;
    const q = 1 - p;
    let r = m;
    for (let k = 0; k <= DEUCE_MAX && r > 1e-16; k++) {
      const at = d + k;
      if (at === rule.cap - 1) {
        home[at] = (home[at] as number) + r * p;
        away[at] = (away[at] as number) + r * q;
        return;
      }
      home[at] = (home[at] as number) + r * p * p;
      away[at] = (away[at] as number) + r * q * q;
      r *= 2 * p * q;
    }
  };
  const step = (i: number, j: number, m: number): void => {
    if (m === 0) return;
    if ((i >= T && i - j >= need) || i === rule.cap) home[j] = (home[j] as number) + m;
    else if ((j >= T && j - i >= need) || j === rule.cap) away[i] = (away[i] as number) + m;
    else grid[i * size + j] = (grid[i * size + j] as number) + m;
  };
  for (let s = i0 + j0; s <= 2 * size - 2; s++) {
    for (let i = Math.max(0, s - size + 1); i <= Math.min(s, size - 1); i++) {
      const j = s - i;
      const m = grid[i * size + j] as number;
      if (m === 0) continue;
      grid[i * size + j] = 0;
      if (rule.tiebreak && i === T && j === T) {
        home[T] = (home[T] as number) + m * odds.tiebreak;
        away[T] = (away[T] as number) + m * (1 - odds.tiebreak);
        continue;
      }
      if (rule.winByTwo && !rule.tiebreak && i === j && i >= T - 1) {
        deuce(m, i);
        continue;
      }
      const p = chance(i, j);
      step(i + 1, j, m * p);
      step(i, j + 1, m * (1 - p));
    }
  }
  return { home, away };
}

/** Where a race stands: sets won, units of the finished sets, and the set in progress. */
export interface RaceState {
  readonly sets: readonly [number, number];
  /** Units of the finished sets. */
  readonly units: readonly [number, number];
  /** Index of the set in progress or next. */
  readonly setIndex: number;
  /** Units of the set in progress (0-0 between sets). */
  readonly current: readonly [number, number];
  /** Who serves the first game of the set in progress (tennis), or null before the toss. */
  readonly firstServer: 0 | 1 | null;
}

export const RACE_START: RaceState = { sets: [0, 0], units: [0, 0], setIndex: 0, current: [0, 0], firstServer: null };

const ruleOf = (model: RaceModel, index: number): SetRule => (index === model.bestOf - 1 ? model.lastSet : model.set);

/** Scored quantities of one set outcome: [margin, total, home, away] (sets mode counts the set). */
const quantities = (rule: SetRule, winner: 0 | 1, l: number, setsMode: boolean): [number, number, number, number] => {
  if (setsMode) return winner === 0 ? [1, 1, 1, 0] : [-1, 1, 0, 1];
  const w = winnerUnits(rule, l);
  return winner === 0 ? [w - l, w + l, w, l] : [l - w, w + l, l, w];
};

/** Next set's first server after a set of this many games (tennis), else 0. */
const nextFirst = (model: RaceModel, first: 0 | 1, games: number): 0 | 1 => (model.tennis ? (((first + games) % 2) as 0 | 1) : 0);

/** One outcome of a set: its probability, the next set's first server, the winner and its four quantities. */
interface SetOutcome {
  readonly p: number;
  readonly next: 0 | 1;
  readonly winner: 0 | 1;
  readonly d: readonly [number, number, number, number];
}

/** Outcomes of a set this likely or less are dropped (the deuce tail). */
const NEGLIGIBLE = 1e-10;

const setOutcomes = (model: RaceModel, rule: SetRule, dist: SetDist, first: 0 | 1, setsMode: boolean): SetOutcome[] => {
  // Outcomes with the same winner, next server and quantities merge (in sets mode, one per winner and server).
  const merged = new Map<string, SetOutcome>();
  for (const winner of [0, 1] as const) {
    (winner === 0 ? dist.home : dist.away).forEach((p, l) => {
      if (!(p > NEGLIGIBLE)) return;
      const next = nextFirst(model, first, winnerUnits(rule, l) + l);
      const d = quantities(rule, winner, l, setsMode);
      const key = `${winner}|${next}|${d.join(',')}`;
      const prev = merged.get(key);
      merged.set(key, { p: (prev?.p ?? 0) + p, next, winner, d });
    });
  }
  return [...merged.values()];
};

/** Dense accumulators of the match DP's four quantities: offset per quantity (margin may be negative), active range tracked. */
class Acc {
  readonly q: Float64Array[];
  readonly lo = [Infinity, Infinity, Infinity, Infinity];
  readonly hi = [-Infinity, -Infinity, -Infinity, -Infinity];
  constructor(
    readonly size: number,
    readonly offset: readonly number[],
  ) {
    this.q = [0, 1, 2, 3].map(() => new Float64Array(size));
  }
  /** Adds `p` times `src` shifted by `d` (per quantity). */
  addShifted(src: Acc, d: readonly number[], p: number): void {
    for (let k = 0; k < 4; k++) {
      const from = src.q[k] as Float64Array;
      const to = this.q[k] as Float64Array;
      const shiftBy = d[k] as number;
      const a = src.lo[k] as number;
      const b = src.hi[k] as number;
      for (let i = a; i <= b; i++) to[i + shiftBy] = (to[i + shiftBy] as number) + p * (from[i] as number);
      if (a + shiftBy < (this.lo[k] as number)) this.lo[k] = a + shiftBy;
      if (b + shiftBy > (this.hi[k] as number)) this.hi[k] = b + shiftBy;
    }
  }
  pmf(k: number, total: number): Pmf {
    const a = this.lo[k] as number;
    const b = this.hi[k] as number;
    const p = (this.q[k] as Float64Array).slice(a, b + 1).map((x) => x / total);
    return pmfOf(a - (this.offset[k] as number), p);
  }
}

/** The match (period 0) at one strength node from a state: the four quantities' and the sets score's distributions. */
function matchAt(model: RaceModel, odds: UnitOdds, state: RaceState): { scores: ScorePmfs; sets: Map<string, number>; home: number } {
  const need = Math.ceil(model.bestOf / 2);
  const setsMode = model.matchUnit === 'sets';
  const unitsMax = setsMode ? model.bestOf : model.bestOf * (2 * Math.max(model.set.target, model.lastSet.target) + DEUCE_MAX + 4);
  const start = setsMode ? state.sets : state.units;
  const max = unitsMax + start[0] + start[1] + 2;
  // Quantity k at value v sits at index v + offset[k]: the margin may be negative.
  const offset = [max, 0, 0, 0];
  const size = 2 * max + 1;
  const key = (sh: number, sa: number, f: number): number => (sh * need + sa) * 2 + f;
  let level = new Map<number, Acc>();
  let mass = new Map<number, number>();
  const firsts: (0 | 1)[] = state.firstServer === null ? (model.tennis ? [0, 1] : [0]) : [state.firstServer];
  for (const f of firsts) {
    const acc = new Acc(size, offset);
    const init = [start[0] - start[1], start[0] + start[1], start[0], start[1]];
    init.forEach((v, k) => {
      const at = v + (offset[k] as number);
      (acc.q[k] as Float64Array)[at] = 1;
      acc.lo[k] = at;
      acc.hi[k] = at;
    });
    level.set(key(state.sets[0], state.sets[1], f), acc);
    mass.set(key(state.sets[0], state.sets[1], f), 1 / firsts.length);
  }
  const final = new Acc(size, offset);
  const sets = new Map<string, number>();
  let homeWins = 0;
  let finalMass = 0;
  const cache = new Map<number, SetOutcome[]>();
  for (let index = state.setIndex; index < model.bestOf && level.size > 0; index++) {
    const next = new Map<number, Acc>();
    const nextMass = new Map<number, number>();
    const rule = ruleOf(model, index);
    const current = index === state.setIndex;
    for (const [k, acc] of level) {
      const f = (k % 2) as 0 | 1;
      const sh = Math.floor(k / 2 / need);
      const sa = Math.floor(k / 2) % need;
      const w = mass.get(k) as number;
      const ck = (current ? 4 : 0) + (rule === model.lastSet ? 2 : 0) + f;
      let outcomes = cache.get(ck);
      if (outcomes === undefined) {
        const from = current ? state.current : ([0, 0] as const);
        outcomes = setOutcomes(model, rule, setDist(rule, odds, f, from[0], from[1]), f, setsMode);
        cache.set(ck, outcomes);
      }
      for (const o of outcomes) {
        const nsh = sh + (o.winner === 0 ? 1 : 0);
        const nsa = sa + (o.winner === 1 ? 1 : 0);
        const p = w * o.p;
        if (nsh === need || nsa === need) {
          final.addShifted(acc, o.d, p);
          finalMass += p;
          const label = `${nsh}-${nsa}`;
          sets.set(label, (sets.get(label) ?? 0) + p);
          if (nsh === need) homeWins += p;
          continue;
        }
        const nk = key(nsh, nsa, o.next);
        let target = next.get(nk);
        if (target === undefined) next.set(nk, (target = new Acc(size, offset)));
        target.addShifted(acc, o.d, p);
        nextMass.set(nk, (nextMass.get(nk) ?? 0) + p);
      }
    }
    // Accumulators hold conditional mass times the branch weight: renormalize per branch.
    for (const [nk, acc] of next) {
      const m = nextMass.get(nk) as number;
      const scale = 1 / m;
      acc.q.forEach((q, k) => {
        for (let i = acc.lo[k] as number; i <= (acc.hi[k] as number); i++) q[i] = (q[i] as number) * scale;
      });
    }
    level = next;
    mass = nextMass;
  }
  return {
    scores: {
      margin: final.pmf(0, finalMass),
      total: final.pmf(1, finalMass),
      home: final.pmf(2, finalMass),
      away: final.pmf(3, finalMass),
    },
    sets,
    home: homeWins / finalMass,
  };
}

/** A weighted distribution from (value, weight) pairs. */
const weighted = (pairs: readonly (readonly [number, number])[]): Pmf => {
  let lo = Infinity;
  let hi = -Infinity;
  for (const [v] of pairs) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  const p = new Float64Array(hi - lo + 1);
  for (const [v, w] of pairs) p[v - lo] = (p[v - lo] as number) + w;
  return { lo, p };
};

/** One set (a set period) from its current score, at one strength node. */
function setAt(model: RaceModel, odds: UnitOdds, index: number, current: readonly [number, number], first: 0 | 1 | null): ScorePmfs {
  const rule = ruleOf(model, index);
  const firsts: (0 | 1)[] = first === null ? (model.tennis ? [0, 1] : [0]) : [first];
  const pairs: [number, number, number, number, number][] = [];
  for (const f of firsts) {
    const dist = setDist(rule, odds, f, current[0], current[1]);
    for (const winner of [0, 1] as const) {
      (winner === 0 ? dist.home : dist.away).forEach((m, l) => {
        if (m >= 1e-14) pairs.push([...quantities(rule, winner, l, false), m / firsts.length]);
      });
    }
  }
  const part = (k: 0 | 1 | 2 | 3): Pmf => weighted(pairs.map((x) => [x[k], x[4]] as const));
  return { margin: part(0), total: part(1), home: part(2), away: part(3) };
}

/** A race period's outcome (0 the match, n the n-th set); strength and serve as (mean, news variance to come). */
export function raceOutcome(
  model: RaceModel,
  strength: readonly [number, number],
  serve: readonly [number, number],
  period: number,
  state: RaceState,
): Outcome {
  const nodes = normalNodes2(strength, serve);
  if (period === 0) {
    const parts = nodes.map(([s, v, w]) => ({ w, ...matchAt(model, unitOdds(model, s, v), state) }));
    const setScores: SetScore[] = [];
    const keys = new Set(parts.flatMap((p) => [...p.sets.keys()]));
    for (const key of keys) {
      const [home, away] = key.split('-').map(Number) as [number, number];
      setScores.push({ home, away, p: parts.reduce((s, p) => s + p.w * (p.sets.get(key) ?? 0), 0) });
    }
    setScores.sort((a, b) => b.home - b.away - (a.home - a.away));
    const scores: ScorePmfs = {
      margin: mixture(parts.map((p) => [p.w, p.scores.margin] as const)),
      total: mixture(parts.map((p) => [p.w, p.scores.total] as const)),
      home: mixture(parts.map((p) => [p.w, p.scores.home] as const)),
      away: mixture(parts.map((p) => [p.w, p.scores.away] as const)),
    };
    return outcomeOf(scores, { setScores, winner: parts.reduce((sum, p) => sum + p.w * p.home, 0) });
  }
  const index = period - 1;
  const current = index === state.setIndex ? state.current : ([0, 0] as const);
  const first = index === state.setIndex ? state.firstServer : null;
  const parts = nodes.map(([s, v, w]) => [w, setAt(model, unitOdds(model, s, v), index, current, first)] as const);
  return outcomeOf({
    margin: mixture(parts.map(([w, p]) => [w, p.margin] as const)),
    total: mixture(parts.map(([w, p]) => [w, p.total] as const)),
    home: mixture(parts.map(([w, p]) => [w, p.home] as const)),
    away: mixture(parts.map(([w, p]) => [w, p.away] as const)),
  });
}

/** A played set: each side's units and who won each unit, in order. */
export interface PlayedSet {
  readonly units: readonly [number, number];
  readonly sequence: Uint8Array;
  /** Who served the set's first game (tennis). */
  readonly first: 0 | 1;
}

/** Draws a match: the sets played, unit by unit. */
export function sampleRace(model: RaceModel, odds: UnitOdds, rng: Rng): PlayedSet[] {
  const need = Math.ceil(model.bestOf / 2);
  const out: PlayedSet[] = [];
  let first: 0 | 1 = rng.chance(0.5) ? 0 : 1;
  let sh = 0;
  let sa = 0;
  for (let index = 0; sh < need && sa < need; index++) {
    const rule = ruleOf(model, index);
    const seq = new Uint8Array(2 * rule.target + 2 * DEUCE_MAX + 4);
    let n = 0;
    let i = 0;
    let j = 0;
    for (;;) {
      let homeWins: boolean;
      if (rule.tiebreak && i === rule.target && j === rule.target) homeWins = rng.chance(odds.tiebreak);
      else if (!odds.tennis) homeWins = rng.chance(odds.point);
      else homeWins = rng.chance((first + i + j) % 2 === 0 ? odds.holdHome : 1 - odds.holdAway);
      if (homeWins) i++;
      else j++;
      seq[n++] = homeWins ? 0 : 1;
      const tb = rule.tiebreak && i + j === 2 * rule.target + 1;
      const capped = i === rule.cap || j === rule.cap;
      const need2 = rule.winByTwo ? 2 : 1;
      // Deuce without a cap goes on until someone leads by two (bounded for safety).
      const forced = n > 2 * rule.target + DEUCE_MAX;
      if (tb || capped || (i >= rule.target && i - j >= need2) || (j >= rule.target && j - i >= need2) || (forced && i !== j)) break;
    }
    out.push({ units: [i, j], sequence: seq.slice(0, n), first });
    if (i > j) sh++;
    else sa++;
    first = nextFirst(model, first, i + j);
  }
  return out;
}
