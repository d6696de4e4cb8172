/** The shared floor: pure domain logic the SDK and the mock both compute, on the route table's terms. */
export { columnOfSide, outcomeOf, PRICE_COLUMNS, rowLineOf } from './sides';
