/**
 * The pricing engines: distributions on the integers, each sport's model, a period's outcome and where it stands, the
 * four engines that price and play it (`engines/`), price arithmetic and the quotes of a snapshot.
 */
export { countOutcome, countOvertimeOdds, countRates, sampleCount } from './engines/count';
export { duelLiveOutcome, duelOutcome, duelWinner } from './engines/duel';
export { normalOutcome, normalOvertimeOdds, sampleNormal } from './engines/normal';
export { RACE_START, raceOutcome, sampleRace, unitOdds, type PlayedSet, type RaceState } from './engines/race';
export { OVERTIME, count, drawsIn, duel, normal, race, setTo, tennis, type CountModel, type SportModel } from './models';
export type { Outcome } from './outcome';
export { unplayed, type PeriodState } from './period-state';
export { momentsOf, sampleOf } from './pmf';
export { onLadder, quote, removeMargin } from './prices';
export { evenLine, quotesOf, type Quote, type QuoteContext } from './quotes';
