/** The rows the routes serve, as the source sends them: the catalog, the event record, a snapshot's rows, odds, lines, results. */
export { leagueRows, periodRows, sportRows } from './catalog';
export { eventRow } from './event';
export { closingAt, lineMarks, openingAt, type LineMarks } from './lines';
export { oddsAt, type OddsRequest, type RowPage } from './odds';
export { RESULT_STATUS, resultsAt } from './results';
export { sourceFeedId } from './snapshots';
export type * from './types';
