import { playerContestantId } from './contestants';
import type { Core } from '../core';
import { matchOf, newsStateAt, prematchInstants, type Fixture } from '../events';
import { propSpecialIdOf, rngOf, unit, DAY, HOUR } from '../shared';
import { drawsIn, momentsOf, evenLine, type Outcome } from '../pricing';
import { playerName } from '../catalog';
import { sourceFeedId } from '../rows';
import type { Contestant, SpecialBook, SpecialDef } from './markets';

type PropKind =
  | 'winning_margin'
  | 'correct_score'
  | 'first_scorer'
  | 'top_scorer'
  | 'total_ou'
  | 'odd_even'
  | 'set_betting'
  | 'method_of_victory'
  | 'distance';

/** The full-event outcome of a fixture before kickoff, after k news items (what props are priced from). */
export type PrematchOutcomes = (k: number) => Outcome;

/** The prop kinds of an event's model; a special's kind number is its position here plus one. */
const kindsOf = (f: Fixture): readonly PropKind[] => {
  const { model } = f;
  switch (model.engine) {
    case 'count':
      if (model.perSide < 8) return ['winning_margin', 'correct_score', 'first_scorer', 'total_ou', 'odd_even'];
      return ['winning_margin', 'top_scorer', 'total_ou', 'odd_even'];
    case 'normal':
      return ['winning_margin', 'top_scorer', 'total_ou', 'odd_even'];
    case 'race':
      return model.bestOf > 1 ? ['set_betting', 'total_ou', 'odd_even'] : ['winning_margin', 'total_ou', 'odd_even'];
    case 'duel':
      return ['method_of_victory', 'distance'];
  }
};

/** Overround of each kind (plus 1 % per lower tier): two-way props 10 %, long fields 22 %. */
const MARGINS: Readonly<Record<PropKind, number>> = {
  total_ou: 0.1,
  odd_even: 0.1,
  distance: 0.1,
  set_betting: 0.14,
  winning_margin: 0.18,
  method_of_victory: 0.18,
  correct_score: 0.22,
  first_scorer: 0.22,
  top_scorer: 0.22,
};

/** Shares of a fighter's wins by method: stoppage (knockout, submission) or decision. */
const METHODS = [
  ['KO/TKO', 0.6],
  ['Submission', 0.4],
] as const;

/** The main totals line of an outcome (the same line the totals market quotes). */
const evenTotal = (o: Outcome): number => (o.scores === null ? 0.5 : Math.max(0.5, evenLine(o.scores.total)));

/** Winning-margin bands: the home side by 1-2, 3-5, 6+ (width from the spread of the margin), the same for away, a draw where possible. */
function winningMargin(f: Fixture): { names: string[]; price: (o: Outcome) => number[] } {
  const model = f.model;
  const width =
    model.engine === 'normal'
      ? Math.max(2, Math.round(model.sdMargin / 3))
      : model.engine === 'race'
        ? 2
        : model.engine === 'count' && model.perSide >= 8
          ? Math.max(2, Math.round(Math.sqrt(2 * model.perSide * (1 + model.perSide / model.size)) / 3))
          : 1;
  const names: string[] = [];
  const bands: [number, number][] = [];
  for (const [side, sign] of [
    [f.home, 1],
    [f.away, -1],
  ] as const) {
    for (let b = 0; b < 3; b++) {
      const lo = b * width + 1;
      const hi = b === 2 ? Infinity : (b + 1) * width;
      names.push(b === 2 ? `${side} by ${lo}+` : width === 1 ? `${side} by ${lo}` : `${side} by ${lo}-${hi}`);
      bands.push(sign > 0 ? [lo, hi] : [-hi, -lo]);
    }
  }
  const draws = drawsIn(model, 0);
  if (draws) names.push('Draw');
  return {
    names,
    price(o) {
      const m = o.scores?.margin;
      if (m === undefined) return names.map(() => 1 / names.length);
      const out = bands.map(([lo, hi]) => m.above(lo - 0.5) - (Number.isFinite(hi) ? m.above(hi + 0.5) : 0));
      if (draws) out.push(o.draw);
      return out;
    },
  };
}

