/**
 * The four engines that price and play an event, one per family of sport: units counted, goals, runs, corners (`count.ts`);
 * matchups, fights and chess decided by a performance edge (`duel.ts`); points sports' margin and total (`normal.ts`); units
 * won in sets raced to a target, rally points, tennis games, legs, frames (`race.ts`).
 */
export { countOutcome, countOvertimeOdds, countRates, sampleCount } from './count';
export { duelLiveOutcome, duelOutcome, duelWinner } from './duel';
export { normalOutcome, normalOvertimeOdds, sampleNormal } from './normal';
export { RACE_START, raceOutcome, sampleRace, unitOdds, type PlayedSet, type RaceState } from './race';
