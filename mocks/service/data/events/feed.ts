import { type Fixture, matchOf } from './fixtures';
import { inBreak } from './game';
import { mix, rngOf, unit, MINUTE } from '../shared';

/** In-play snapshots come every minute; each line is offered until a few minutes later. */
export const IN_PLAY_STEP = MINUTE;
export const IN_PLAY_CUTOFF_LEAD = 3 * MINUTE;

/** The in-play price feed of one event. */
export interface InPlayFeed {
  /** Whether the event is priced in play at all. */
  readonly covered: boolean;
  /** The feed's last snapshot is before this instant: the end, or earlier when the feed stopped. */
  readonly stopAt: number;
  /** A long suspension (weather, review, injury), or null. */
  readonly suspension: readonly [number, number] | null;
  /** Seed of the brief one-minute suspensions. */
  readonly blipHash: number;
}

const FEED_STOP_RATE = 0.12;
const LONG_SUSPENSION_RATE = 0.35;
const BLIP_RATE = 0.03;

/** The in-play feed plan of an event (pure: no history needed). */
export function inPlayFeed(f: Fixture): InPlayFeed {
  const rng = rngOf(f.hash, 0xfeed);
  const coverage = f.league.tier === 3 ? 0.8 : 0.93;
  const covered = f.sport.live && f.priced && rng.next() < coverage;
  const length = f.endAt - f.starts;
  const stops = rng.chance(FEED_STOP_RATE);
  const stopAt = stops ? f.starts + Math.floor(rng.between(0.15, 0.85) * length) : f.endAt;
  const start = f.starts + Math.floor(rng.between(0.1, 0.85) * length);
  const suspension: [number, number] | null = rng.chance(LONG_SUSPENSION_RATE)
    ? [start, start + Math.floor(rng.between(6, 20)) * MINUTE]
    : null;
  return { covered, stopAt, suspension, blipHash: mix(f.hash, 0xb11b) };
}

/** Whether the in-play snapshot at instant t is suspended (all rows status 2): breaks, extra play, incidents. */
export function suspendedAt(f: Fixture, feed: InPlayFeed, t: number): boolean {
  if (inBreak(f.timing.segments, t)) return true;
  // Extra play is traded suspended: its outcome is priced as a whole.
  const match = matchOf(f);
  const extra = match.overtime ? f.timing.segments[match.units.length - 1] : undefined;
  if (extra !== undefined && t >= extra.start) return true;
  if (feed.suspension !== null && t >= feed.suspension[0] && t < feed.suspension[1]) return true;
  return unit(feed.blipHash, Math.floor((t - f.starts) / IN_PLAY_STEP)) < BLIP_RATE;
}

/** The in-play snapshot instants of the event: every minute from kickoff while the feed runs. */
export function inPlayCount(f: Fixture, feed: InPlayFeed): number {
  if (!feed.covered) return 0;
  return Math.max(0, Math.ceil((Math.min(feed.stopAt, f.endAt) - f.starts) / IN_PLAY_STEP));
}

/** The latest in-play snapshot instant at or before `now`, or null. */
function latestInPlayInstant(f: Fixture, feed: InPlayFeed, now: number): number | null {
  const count = inPlayCount(f, feed);
  if (count === 0 || now < f.starts) return null;
  const m = Math.min(count - 1, Math.floor((now - f.starts) / IN_PLAY_STEP));
  return f.starts + m * IN_PLAY_STEP;
}

/** Where an event stands for `live=1` at `now`. */
export type LiveState =
  /** Not started. */
  | 'prematch'
  /** Ended (finished, abandoned, settled). */
  | 'ended'
  /** In play, but never priced in play (historical-only): its last cutoff was the kickoff. */
  | 'not-covered'
  /** In play, latest snapshot fully suspended. */
  | 'suspended'
  /** In play, the feed stopped: the latest cutoff has passed. */
  | 'expired'
  /** In play with an open line whose cutoff is after `now`. */
  | 'offered';

/** The live state of an event at `now`, consistent with its price history. */
export function liveStateAt(f: Fixture, now: number): LiveState {
  if (now < f.starts) return 'prematch';
  if (now >= f.endAt) return 'ended';
  const feed = inPlayFeed(f);
  const t = latestInPlayInstant(f, feed, now);
  if (t === null) return 'not-covered';
  if (suspendedAt(f, feed, t)) return 'suspended';
  return t + IN_PLAY_CUTOFF_LEAD > now ? 'offered' : 'expired';
}
