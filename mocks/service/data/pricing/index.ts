/**
 * The pricing engines: distributions on the integers, each sport's model, a period's outcome and where it stands, the
 * four engines that price and play it (`engines/`), price arithmetic and the quotes of a snapshot.
 */
export {
  RACE_START,
  countOutcome,
  countOvertimeOdds,
  countRates,
  duelLiveOutcome,
  duelOutcome,
  duelWinner,
  normalOutcome,
  normalOvertimeOdds,
  raceOutcome,
  sampleCount,
  sampleNormal,
  sampleRace,
  unitOdds,
  type PlayedSet,
  type RaceState,
} from './engines';
export { OVERTIME, count, drawsIn, duel, normal, race, setTo, tennis, type CountModel, type SportModel } from './models';
export type { Outcome } from './outcome';
export { unplayed, type PeriodState } from './period-state';
export { momentsOf, sampleOf } from './pmf';
export { onLadder, quote, removeMargin } from './prices';
export { evenLine, quotesOf, type Quote, type QuoteContext } from './quotes';
