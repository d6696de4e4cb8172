/**
 * Generated events: fixtures and their schedule, their lifecycle, their play on the clock, news, the in-play feed, each
 * period's outcome, the price timeline every route reads, and the time bounds callers plan scans with.
 */
export { MAX_EVENT_LENGTH, changeRanges, listingHorizon } from './bounds';
export type { EventBase } from './event-base';
export { IN_PLAY_CUTOFF_LEAD, IN_PLAY_STEP, liveStateAt, type LiveState } from './feed';
export { buildFixture, childIdsOf, matchOf, sideRating, type Fixture, type FixtureFilter } from './fixtures';
export { existsAt, lastChangeAt, liveStatusAt, startsAt, versionAt } from './lifecycle';
export { newsStateAt } from './news';
export { prematchOutcome } from './period-outcome';
export type { FinalScore } from './play';
export { fixturesInOrder } from './schedule';
export {
  SNAPSHOT_BYTES,
  buildTimeline,
  cutoffAt,
  firstAfter,
  lineIdAt,
  prematchInstants,
  type SizedTimeline,
  type Timeline,
} from './timeline';
