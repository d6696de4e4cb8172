/**
 * Odds arithmetic, pure: implied probabilities and margin, fair prices by the common de-vig methods, price format
 * conversions and the Kelly stake. Nothing here calls the service; a bundle keeps only the functions it uses.
 */
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
