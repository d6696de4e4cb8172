import type { Core } from './core';
import { playerContestantId } from './contestants';
import type { Fixture } from './fixtures';
import { propSpecialIdOf } from './ids';
import { playerName } from './names';
import { normalCdf } from './normal';
import { sourceFeedId } from './odds-rows';
import { mix, rngOf, unit } from './prng';
import type { Contestant, SpecialDef } from './specials';
import { DAY, HOUR, MINUTE, SECOND } from './time';

type PropKind = 'winning_margin' | 'correct_score' | 'first_scorer' | 'top_scorer' | 'total_ou' | 'odd_even' | 'set_betting';

/** The prop kinds of a sport; a special's kind number is its position here plus one. */
const kindsOf = (f: Fixture): readonly PropKind[] => {
  if (f.sport.format.kind === 'sets') return ['set_betting', 'total_ou', 'odd_even'];
  if (f.model.lowScoring) return ['winning_margin', 'correct_score', 'first_scorer', 'total_ou', 'odd_even'];
  return ['winning_margin', 'top_scorer', 'total_ou', 'odd_even'];
};

const outcomes = (names: readonly string[], weights: readonly number[]): Contestant[] =>
  names.map((name, i) => ({ id: i + 1, name, weight: Math.max(1e-4, weights[i] ?? 0) }));

const poisson = (k: number, mean: number): number => {
  let p = Math.exp(-mean);
  for (let i = 1; i <= k; i++) p *= mean / i;
  return p;
};

/** Winning-margin bands from the event's normal margin model. */
function winningMargin(f: Fixture): Contestant[] {
  const m = f.closeMargin;
  const sd = f.model.sdMargin;
  const band = f.model.lowScoring ? 1 : Math.max(2, Math.round(sd / 3));
  const p = (lo: number, hi: number) => normalCdf((hi - m) / sd) - normalCdf((lo - m) / sd);
  const names: string[] = [];
  const weights: number[] = [];
  for (const [side, sign] of [[f.home, 1], [f.away, -1]] as const) {
    for (let b = 0; b < 3; b++) {
      const lo = b * band + 0.5;
      const hi = b === 2 ? Infinity : (b + 1) * band + 0.5;
      names.push(b === 2 ? `${side} by ${lo + 0.5}+` : band === 1 ? `${side} by ${b + 1}` : `${side} by ${lo + 0.5}-${hi - 0.5}`);
      weights.push(sign > 0 ? p(lo, hi) : p(-hi, -lo));
    }
  }
  if (f.model.draws) {
    names.push('Draw');
    weights.push(p(-0.5, 0.5));
  }
  return outcomes(names, weights);
}

function correctScore(f: Fixture): Contestant[] {
  const home = Math.max(0.1, (f.closeTotal + f.closeMargin) / 2);
  const away = Math.max(0.1, (f.closeTotal - f.closeMargin) / 2);
  const names: string[] = [];
  const weights: number[] = [];
  let covered = 0;
  for (let h = 0; h < 4; h++) {
    for (let a = 0; a < 4; a++) {
      const w = poisson(h, home) * poisson(a, away);
      names.push(`${h}-${a}`);
      weights.push(w);
      covered += w;
    }
  }
  names.push('Any Other Score');
  weights.push(Math.max(0.01, 1 - covered));
  return outcomes(names, weights);
}

function squad(core: Core, f: Fixture, perSide: number, extra: string | null): Contestant[] {
  const out: Contestant[] = [];
  for (const [sideIndex, side] of [f.homeIndex, f.awayIndex].entries()) {
    for (let n = 1; n <= perSide; n++) {
      out.push({
        id: playerContestantId(f.league.ordinal, side, n),
        name: playerName(core.hash, f.league.ordinal, side, n),
        weight: (0.3 + unit(f.hash, 0x9a, sideIndex, n)) * (n <= 3 ? 2.5 : 1),
      });
    }
  }
  if (extra !== null) out.push({ id: 1, name: extra, weight: out.reduce((s, c) => s + c.weight, 0) * Math.exp(-f.closeTotal) });
  return out;
}

