import { cricketInnings, type GameFormat, halves, innings, quarters, sets, single, thirds } from './formats';
import { goals, points, type ScoringModel } from './models';

/** How the two sides of an event are named. */
export type SideStyle = 'clubs' | 'franchises' | 'players' | 'pairs' | 'nations' | 'esports';

/** One of the 44 sports of the dataset. */
export interface SportDef {
  readonly sportId: number;
  readonly name: string;
  readonly format: GameFormat;
  readonly model: ScoringModel;
  readonly live: boolean;
  readonly props: boolean;
  readonly outrights: boolean;
  /** Event `resulting_unit`. */
  readonly resultingUnit: string;
  /** What the score counts, for prop labels (`Goals`, `Points`). */
  readonly units: string;
  readonly sides: SideStyle;
  /** Soccer's in-play snapshots carry red cards. */
  readonly redCards: boolean;
  /** The source still sends the deprecated `team_totals_*` period labels for this sport. */
  readonly legacyTeamTotals: boolean;
  /** Periods with prices (always including 0). */
  readonly pricedPeriods: readonly number[];
}

interface Options {
  live?: boolean;
  props?: boolean;
  outrights?: boolean;
  unit?: string;
  units?: string;
  sides?: SideStyle;
  legacy?: boolean;
  priced?: readonly number[];
  redCards?: boolean;
}

const sport = (sportId: number, name: string, format: GameFormat, model: ScoringModel, o: Options = {}): SportDef => ({
  sportId,
  name,
  format,
  model,
  live: o.live ?? true,
  props: o.props ?? false,
  outrights: o.outrights ?? false,
  resultingUnit: o.unit ?? (format.kind === 'sets' ? 'Sets' : 'Regular'),
  units: o.units ?? 'Points',
  sides: o.sides ?? 'clubs',
  redCards: o.redCards ?? false,
  legacyTeamTotals: o.legacy ?? false,
  pricedPeriods: o.priced ?? (format.periods.length > 1 ? [0, 1] : [0]),
});

const fights = (minutes: number) => single(minutes, 'Fight');
const matchup = (minutes: number) => single(minutes, 'Matchup');