/** Correct score of regulation: every score up to 3-3, and any other. */
function correctScore(): { names: string[]; price: (o: Outcome) => number[] } {
  const names: string[] = [];
  const cells: [number, number][] = [];
  for (let h = 0; h < 4; h++) {
    for (let a = 0; a < 4; a++) {
      names.push(`${h}-${a}`);
      cells.push([h, a]);
    }
  }
  names.push('Any Other Score');
  return {
    names,
    price(o) {
      const joint = o.joint ?? (() => 1 / 17);
      const out = cells.map(([h, a]) => joint(h, a));
      out.push(Math.max(1e-6, 1 - out.reduce((s, x) => s + x, 0)));
      return out;
    },
  };
}

/** A squad's players (eight or six per side), weighted within their side. */
function squad(core: Core, f: Fixture, perSide: number): { players: Contestant[]; weights: number[][] } {
  const players: Contestant[] = [];
  const weights: number[][] = [[], []];
  for (const [sideIndex, side] of [f.homeIndex, f.awayIndex].entries()) {
    for (let n = 1; n <= perSide; n++) {
      players.push({ id: playerContestantId(f.league.ordinal, side, n), name: playerName(core.hash, f.league.ordinal, side, n) });
      weights[sideIndex]?.push((0.3 + unit(f.hash, 0x9a, sideIndex, n)) * (n <= 3 ? 2.5 : 1));
    }
  }
  return { players, weights };
}

/** A side's share of the scoring: its expected score over the expected total. */
const sideShares = (o: Outcome): [number, number] => {
  const h = o.scores === null ? 1 : momentsOf(o.scores.home.pmf).mean;
  const a = o.scores === null ? 1 : momentsOf(o.scores.away.pmf).mean;
  return [h / (h + a), a / (h + a)];
};

/** Splits each side's share over its players by their weights. */
const byPlayer = (weights: number[][], shares: readonly [number, number], scale: number): number[] =>
  weights.flatMap((ws, side) => {
    const sum = ws.reduce((s, w) => s + w, 0);
    return ws.map((w) => (scale * (shares[side as 0 | 1] * w)) / sum);
  });

const TITLES: Readonly<Record<PropKind, (f: Fixture) => string>> = {
  winning_margin: () => 'Winning Margin',
  correct_score: (f) => (f.model.overtime !== null ? 'Correct Score (Regular Time)' : 'Correct Score'),
  first_scorer: (f) => (f.sport.units === 'Goals' ? 'First Goalscorer' : 'First Scorer'),
  top_scorer: () => 'Top Scorer',
  total_ou: (f) => `Total ${f.sport.resultingUnit === 'Regular' ? f.sport.units : f.sport.resultingUnit} Over/Under`,
  odd_even: (f) => `Total ${f.sport.resultingUnit === 'Regular' ? f.sport.units : f.sport.resultingUnit} Odd/Even`,
  set_betting: (f) => (f.sport.resultingUnit === 'Maps' ? 'Map Betting' : 'Set Betting'),
  method_of_victory: () => 'Method of Victory',
  distance: () => 'Fight Goes the Distance',
};

const PROP_OPEN_LEAD = 3 * DAY;
const PROP_STEP = 6 * HOUR;

const outcomesOf = (names: readonly string[]): Contestant[] => names.map((name, i) => ({ id: i + 1, name }));

