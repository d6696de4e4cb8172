import type { Rng } from './prng';
import { MINUTE } from './time';

/**
 * The news of one event between its open and its kickoff (injuries, form, weather, line-ups):
 * each item shifts the event's strength and pace by an independent, zero-mean amount, so the
 * market's estimate is a martingale and the close (every item in) is the best estimate. Items
 * arrive more often towards kickoff, and the line-ups come out an hour before it.
 *
 * Prices integrate over the news still to come: at state k they use the expected variance of
 * the items after k (known from the arrival schedule, not from the items that will come).
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

/**
 * Draws the news of an event: ordinary items at x = sqrt(u) of the window (denser towards
 * kickoff), Poisson in number, plus the line-ups. `open` is the (strength, pace) at the open;
 * `sd` the total standard deviations of the strength and pace news.
 */
export function drawNews(rng: Rng, openAt: number, starts: number, open: readonly [number, number], sd: readonly [number, number]): News {
  const span = Math.max(1, starts - openAt);
  const lineupAt = starts - LINEUP_LEAD;
  const lineupX = (lineupAt - openAt) / span;
  const count = rng.poisson(ITEMS);
  const xs: number[] = [];
  for (let i = 0; i < count; i++) xs.push(Math.sqrt(rng.next()));
  const items = xs.map((x) => ({ at: openAt + Math.floor(x * span), share: (1 - LINEUP_SHARE) / ITEMS }));
  if (lineupAt > openAt) items.push({ at: lineupAt, share: LINEUP_SHARE });
  items.sort((a, b) => a.at - b.at);
  const n = items.length;
  const times = new Float64Array(n);
  const strength = new Float64Array(n + 1);
  const pace = new Float64Array(n + 1);
  const restStrength = new Float64Array(n + 1);
  const restPace = new Float64Array(n + 1);
  strength[0] = open[0];
  pace[0] = open[1];
  const [vs, vp] = [sd[0] ** 2, sd[1] ** 2];
  restStrength[0] = vs * restShare(0, lineupX);
  restPace[0] = vp * restShare(0, lineupX);
  items.forEach((item, i) => {
    times[i] = item.at;
    strength[i + 1] = (strength[i] as number) + rng.normal() * Math.sqrt(vs * item.share);
    pace[i + 1] = (pace[i] as number) + rng.normal() * Math.sqrt(vp * item.share);
    const x = (item.at - openAt) / span;
    // Just after the line-ups, their share is spent.
    const rest = restShare(x, item.at >= lineupAt ? -Infinity : lineupX) ;
    restStrength[i + 1] = vs * rest;
    restPace[i + 1] = vp * rest;
  });
  return { times, strength, pace, restStrength, restPace };
}

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

/** Strength and pace once every item is in: the truth the results are drawn from. */
export const closeOf = (news: News): [number, number] => [
  news.strength[news.times.length] as number,
  news.pace[news.times.length] as number,
];
