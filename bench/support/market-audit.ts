/**
 * The issue-23 audit of one sport's settled events: what the closing board priced against what
 * happened, per event, so that every figure gets a standard error clustered by event.
 *
 * - `ml`: every priced outcome of the full-event closing moneyline (calibration slope);
 * - `ladders`: per spread and totals ladder (market, period), per event, the ladder's priced
 *   chances above each of its lines (main and alternates) and the result (dispersion);
 * - `bets`: blind bets at the fair close (`todds`: the margin removed) on every open row, per
 *   market, line (main, alternate below or above it) and side, every period together; on the
 *   moneyline also the favourite, the underdog and the long prices (4.0 and longer);
 * - props against their own event's markets at the same instant: a total prop's P(over) against
 *   the event's totals ladder at the prop's line, and, when its handicap steps by a whole unit,
 *   the move of its P(over) against the ladder's over the same lines; a winning-margin or
 *   set-betting book's home side against the moneyline; blind bets on total props;
 * - `floor`: closing moneylines whose favourite is quoted at the 1.01 floor (the other side carries
 *   the whole margin, and the row's `todds` overstate its chance).
 */
import type { ClosingRow, Dataset, Fixture, OddsRow, ResultRow, SpecialDef } from '../../mocks/service/data';
import { removeMargin } from '../../mocks/service/data/pricing/prices';
import type { Cluster, Graded } from './market-stats';

type Settled = ResultRow & { score_home: number; score_away: number };

/** One event's ladder: (threshold, priced P(X > threshold)) per line, ascending, and the result X. */
export interface LadderObs {
  readonly points: readonly (readonly [number, number])[];
  readonly x: number;
}

/** A prop's chance against its own event's market (or a move of each, per step up of the handicap). */
export interface PropPair {
  readonly prop: number;
  readonly event: number;
}

/** What the audit gathers of one sport. */
export interface AuditStats {
  events: number;
  ml: Graded[];
  /** Closing full-event moneylines, and those whose favourite is quoted at the floor. */
  floor: [number, number];
  ladders: Map<string, LadderObs[]>;
  bets: Map<string, Cluster[]>;
  /** Per comparison (`total_ou`, `total_ou step`, `winning_margin`, `set_betting`): the prop's chance and its event's. */
  props: Map<string, PropPair[]>;
}

/** An empty accumulator. */
export const newAudit = (): AuditStats => ({ events: 0, ml: [], floor: [0, 0], ladders: new Map(), bets: new Map(), props: new Map() });

const fair = (t: number | null): number | null => (t === null || !(t > 1) ? null : 1 / t);

const isSettled = (r: ResultRow | undefined): r is Settled =>
  r !== undefined && (r.status === 1 || r.status === 2) && typeof r.score_home === 'number' && typeof r.score_away === 'number';

/** Sets where the sport plays them (they decide the moneyline), else the score. */
const decisive = (r: Settled): [number, number] =>
  typeof r.sets_home === 'number' && typeof r.sets_away === 'number' ? [r.sets_home, r.sets_away] : [r.score_home, r.score_away];

/** The quantity a row's first side is above its threshold on, and the threshold: margin > -line, total > line. */
function gradedOf(r: ClosingRow, result: Settled): { x: number; threshold: number } | null {
  const line = r.line ?? 0;
  switch (r.market) {
    case 'spread':
      return { x: result.score_home - result.score_away, threshold: -line };
    case 'totals':
      return { x: result.score_home + result.score_away, threshold: line };
    case 'home_totals':
      return { x: result.score_home, threshold: line };
    case 'away_totals':
      return { x: result.score_away, threshold: line };
    default:
      return null;
  }
}

const push = <T>(into: Map<string, T[]>, key: string, x: T): void => {
  const list = into.get(key) ?? [];
  list.push(x);
  into.set(key, list);
};

/** One event's bets per category: [sum of returns, bets]. */
type Tally = Map<string, [number, number]>;
const bet = (own: Tally, key: string, r: number): void => {
  const acc = own.get(key) ?? [0, 0];
  acc[0] += r;
  acc[1]++;
  own.set(key, acc);
};

/** Where a line sits on its ladder: the main line, or an alternate below or above it. */
const kindOf = (r: ClosingRow, main: number | null): string =>
  r.alt_line_id === null || main === null ? 'main' : (r.line as number) < main ? 'lo' : 'hi';

