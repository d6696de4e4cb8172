/** What every generator of the dataset uses: seeded randomness, the id layout, time units and fixed instants, a small cache. */
export {
  altLineIdOf,
  contestantLineIdOf,
  decodeEventId,
  decodeSpecialId,
  eventIdOf,
  lineIdOf,
  outrightSpecialIdOf,
  propSpecialIdOf,
  specialLineIdOf,
} from './ids';
export { Lru } from './lru';
export { Rng, hashString, mix, rngOf, unit } from './prng';
export { DAY, EPOCH, HOUR, LISTING_HORIZON, MINUTE, ODDS_OPEN_LEAD, SECOND, toSecond } from './time';
