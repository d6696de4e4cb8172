/**
 * `sports-odds-data`: the typed client of the Sports Odds Data Service.
 * @packageDocumentation
 */
export * from './schemas';