function moneyline(s: AuditStats, own: Tally, r: ClosingRow, result: Settled, cluster: number): void {
  const [wh, wa] = decisive(result);
  const three = r.odds0 !== null;
  const ps = three ? [fair(r.todds1), fair(r.todds0), fair(r.todds2)] : [fair(r.todds1), fair(r.todds2)];
  const ys = three ? [wh > wa ? 1 : 0, wh === wa ? 1 : 0, wh < wa ? 1 : 0] : [wh > wa ? 1 : 0, wh < wa ? 1 : 0];
  const names = three ? ['home', 'draw', 'away'] : ['home', 'away'];
  if (ps.some((x) => x === null)) return;
  const fairs = ps as number[];
  if (r.period === 0) {
    s.floor[0]++;
    if (Math.min(...[r.odds1, r.odds0, r.odds2].filter((o): o is number => o !== null)) <= 1.01) s.floor[1]++;
    for (const [i, p] of fairs.entries()) s.ml.push({ p, y: ys[i] as number, cluster });
  }
  // A blind bettor bets what is open: not a row off the board or suspended.
  if (r.status !== 1) return;
  const fav = fairs.indexOf(Math.max(...fairs));
  fairs.forEach((p, i) => {
    const ret = (ys[i] as number) / p - 1;
    bet(own, `ml ${names[i]}`, ret);
    bet(own, `ml ${i === fav ? 'fav' : 'dog'}`, ret);
    if (1 / p >= 4) bet(own, 'ml long', ret);
  });
}

function closingBoard(s: AuditStats, closing: readonly ClosingRow[], byPeriod: ReadonlyMap<number, ResultRow>, cluster: number): void {
  const own: Tally = new Map();
  const ladders = new Map<string, { points: [number, number][]; x: number }>();
  for (const r of closing) {
    const result = byPeriod.get(r.period as number);
    if (!isSettled(result)) continue;
    if (r.market === 'moneyline') {
      moneyline(s, own, r, result, cluster);
      continue;
    }
    const g = gradedOf(r, result);
    const over = fair(r.todds1);
    const under = fair(r.todds2);
    if (g === null || over === null || under === null) continue;
    if (r.market === 'spread' || r.market === 'totals') {
      const key = `${r.market === 'spread' ? 'S' : 'T'}${r.period}`;
      const ladder = ladders.get(key) ?? { points: [], x: g.x };
      ladder.points.push([g.threshold, over]);
      ladders.set(key, ladder);
    }
    if (r.status !== 1 || g.x === g.threshold) continue;
    const main = closing.find((m) => m.period === r.period && m.market === r.market && m.alt_line_id === null)?.line ?? null;
    const kind = kindOf(r, main);
    const [first, second] = r.market === 'spread' ? ['home', 'away'] : ['over', 'under'];
    const y = g.x > g.threshold ? 1 : 0;
    const market = r.market === 'home_totals' || r.market === 'away_totals' ? 'team' : r.market;
    bet(own, `${market} ${kind} ${first}`, y / over - 1);
    bet(own, `${market} ${kind} ${second}`, (1 - y) / under - 1);
  }
  for (const [key, acc] of own) push(s.bets, key, acc);
  for (const [key, ladder] of ladders) push(s.ladders, key, { points: ladder.points.sort((a, b) => a[0] - b[0]), x: ladder.x });
}

/** The full-event rows of the latest snapshot at `at`: the board a prop priced at `at` sits beside. */
const boardAt = (data: Dataset, f: Fixture, at: number): OddsRow[] =>
  data.odds(f, at, { fullHistory: false, mainOnly: false, rowCap: 10_000 }).rows.filter((r) => r.period === 0);