/** The 44 sports, in catalog order (by `sport_id`). Ids follow a common sportsbook numbering. */
export const SPORTS: readonly SportDef[] = [
  sport(1, 'Badminton', sets(3, 22, 21), points(38, 9, 10), { sides: 'players' }),
  sport(2, 'Bandy', halves(50, 15), goals(4.2)),
  sport(3, 'Baseball', innings(9, 20, 5), points(4.5, 3.9, 4.4, { alt: 1, homeEdge: 0.2 }), { props: true, outrights: true, units: 'Runs', legacy: true }),
  sport(4, 'Basketball', quarters(30, [3, 15, 3]), points(110, 12, 17, { alt: 2, homeEdge: 2.5 }), { props: true, outrights: true, legacy: true }),
  sport(5, 'Beach Volleyball', sets(3, 20, 21), points(36, 8, 9), { sides: 'pairs' }),
  sport(6, 'Boxing', fights(45), goals(1.1, true, 0.05), { unit: 'Rounds', units: 'Knockdowns', sides: 'players' }),
  sport(7, 'Chess', matchup(240), goals(0.55, true, 0.1), { live: false, units: 'Points', sides: 'players' }),
  sport(8, 'Cricket', cricketInnings(95, 20), points(160, 28, 40, { alt: 4, homeEdge: 6 }), { props: true, outrights: true, units: 'Runs', priced: [0, 1] }),
  sport(9, 'Curling', halves(60, 5), goals(3.4, false, 0.05), { live: false }),
  sport(10, 'Darts', single(70), points(6.5, 2.8, 2.4, { alt: 1, homeEdge: 0 }), { outrights: true, unit: 'Legs', units: 'Legs', sides: 'players' }),
  sport(12, 'E Sports', sets(3, 40, 13, 'Map'), points(26, 7, 8, { homeEdge: 0 }), { props: true, outrights: true, unit: 'Maps', units: 'Rounds', sides: 'esports' }),
  sport(13, 'Field Hockey', quarters(20, [2, 10, 2], 'Match'), goals(2.1)),
  sport(14, 'Floorball', thirds(25, 15), goals(5.2)),
  sport(15, 'American Football', quarters(45, [3, 20, 3]), points(23, 13.5, 13.5, { alt: 3, homeEdge: 1.8 }), { props: true, outrights: true, legacy: true }),
  sport(16, 'Futsal', halves(33, 10), goals(3.1), { units: 'Goals' }),
  sport(17, 'Golf', matchup(270), points(36, 4, 5, { alt: 1, homeEdge: 0 }), { live: false, outrights: true, units: 'Stableford Points', sides: 'players' }),
  sport(18, 'Handball', halves(36, 15), points(28, 5, 6, { draws: true, alt: 1, homeEdge: 1.5 }), { units: 'Goals' }),
  sport(19, 'Ice Hockey', thirds(35, 18), goals(3.0), { props: true, outrights: true, units: 'Goals', legacy: true }),
  sport(21, 'Lacrosse', quarters(25, [2, 10, 2]), points(12, 4.5, 5, { alt: 1 }), { live: false, units: 'Goals' }),
  sport(22, 'Mixed Martial Arts', fights(40), goals(0.9, false, 0.02), { props: true, outrights: false, unit: 'Rounds', units: 'Significant Strikes', sides: 'players' }),
  sport(23, 'Motorsport', matchup(110), points(9, 4, 4, { alt: 1, homeEdge: 0 }), { live: false, outrights: true, units: 'Positions', sides: 'players' }),
  sport(26, 'Rugby League', halves(45, 10), points(21, 14, 13, { draws: true, alt: 2, homeEdge: 3 })),
  sport(27, 'Rugby Union', halves(47, 12), points(24, 14, 14, { draws: true, alt: 2, homeEdge: 3.5 }), { props: true, outrights: true }),
  sport(28, 'Snooker', single(160), points(5.5, 2.6, 2.2, { alt: 1, homeEdge: 0 }), { outrights: true, unit: 'Frames', units: 'Frames', sides: 'players' }),
  sport(29, 'Soccer', halves(47, 15), goals(1.35), { props: true, outrights: true, units: 'Goals', legacy: true, redCards: true }),
  sport(30, 'Softball', innings(7, 18, 3), points(4.8, 4.1, 4.6, { alt: 1 }), { live: false, units: 'Runs' }),
  sport(31, 'Squash', sets(5, 14, 11), points(40, 9, 10), { sides: 'players' }),
  sport(32, 'Table Tennis', sets(5, 8, 11), points(42, 9, 11, { homeEdge: 0 }), { sides: 'players' }),
  sport(33, 'Tennis', sets(3, 42, 6), points(11, 5, 4.5, { alt: 2, homeEdge: 0 }), { props: true, outrights: true, units: 'Games', sides: 'players' }),
  sport(34, 'Volleyball', sets(5, 25, 25), points(95, 12, 18, { alt: 3 }), { outrights: false }),
  sport(36, 'Water Polo', quarters(15, [2, 5, 2]), points(10, 3.6, 4.2, { draws: true, alt: 1, homeEdge: 0.7 }), { units: 'Goals' }),
  sport(39, 'Aussie Rules', quarters(30, [6, 20, 6]), points(85, 30, 25, { draws: true, alt: 4, homeEdge: 6 }), { outrights: true }),
  sport(41, 'Beach Soccer', thirds(15, 3), goals(4.2), { units: 'Goals' }),
  sport(44, 'Gaelic Football', halves(40, 15), points(17, 6, 6, { draws: true, alt: 1 }), { live: false }),
  sport(45, 'Hurling', halves(40, 15), points(24, 7, 7, { draws: true, alt: 1 }), { live: false }),
  sport(46, 'Cycling', matchup(300), points(8, 4, 4, { alt: 1, homeEdge: 0 }), { live: false, outrights: true, units: 'Positions', sides: 'players' }),
  sport(47, 'Alpine Skiing', matchup(120), points(8, 4, 4, { alt: 1, homeEdge: 0 }), { live: false, outrights: true, units: 'Positions', sides: 'players' }),
  sport(48, 'Biathlon', matchup(60), points(8, 4, 4, { alt: 1, homeEdge: 0 }), { live: false, outrights: true, units: 'Positions', sides: 'players' }),
  sport(49, 'Pool', single(70), points(8, 3, 2.6, { alt: 1, homeEdge: 0 }), { unit: 'Racks', units: 'Racks', sides: 'players' }),
  sport(50, 'Kabaddi', halves(25, 5), points(34, 8, 10, { draws: true, alt: 2 })),
  sport(51, 'Basque Pelota', single(70), points(32, 6, 5, { alt: 1, homeEdge: 0 }), { live: false, sides: 'pairs' }),
  sport(52, 'Bowls', single(150), points(14, 5, 4, { alt: 1, homeEdge: 0 }), { live: false, unit: 'Shots', units: 'Shots', sides: 'players' }),
  sport(53, 'Padel', sets(3, 38, 6), points(11, 5, 4.5, { alt: 2, homeEdge: 0 }), { units: 'Games', sides: 'pairs' }),
  sport(57, 'Netball', quarters(18, [3, 8, 3]), points(55, 10, 10, { alt: 2, homeEdge: 2 }), { live: false, units: 'Goals' }),
];

const BY_ID = new Map(SPORTS.map((s) => [s.sportId, s]));

/** The sport with this id, if any. */
export const sportById = (sportId: number): SportDef | undefined => BY_ID.get(sportId);
