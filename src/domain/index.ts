/** The shared floor: pure domain logic the SDK and the mock both compute, on the route table's terms. */
export { closingLineValue, closingRowOf, type ClosingPrices, type ClvBet, type ClvMatch } from './clv';
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
} from './line-changes';
export { columnOfSide, outcomeOf, PRICE_COLUMNS, rowLineOf, type PriceColumn, type Side } from './sides';
