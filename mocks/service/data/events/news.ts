import { MINUTE, type Rng } from '../shared';

/**
 * An event's news between open and kickoff: independent zero-mean shifts of strength and pace, so the
 * estimate is a martingale and the close is the best one; denser towards kickoff, line-ups an hour before.
 * Prices at state k use the expected variance still to come (from the schedule, not the future items).
 */
export interface News {
  /** Arrival instants (ms), ascending. */
  readonly times: Float64Array;
  /** Strength and pace after k items (k = 0: the open); length times.length + 1. */
  readonly strength: Float64Array;
  readonly pace: Float64Array;
  /** Expected variance of the strength and pace news still to come, at state k. */
  readonly restStrength: Float64Array;
  readonly restPace: Float64Array;
}

/** Mean number of ordinary news items between the open and the kickoff. */
const ITEMS = 8;
/** Share of the news variance the line-ups carry. */
const LINEUP_SHARE = 0.3;
const LINEUP_LEAD = 60 * MINUTE;

/** Expected share of the news variance still to come at fraction x of the pre-match window. */
const restShare = (x: number, lineupX: number): number =>
  (1 - LINEUP_SHARE) * (1 - Math.min(1, Math.max(0, x)) ** 2) + (x < lineupX ? LINEUP_SHARE : 0);

/** What a fixture draws of its news up front: how many ordinary items, and their total effect. */
export interface NewsTotal {
  readonly items: number;
  /** Total shift of the strength and the pace between the open and the kickoff. */
  readonly shift: readonly [number, number];
}

/** Draws how much news an event gets and its total effect (cheap: what the results depend on). */
export function drawNewsTotal(rng: Rng, sd: readonly [number, number], lineups: boolean): NewsTotal {
  const items = rng.poisson(ITEMS);
  const share = (items * (1 - LINEUP_SHARE)) / ITEMS + (lineups ? LINEUP_SHARE : 0);
  return { items, shift: [rng.normal() * sd[0] * Math.sqrt(share), rng.normal() * sd[1] * Math.sqrt(share)] };
}

/** Splits a normal total into independent normal parts of the given variances, conditioned on the total. */
function bridge(rng: Rng, variances: readonly number[], total: number): number[] {
  const draws = variances.map((v) => rng.normal() * Math.sqrt(v));
  const sum = draws.reduce((a, b) => a + b, 0);
  const all = variances.reduce((a, b) => a + b, 0);
  return draws.map((x, i) => (all > 0 ? x + ((variances[i] as number) / all) * (total - sum) : 0));
}

/**
 * Draws the news items of an event with their total fixed: ordinary items at x = sqrt(u) of the
 * window (denser towards kickoff), then the line-ups. Given the total, the items are distributed
 * exactly as independent shifts would be, so the open-to-close path is a martingale.
 */
export function drawNews(
  rng: Rng,
  window: readonly [openAt: number, starts: number],
  open: readonly [number, number],
  sd: readonly [number, number],
  total: NewsTotal,
): News {
  const [openAt, starts] = window;
  const span = Math.max(1, starts - openAt);
  const lineupAt = starts - LINEUP_LEAD;
  const lineupX = (lineupAt - openAt) / span;
  const lineups = lineupAt > openAt;
  const items = Array.from({ length: total.items }, () => ({
    at: openAt + Math.floor(Math.sqrt(rng.next()) * span),
    share: (1 - LINEUP_SHARE) / ITEMS,
  }));
  if (lineups) items.push({ at: lineupAt, share: LINEUP_SHARE });
  const [vs, vp] = [sd[0] ** 2, sd[1] ** 2];
  const ds = bridge(
    rng,
    items.map((i) => vs * i.share),
    total.shift[0],
  );
  const dp = bridge(
    rng,
    items.map((i) => vp * i.share),
    total.shift[1],
  );
  const order = items.map((_, i) => i).sort((a, b) => (items[a]?.at as number) - (items[b]?.at as number));
  const n = items.length;
  const times = new Float64Array(n);
  const strength = new Float64Array(n + 1);
  const pace = new Float64Array(n + 1);
  const restStrength = new Float64Array(n + 1);
  const restPace = new Float64Array(n + 1);
  strength[0] = open[0];
  pace[0] = open[1];
  restStrength[0] = vs * restShare(0, lineupX);
  restPace[0] = vp * restShare(0, lineupX);
  order.forEach((j, i) => {
    const item = items[j] as { at: number };
    times[i] = item.at;
    strength[i + 1] = (strength[i] as number) + (ds[j] as number);
    pace[i + 1] = (pace[i] as number) + (dp[j] as number);
    // Just after the line-ups, their share is spent.
    const rest = restShare((item.at - openAt) / span, item.at >= lineupAt ? -Infinity : lineupX);
    restStrength[i + 1] = vs * rest;
    restPace[i + 1] = vp * rest;
  });
  return { times, strength, pace, restStrength, restPace };
}

/** Whether the line-ups come out after the open (they always do for a week-long market). */
export const lineupsAfter = (openAt: number, starts: number): boolean => starts - LINEUP_LEAD > openAt;

/** The news state at instant t: the number of items that have arrived by then. */
export function newsStateAt(news: News, t: number): number {
  let lo = 0;
  let hi = news.times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((news.times[mid] as number) <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
