import type { Overtime } from './models';
import { convolve, difference, massAt, mixture, negate, type Pmf, pmfOf, type Tail, tailOf } from './pmf';

/**
 * The predictive distribution of one period's final score at one moment: what every market of the
 * period is priced from. Scores are in the unit the period is graded on.
 */
export interface Outcome {
  /** Moneyline probabilities (home, draw, away), summing to 1; `draw` is 0 where no tie is possible. */
  readonly home: number;
  readonly draw: number;
  readonly away: number;
  /** Distributions of the margin (home minus away), the total and each side's score; null for a duel. */
  readonly scores: Scores | null;
  /** Regulation score grid of a count model (correct-score props), if known. */
  readonly joint: ((h: number, a: number) => number) | null;
  /** Race: the probability of each final score in sets. */
  readonly setScores: readonly SetScore[] | null;
}

/** Survival tables of the four scored quantities of a period. */
interface Scores {
  readonly margin: Tail;
  readonly total: Tail;
  readonly home: Tail;
  readonly away: Tail;
}

/** A final score in sets and its probability. */
export interface SetScore {
  readonly home: number;
  readonly away: number;
  readonly p: number;
}

/** The four distributions of a period's score, before they are tabulated. */
export interface ScorePmfs {
  readonly margin: Pmf;
  readonly total: Pmf;
  readonly home: Pmf;
  readonly away: Pmf;
}

/** The score distributions of independent home and away scores. */
export const independentScores = (home: Pmf, away: Pmf): ScorePmfs => ({
  margin: difference(home, away),
  total: convolve(home, away),
  home,
  away,
});

/** The mixture of score distributions with weights summing to 1. */
export const mixScores = (parts: readonly (readonly [number, ScorePmfs])[]): ScorePmfs => ({
  margin: mixture(parts.map(([w, s]) => [w, s.margin] as const)),
  total: mixture(parts.map(([w, s]) => [w, s.total] as const)),
  home: mixture(parts.map(([w, s]) => [w, s.home] as const)),
  away: mixture(parts.map(([w, s]) => [w, s.away] as const)),
});

/** Doubles every value of a distribution (2X). */
const doubled = (a: Pmf): Pmf => {
  const out = new Float64Array(2 * a.p.length - 1);
  a.p.forEach((x, i) => {
    out[2 * i] = x;
  });
  return { lo: 2 * a.lo, p: out };
};

/** Adds a weighted distribution into a mass array starting at `lo`. */
const addInto = (out: Float64Array, lo: number, d: Pmf, w: number): void => {
  for (let i = 0; i < d.p.length; i++) {
    const at = d.lo + i - lo;
    out[at] = (out[at] as number) + w * (d.p[i] as number);
  }
};

const span = (ds: readonly Pmf[]): [number, number] => {
  let lo = Infinity;
  let hi = -Infinity;
  for (const d of ds) {
    lo = Math.min(lo, d.lo);
    hi = Math.max(hi, d.lo + d.p.length - 1);
  }
  return [lo, hi];
};

/**
 * Resolves the level scores of a regulation distribution by extra play: a level score (j, j), of
 * probability `level[j]`, becomes (j + loser + lead, j + loser) with probability `q` (home wins
 * the extra play) or (j + loser, j + loser + lead). No level score remains.
 */
export function withOvertime(reg: ScorePmfs, level: Pmf, q: number, ot: Overtime): ScorePmfs {
  const tie = level.p.reduce((s, x) => s + x, 0);
  if (tie <= 0) return reg;
  const win = convolve(ot.loser, ot.lead);
  const levelTotal = doubled(level);
  const addTotal = convolve(doubled(ot.loser), ot.lead);
  const margin = (() => {
    const behind = negate(ot.lead);
    const [lo, hi] = span([reg.margin, ot.lead, behind]);
    const out = new Float64Array(hi - lo + 1);
    addInto(out, lo, reg.margin, 1);
    if (-lo >= 0 && -lo < out.length) out[-lo] = 0;
    addInto(out, lo, ot.lead, tie * q);
    addInto(out, lo, behind, tie * (1 - q));
    return pmfOf(lo, out);
  })();
  const total = (() => {
    const extra = convolve(levelTotal, addTotal);
    const [lo, hi] = span([reg.total, extra]);
    const out = new Float64Array(hi - lo + 1);
    addInto(out, lo, reg.total, 1);
    addInto(out, lo, levelTotal, -1);
    addInto(out, lo, extra, 1);
    return pmfOf(lo, clean(out));
  })();
  const side = (own: Pmf, winShare: number): Pmf => {
    const won = convolve(level, win);
    const lost = convolve(level, ot.loser);
    const [lo, hi] = span([own, won, lost]);
    const out = new Float64Array(hi - lo + 1);
    addInto(out, lo, own, 1);
    addInto(out, lo, level, -1);
    addInto(out, lo, won, winShare);
    addInto(out, lo, lost, 1 - winShare);
    return pmfOf(lo, clean(out));
  };
  return { margin, total, home: side(reg.home, q), away: side(reg.away, 1 - q) };
}

/** Clears the rounding dust of subtractions. */
const clean = (a: Float64Array): Float64Array => a.map((x) => (x < 1e-15 ? 0 : x));

/** The outcome of a period from its score distributions (`winner`: the home side's chance when sets decide it). */
export function outcomeOf(
  s: ScorePmfs,
  extra: { joint?: Outcome['joint']; setScores?: Outcome['setScores']; winner?: number } = {},
): Outcome {
  const margin = tailOf(s.margin);
  // The winner is decided by the score, except in sets: the sets decide it, not the units.
  const home = extra.winner ?? margin.above(0.5);
  const away = extra.winner === undefined ? 1 - margin.above(-0.5) : 1 - extra.winner;
  const draw = extra.winner === undefined ? Math.max(0, massAt(s.margin, 0)) : 0;
  const sum = home + draw + away;
  return {
    home: home / sum,
    draw: draw / sum,
    away: away / sum,
    scores: { margin, total: tailOf(s.total), home: tailOf(s.home), away: tailOf(s.away) },
    joint: extra.joint ?? null,
    setScores: extra.setScores ?? null,
  };
}

/** A moneyline-only outcome (duels). */
export const moneylineOnly = (home: number, draw: number, away: number): Outcome => {
  const sum = home + draw + away;
  return { home: home / sum, draw: draw / sum, away: away / sum, scores: null, joint: null, setScores: null };
};
