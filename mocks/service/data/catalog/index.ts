/** The catalog the dataset is drawn from: sports and their formats, leagues, derivative kinds, the names of sides and players. */
export type { ChildKind } from './children';
export type { GameFormat } from './formats';
export { LEAGUES, leagueById, leagueByOrdinal, leaguesOfSport, type LeagueDef } from './leagues';
export { buildRoster, playerName } from './names';
export { SPORTS, sportById, type SportDef } from './sports';
