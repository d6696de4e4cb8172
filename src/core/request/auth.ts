import { SportsOddsError } from '../errors';
import type { InternalLogger } from '../types';

/**
 * The current key from the user's key function (called every attempt, so a rotated key applies); the logger masks it from then on.
 *
 * @example
 * const key = await resolveKey(() => vault.read('sports-odds'), logger);
 */
export async function resolveKey(source: () => string | Promise<string>, logger: InternalLogger): Promise<string> {
  const key = await source();
  if (typeof key !== 'string' || key === '') throw new SportsOddsError('the apiKey function returned no key');
  logger.addSecret(key);
  return key;
}