/** A prop: its contestants and how they are priced from the event's outcome at a snapshot. */
function propMarket(core: Core, f: Fixture, kind: PropKind): { contestants: Contestant[]; book: (o: Outcome) => SpecialBook } {
  const plain = (names: string[], price: (o: Outcome) => number[]) => ({
    contestants: outcomesOf(names),
    book: (o: Outcome): SpecialBook => ({ fair: price(o), handicap: null }),
  });
  switch (kind) {
    case 'winning_margin': {
      const wm = winningMargin(f);
      return plain(wm.names, wm.price);
    }
    case 'correct_score': {
      const cs = correctScore();
      return plain(cs.names, cs.price);
    }
    case 'first_scorer':
    case 'top_scorer': {
      const { players, weights } = squad(core, f, kind === 'first_scorer' ? 8 : 6);
      const none = kind === 'first_scorer';
      const contestants = none ? [...players, { id: 1, name: f.sport.units === 'Goals' ? 'No Goalscorer' : 'No Score' }] : players;
      return {
        contestants,
        book(o) {
          const blank = none ? (o.scores?.total.pmf.p[-o.scores.total.pmf.lo] ?? 0) : 0;
          const fair = byPlayer(weights, sideShares(o), 1 - blank);
          if (none) fair.push(Math.max(1e-6, blank));
          return { fair, handicap: null };
        },
      };
    }
    case 'total_ou':
      return {
        contestants: outcomesOf(['Over', 'Under']),
        book(o) {
          const line = evenTotal(o);
          const over = o.scores?.total.above(line) ?? 0.5;
          return { fair: [over, 1 - over], handicap: line };
        },
      };
    case 'odd_even':
      return plain(['Odd', 'Even'], (o) => {
        const pmf = o.scores?.total.pmf;
        let odd = 0;
        pmf?.p.forEach((x, i) => {
          if ((pmf.lo + i) % 2 !== 0) odd += x;
        });
        return pmf === undefined ? [0.5, 0.5] : [odd, 1 - odd];
      });
    case 'set_betting': {
      const need = f.model.engine === 'race' ? Math.ceil(f.model.bestOf / 2) : 2;
      const scores: [number, number][] = [];
      for (let lost = 0; lost < need; lost++) scores.push([need, lost]);
      for (let lost = need - 1; lost >= 0; lost--) scores.push([lost, need]);
      return plain(
        scores.map(([h, a]) => (h > a ? `${f.home} ${h}-${a}` : `${f.away} ${a}-${h}`)),
        (o) => scores.map(([h, a]) => o.setScores?.find((s) => s.home === h && s.away === a)?.p ?? 1e-6),
      );
    }
    case 'method_of_victory': {
      const stoppages = f.model.engine === 'duel' ? f.model.stoppages : 0.5;
      const names: string[] = [];
      const shares: [0 | 1, number][] = [];
      for (const [side, name] of [
        [0, f.home],
        [1, f.away],
      ] as const) {
        for (const [method, share] of METHODS) {
          names.push(`${name} by ${method}`);
          shares.push([side, stoppages * share]);
        }
        names.push(`${name} by Decision`);
        shares.push([side, 1 - stoppages]);
      }
      return plain(names, (o) => shares.map(([side, share]) => (side === 0 ? o.home : o.away) * share));
    }
    case 'distance': {
      const stoppages = f.model.engine === 'duel' ? f.model.stoppages : 0.5;
      return plain(['Yes', 'No'], () => [1 - stoppages, stoppages]);
    }
  }
}

function propDef(core: Core, f: Fixture, kind: PropKind, k: number, outcomes: PrematchOutcomes): SpecialDef {
  const specialId = propSpecialIdOf(f.eventId, k);
  // Props are re-priced at the event's own snapshots (so at the main markets' moments), at most every six hours.
  const from = f.starts - PROP_OPEN_LEAD + unit(f.hash, 0x0a, k) * HOUR;
  const times: number[] = [];
  const instants = prematchInstants(f).filter((at) => at >= from);
  instants.forEach((at, i) => {
    const previous = times[times.length - 1];
    if (previous === undefined || at - previous >= PROP_STEP || i === instants.length - 1) times.push(at);
  });
  const openAt = times[0] ?? f.starts;
  const market = propMarket(core, f, kind);
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
    contestants: market.contestants,
    openAt,
    cutoff: f.starts,
    times,
    // Priced from the news known at the snapshot, as the main markets were then.
    book: (i) => market.book(outcomes(newsStateAt(matchOf(f).news(), times[i] as number))),
    margin: MARGINS[kind] + 0.01 * (f.league.tier - 1),
    maxWin: Math.round(2000 / f.league.tier),
    feed: sourceFeedId(f),
  };
}

/** The specials of an event: 2 or more kinds for a parent fixture of a sport with props; none otherwise. */
export function propsOf(core: Core, f: Fixture, outcomes: PrematchOutcomes): SpecialDef[] {
  if (!f.sport.props || f.child !== null || !f.priced) return [];
  const kinds = kindsOf(f);
  const count = 2 + Math.floor(unit(f.hash, 0x9c) * (kinds.length - 1));
  const chosen = rngOf(f.hash, 0x9d)
    .shuffle(kinds.map((kind, i) => ({ kind, k: i + 1 })))
    .slice(0, count)
    .sort((a, b) => a.k - b.k);
  return chosen.map(({ kind, k }) => propDef(core, f, kind, k, outcomes));
}

/** One prop of an event by its kind number, if the event has it. */
export const propOf = (core: Core, f: Fixture, k: number, outcomes: PrematchOutcomes): SpecialDef | undefined =>
  propsOf(core, f, outcomes).find((d) => d.specialId === propSpecialIdOf(f.eventId, k));
