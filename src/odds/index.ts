/**
 * `sports-odds-data/odds`: pure functions on prices. Odds arithmetic (implied probabilities and margin, fair prices by
 * the common de-vig methods, price format conversions, the Kelly stake), a bet's closing-line value from its event's
 * closing rows (the CLV route's own computation), and `clvMany`, a book's CLV through a client from one closing-lines
 * request per event, and `watchPrices`, a watch of the changes of events' lines. An application that does not import
 * this entry loads none of it.
 * @packageDocumentation
 */
export {
  ClvBatch,
  clvMany,
  type ClvBatchBet,
  type ClvBatchMeta,
  type ClvBatchOptions,
  type ClvBatchResult,
  type ClvBook,
  type ClvEstimate,
} from './clv-book';
export { closingLineValue, closingRowOf, type ClosingPrices, type ClvBet, type ClvMatch } from '../domain';
export { columnOfSide, outcomeOf, PRICE_COLUMNS, rowLineOf, type PriceColumn, type Side } from '../domain';
export { DEVIG_METHODS, fairPrices, type DevigMethod, type FairMarket, type FittedParameter } from './devig';
export {
  americanFromDecimal,
  decimalFromAmerican,
  decimalFromFractional,
  fractionalFromDecimal,
  type FractionalPrice,
} from './formats';
export { impliedProbabilities, marginOf } from './implied';
export { kellyFraction } from './kelly';
export {
  applySnapshot,
  emptyBoard,
  lineChange,
  lineKeyOf,
  quoteOf,
  snapshotsOf,
  type EventBoard,
  type EventInPlay,
  type LineChange,
  type LineKey,
  type LinePlace,
  type LineQuote,
  type LineState,
  type LineTransition,
} from '../domain';
export { PriceWatch, resumePriceWatch, WatchBudgetExceededError, watchPrices } from './watch';
export type {
  PriceChange,
  PriceWatchMeta,
  PriceWatchOptions,
  PriceWatchState,
  ResumeWatchOptions,
  WatchedEvent,
  WatchedEventRef,
  WatchMode,
} from './watch-types';