function setBetting(f: Fixture): Contestant[] {
  const format = f.sport.format;
  const bestOf = format.kind === 'sets' ? format.bestOf : 3;
  const needed = Math.ceil(bestOf / 2);
  const p = Math.min(0.9, Math.max(0.1, normalCdf(f.closeMargin / (f.model.sdMargin * 0.6))));
  const names: string[] = [];
  const weights: number[] = [];
  const ways = (n: number, k: number): number => (k === 0 ? 1 : (ways(n - 1, k - 1) * n) / k);
  for (let lost = 0; lost < needed; lost++) {
    names.push(`${f.home} ${needed}-${lost}`);
    weights.push(ways(needed - 1 + lost, lost) * p ** needed * (1 - p) ** lost);
  }
  for (let lost = needed - 1; lost >= 0; lost--) {
    names.push(`${f.away} ${needed}-${lost}`);
    weights.push(ways(needed - 1 + lost, lost) * (1 - p) ** needed * p ** lost);
  }
  return outcomes(names, weights);
}

const TITLES: Readonly<Record<PropKind, (f: Fixture) => string>> = {
  winning_margin: () => 'Winning Margin',
  correct_score: () => 'Correct Score',
  first_scorer: (f) => (f.sport.units === 'Goals' ? 'First Goalscorer' : 'First Scorer'),
  top_scorer: () => 'Top Scorer',
  total_ou: (f) => `Total ${f.sport.units} Over/Under`,
  odd_even: (f) => `Total ${f.sport.units} Odd/Even`,
  set_betting: (f) => (f.sport.format.kind === 'sets' && f.sport.resultingUnit === 'Maps' ? 'Map Betting' : 'Set Betting'),
};

const PROP_OPEN_LEAD = 3 * DAY;
const PROP_STEP = 6 * HOUR;

function propDef(core: Core, f: Fixture, kind: PropKind, k: number): SpecialDef {
  const contestants =
    kind === 'winning_margin' ? winningMargin(f)
    : kind === 'correct_score' ? correctScore(f)
    : kind === 'first_scorer' ? squad(core, f, 8, f.sport.units === 'Goals' ? 'No Goalscorer' : 'No Score')
    : kind === 'top_scorer' ? squad(core, f, 6, null)
    : kind === 'set_betting' ? setBetting(f)
    : kind === 'total_ou' ? outcomes(['Over', 'Under'], [0.5, 0.5])
    : outcomes(['Odd', 'Even'], [0.5, 0.5]);
  const specialId = propSpecialIdOf(f.eventId, k);
  const openAt = Math.floor((f.starts - PROP_OPEN_LEAD + unit(f.hash, 0x0a, k) * HOUR) / SECOND) * SECOND;
  const times: number[] = [];
  for (let at = openAt; at < f.starts - 15 * MINUTE; at += PROP_STEP) times.push(at);
  times.push(f.starts - 15 * MINUTE);
  return {
    specialId,
    name: TITLES[kind](f),
    betType: kind === 'total_ou' ? 'over_under' : 'multi_way',
    category: kind === 'first_scorer' || kind === 'top_scorer' ? 'Player Props' : 'Game Props',
    units: f.sport.units,
    eventId: f.eventId,
    period: 0,
    runnerHome: f.home,
    runnerAway: f.away,
    contestants,
    openAt,
    cutoff: f.starts,
    times,
    handicap: kind === 'total_ou' ? Math.floor(f.closeTotal) + 0.5 : null,
    margin: Math.min(0.06, f.margin + 0.008),
    maxWin: Math.round(2000 / f.league.tier),
    hash: mix(f.hash, 0x9e, k),
    feed: sourceFeedId(f),
    volatility: 0.06,
  };
}

/** The specials of an event: 2 or more kinds for a parent fixture of a sport with props; none otherwise. */
export function propsOf(core: Core, f: Fixture): SpecialDef[] {
  if (!f.sport.props || f.child !== null || !f.priced) return [];
  const kinds = kindsOf(f);
  const count = 2 + Math.floor(unit(f.hash, 0x9c) * (kinds.length - 1));
  const chosen = rngOf(f.hash, 0x9d)
    .shuffle(kinds.map((kind, i) => ({ kind, k: i + 1 })))
    .slice(0, count)
    .sort((a, b) => a.k - b.k);
  return chosen.map(({ kind, k }) => propDef(core, f, kind, k));
}

/** One prop of an event by its kind number, if the event has it. */
export const propOf = (core: Core, f: Fixture, k: number): SpecialDef | undefined =>
  propsOf(core, f).find((d) => d.specialId === propSpecialIdOf(f.eventId, k));
