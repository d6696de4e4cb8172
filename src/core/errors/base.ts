/**
 * The base of every error the SDK throws, so one `instanceof SportsOddsError` catches them all.
 *
 * @example
 * try {
 *   await odds.catalog.sports();
 * } catch (error) {
 *   if (error instanceof SportsOddsError) console.error(error.name, error.message);
 * }
 */
export class SportsOddsError extends Error {
  override name = 'SportsOddsError';
}
