import { cricketInnings, type GameFormat, halves, innings, quarters, sets, single, thirds } from './formats';
import { count, duel, normal, OVERTIME, race, setTo, type SportModel, tennis } from '../pricing';

/** How the two sides of an event are named. */
type SideStyle = 'clubs' | 'franchises' | 'players' | 'pairs' | 'nations' | 'esports';

/** One of the 44 sports of the dataset. */
export interface SportDef {
  readonly sportId: number;
  readonly name: string;
  readonly format: GameFormat;
  /** The generative model prices and results are drawn from. */
  readonly model: SportModel;
  readonly live: boolean;
  readonly props: boolean;
  readonly outrights: boolean;
  /** Event `resulting_unit`: the unit the full-event score (and its markets) is counted in. */
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

const sport = (sportId: number, name: string, format: GameFormat, model: SportModel, o: Options = {}): SportDef => ({
  sportId,
  name,
  format,
  model,
  live: o.live ?? true,
  props: o.props ?? false,
  outrights: o.outrights ?? false,
  resultingUnit: o.unit ?? 'Regular',
  units: o.units ?? 'Points',
  sides: o.sides ?? 'clubs',
  redCards: o.redCards ?? false,
  legacyTeamTotals: o.legacy ?? false,
  pricedPeriods: o.priced ?? (format.periods.length > 1 && model.engine !== 'duel' ? [0, 1] : [0]),
});

const fights = (minutes: number) => single(minutes, 'Fight');
const matchup = (minutes: number) => single(minutes, 'Matchup');
const noDraw = { draws: false } as const;

/**
 * The 44 sports, in catalog order (by `sport_id`). Ids follow a common sportsbook numbering. Each
 * model's strength spread is in its engine's units (log rate ratio, points, logit per unit, sd).
 * The normal engine is kept for sports whose sides score many points in every segment (a side's
 * quarter is never near zero); lower-scoring points sports are overdispersed counts.
 *
 * A race sport's edge per unit compounds over the dozens of units of a match, so its spread is set
 * from the match: favourites win about 72 % of matches at tiers 1 and 2 (as in tennis, where
 * underdogs win close to 30 % of tour matches), and few pre-match favourites are so sure that
 * their price would fall below the 1.01 floor, where no fair price can be read from the quotes
 * (test/mocks/data/market.test.ts states both).
 */
export const SPORTS: readonly SportDef[] = [
  sport(1, 'Badminton', sets(3), race(3, setTo(21, true, 30), { spread: 0.17, unitMinutes: 0.55, altSpread: 4, altTotal: 8 }), {
    sides: 'players',
    unit: 'Points',
  }),
  sport(2, 'Bandy', halves(50, 15), count(4.2, { spread: 0.4, homeEdge: 0.15 })),
  sport(
    3,
    'Baseball',
    innings(9, 20, 5),
    count(4.5, { ...noDraw, size: 4, spread: 0.22, homeEdge: 0.04, overtime: OVERTIME.innings(25) }),
    { props: true, outrights: true, units: 'Runs', legacy: true },
  ),
  sport(
    4,
    'Basketball',
    quarters(30, [3, 15, 3]),
    normal(110, 11.5, 17, { ...noDraw, spread: 7, homeEdge: 2.5, overtime: OVERTIME.basketball }),
    { props: true, outrights: true, legacy: true },
  ),
  sport(
    5,
    'Beach Volleyball',
    sets(3),
    race(3, setTo(21), { lastSet: setTo(15), spread: 0.18, unitMinutes: 0.6, altSpread: 4, altTotal: 8 }),
    { sides: 'pairs', unit: 'Points' },
  ),
  sport(6, 'Boxing', fights(45), duel({ spread: 0.9, drawBand: 0.04, stoppages: 0.45 }), { units: 'Rounds', sides: 'players' }),
  sport(7, 'Chess', matchup(240), duel({ spread: 0.5, drawBand: 0.5 }), { live: false, units: 'Points', sides: 'players' }),
  sport(8, 'Cricket', cricketInnings(95, 20), normal(160, 35, 40, { ...noDraw, spread: 15, homeEdge: 6, overtime: OVERTIME.superOver }), {
    props: true,
    outrights: true,
    units: 'Runs',
    priced: [0],
  }),
  sport(9, 'Curling', halves(60, 5), count(3.4, { ...noDraw, spread: 0.3, homeEdge: 0.05, overtime: OVERTIME.curling }), { live: false }),
  sport(10, 'Darts', sets(1), race(1, setTo(7, false), { spread: 0.45, unitMinutes: 3.5 }), {
    outrights: true,
    unit: 'Legs',
    units: 'Legs',
    sides: 'players',
  }),
  sport(
    12,
    'E Sports',
    sets(3, 'Map'),
    race(3, setTo(13), { spread: 0.21, unitMinutes: 1.8, matchUnit: 'sets', altSpread: 1, altTotal: 1 }),
    { props: true, outrights: true, unit: 'Maps', units: 'Rounds', sides: 'esports' },
  ),
  sport(13, 'Field Hockey', quarters(20, [2, 10, 2], 'Match'), count(2.1, { spread: 0.45, homeEdge: 0.15 })),
  sport(14, 'Floorball', thirds(25, 15), count(5.2, { spread: 0.35, homeEdge: 0.1 })),
  sport(
    15,
    'American Football',
    quarters(45, [3, 20, 3]),
    count(23, { ...noDraw, size: 7, spread: 0.28, homeEdge: 0.08, overtime: OVERTIME.americanFootball }),
    { props: true, outrights: true, legacy: true },
  ),
  sport(16, 'Futsal', halves(33, 10), count(3.1, { spread: 0.4, homeEdge: 0.12 }), { units: 'Goals' }),
  sport(17, 'Golf', matchup(270), normal(36, 5, 5, { spread: 3 }), {
    live: false,
    outrights: true,
    units: 'Stableford Points',
    sides: 'players',
  }),
  sport(18, 'Handball', halves(36, 15), count(28, { spread: 0.12, homeEdge: 0.05 }), { units: 'Goals' }),
  sport(19, 'Ice Hockey', thirds(35, 18), count(3.0, { ...noDraw, spread: 0.3, homeEdge: 0.08, overtime: OVERTIME.oneUnit(15) }), {
    props: true,
    outrights: true,
    units: 'Goals',
    legacy: true,
  }),
  sport(21, 'Lacrosse', quarters(25, [2, 10, 2]), count(12, { ...noDraw, spread: 0.25, homeEdge: 0.06, overtime: OVERTIME.oneUnit(8) }), {
    live: false,
    units: 'Goals',
  }),
  sport(22, 'Mixed Martial Arts', fights(40), duel({ spread: 0.8, stoppages: 0.55 }), {
    props: true,
    units: 'Significant Strikes',
    sides: 'players',
  }),
  sport(23, 'Motorsport', matchup(110), duel({ spread: 0.7 }), { live: false, outrights: true, units: 'Positions', sides: 'players' }),
  sport(26, 'Rugby League', halves(45, 10), count(21, { size: 6, spread: 0.45, homeEdge: 0.14 })),
  sport(27, 'Rugby Union', halves(47, 12), count(24, { size: 7.5, spread: 0.4, homeEdge: 0.14 }), { props: true, outrights: true }),
  sport(28, 'Snooker', sets(1), race(1, setTo(6, false), { spread: 0.5, unitMinutes: 15 }), {
    outrights: true,
    unit: 'Frames',
    units: 'Frames',
    sides: 'players',
  }),
  sport(29, 'Soccer', halves(47, 15), count(1.35, { spread: 0.45, homeEdge: 0.22 }), {
    props: true,
    outrights: true,
    units: 'Goals',
    legacy: true,
    redCards: true,
  }),
  sport(
    30,
    'Softball',
    innings(7, 18, 3),
    count(4.8, { ...noDraw, size: 4, spread: 0.22, homeEdge: 0.04, overtime: OVERTIME.innings(20) }),
    { live: false, units: 'Runs' },
  ),
  sport(31, 'Squash', sets(5), race(5, setTo(11), { spread: 0.18, unitMinutes: 0.9, altSpread: 4, altTotal: 8 }), {
    sides: 'players',
    unit: 'Points',
  }),
  sport(32, 'Table Tennis', sets(5), race(5, setTo(11), { spread: 0.18, unitMinutes: 0.4, altSpread: 4, altTotal: 8 }), {
    sides: 'players',
    unit: 'Points',
  }),
  sport(33, 'Tennis', sets(3), tennis(3, { spread: 0.27, serveLevel: 0.45, unitMinutes: 4.3 }), {
    props: true,
    outrights: true,
    unit: 'Games',
    units: 'Games',
    sides: 'players',
  }),
  sport(
    34,
    'Volleyball',
    sets(5),
    race(5, setTo(25), { lastSet: setTo(15), spread: 0.13, unitMinutes: 0.55, altSpread: 6, altTotal: 12 }),
    { unit: 'Points' },
  ),
  sport(36, 'Water Polo', quarters(15, [2, 5, 2]), count(10, { spread: 0.3, homeEdge: 0.06 }), { units: 'Goals' }),
  sport(39, 'Aussie Rules', quarters(30, [6, 20, 6]), count(85, { size: 13, spread: 0.25, homeEdge: 0.07 }), { outrights: true }),
  sport(41, 'Beach Soccer', thirds(15, 3), count(4.2, { ...noDraw, spread: 0.35, homeEdge: 0.05, overtime: OVERTIME.oneUnit(15) }), {
    units: 'Goals',
  }),
  sport(44, 'Gaelic Football', halves(40, 15), count(17, { size: 40, spread: 0.25, homeEdge: 0.06 }), { live: false }),
  sport(45, 'Hurling', halves(40, 15), normal(24, 7, 7, { spread: 5, homeEdge: 1 }), { live: false }),
  sport(46, 'Cycling', matchup(300), duel({ spread: 0.7 }), { live: false, outrights: true, units: 'Positions', sides: 'players' }),
  sport(47, 'Alpine Skiing', matchup(120), duel({ spread: 0.7 }), { live: false, outrights: true, units: 'Positions', sides: 'players' }),
  sport(48, 'Biathlon', matchup(60), duel({ spread: 0.7 }), { live: false, outrights: true, units: 'Positions', sides: 'players' }),
  sport(49, 'Pool', sets(1), race(1, setTo(9, false), { spread: 0.4, unitMinutes: 5 }), {
    unit: 'Racks',
    units: 'Racks',
    sides: 'players',
  }),
  sport(50, 'Kabaddi', halves(25, 5), normal(34, 8, 10, { spread: 5, homeEdge: 1 })),
  sport(51, 'Basque Pelota', sets(1), race(1, setTo(22, false), { spread: 0.25, unitMinutes: 1.8, altSpread: 3, altTotal: 3 }), {
    live: false,
    sides: 'pairs',
    unit: 'Points',
  }),
  sport(52, 'Bowls', sets(1), race(1, setTo(21, false), { spread: 0.25, unitMinutes: 3.5, altSpread: 3, altTotal: 3 }), {
    live: false,
    unit: 'Shots',
    units: 'Shots',
    sides: 'players',
  }),
  sport(53, 'Padel', sets(3), tennis(3, { spread: 0.26, serveLevel: 0.3, unitMinutes: 4 }), {
    unit: 'Games',
    units: 'Games',
    sides: 'pairs',
  }),
  sport(57, 'Netball', quarters(18, [3, 8, 3]), normal(55, 10, 10, { ...noDraw, spread: 8, homeEdge: 2, overtime: OVERTIME.netball }), {
    live: false,
    units: 'Goals',
  }),
];

const BY_ID = new Map(SPORTS.map((s) => [s.sportId, s]));

/** The sport with this id, if any. */
export const sportById = (sportId: number): SportDef | undefined => BY_ID.get(sportId);