/** A total prop against its event's totals ladder at every snapshot, and blind bets on its close. */
function totalProp(data: Dataset, s: AuditStats, f: Fixture, def: SpecialDef, full: Settled, now: number, own: Tally): void {
  const over = def.contestants[0]?.id;
  // [instant, handicap, P(over)] of every snapshot.
  const snaps: [number, number, number][] = [];
  for (const r of data.specialOdds(def, now, true)) {
    const p = fair(r.todds);
    if (typeof r.contestant_line_id === 'number' && r.contestant_line_id % 100 === over && r.handicap !== null && p !== null) {
      snaps.push([Date.parse(r.timestamp as string), r.handicap, p]);
    }
  }
  const ladderAt = (at: number, line: number): number | null =>
    fair(boardAt(data, f, at).find((r) => r.market === 'totals' && r.line === line)?.todds1 ?? null);
  snaps.forEach(([at, line, p], i) => {
    const q = ladderAt(at, line);
    if (q !== null) push(s.props, 'total_ou', { prop: p, event: q });
    const prev = snaps[i - 1];
    const up = prev === undefined ? 0 : line - prev[1];
    if (prev === undefined || Math.abs(up) !== 1) return;
    // The same step on the event's own ladder: its P(over) at the new line now against at the old line then (per step up).
    const before = ladderAt(prev[0], prev[1]);
    if (q !== null && before !== null) push(s.props, 'total_ou step', { prop: (p - prev[2]) * up, event: (q - before) * up });
  });
  const last = snaps[snaps.length - 1];
  const total = full.score_home + full.score_away;
  if (last === undefined || total === last[1]) return;
  const y = total > last[1] ? 1 : 0;
  bet(own, 'prop over', y / last[2] - 1);
  bet(own, 'prop under', (1 - y) / (1 - last[2]) - 1);
}

/** A winning-margin or set-betting book: its home side's chance against the moneyline's, at the close. */
function homeBook(data: Dataset, s: AuditStats, f: Fixture, def: SpecialDef, now: number): void {
  const latest = data.specialOdds(def, now, false);
  const at = Math.max(...latest.map((r) => Date.parse(r.timestamp as string)));
  const ml = boardAt(data, f, at).find((r) => r.market === 'moneyline');
  const home = new Set(def.contestants.filter((c) => c.name.startsWith(`${def.runnerHome} `)).map((c) => c.id));
  // The book as it stands: a row a later snapshot did not re-price carries the fair price of its own, older book.
  const fairs = removeMargin(latest.map((r) => r.odds as number));
  const prop = latest.reduce((a, r, i) => a + (home.has((r.contestant_line_id as number) % 100) ? 1 / (fairs[i] as number) : 0), 0);
  const event = fair(ml?.todds1 ?? null);
  if (event !== null) push(s.props, def.name === 'Winning Margin' ? 'winning_margin' : 'set_betting', { prop, event });
}

/** Adds one settled event: its closing board and, with `props`, its props against its own markets. */
export function auditEvent(data: Dataset, s: AuditStats, f: Fixture, now: number, props: boolean): void {
  const results = data.results(f, now);
  const byPeriod = new Map(results.map((r) => [r.period as number, r]));
  // Events of several seeds share ids: the audit's own count tells them apart.
  const cluster = s.events++;
  closingBoard(s, data.closingLines(f, now), byPeriod, cluster);
  const full = byPeriod.get(0);
  if (!props || !isSettled(full)) return;
  const own: Tally = new Map();
  for (const id of new Set(data.props(f, now).map((p) => p.special_id as number))) {
    const def = data.special(id, now);
    if (def === undefined || 'origin' in def) continue;
    if (def.betType === 'over_under') totalProp(data, s, f, def, full, now, own);
    else if (def.name === 'Winning Margin' || def.name.endsWith(' Betting')) homeBook(data, s, f, def, now);
  }
  for (const [key, acc] of own) push(s.bets, key, acc);
}

/** Two audits as one (events of different seeds stay apart). */
export function mergeAudits(a: AuditStats, b: AuditStats): AuditStats {
  const join = <T>(x: ReadonlyMap<string, T[]>, y: ReadonlyMap<string, T[]>): Map<string, T[]> => {
    const out = new Map<string, T[]>([...x].map(([k, v]) => [k, [...v]]));
    for (const [k, v] of y) out.set(k, [...(out.get(k) ?? []), ...v]);
    return out;
  };
  return {
    events: a.events + b.events,
    ml: [...a.ml, ...b.ml.map((o) => ({ ...o, cluster: o.cluster + a.events }))],
    floor: [a.floor[0] + b.floor[0], a.floor[1] + b.floor[1]],
    ladders: join(a.ladders, b.ladders),
    bets: join(a.bets, b.bets),
    props: join(a.props, b.props),
  };
}
