import { ROTATION_NONCE_PATTERN } from '../../schemas/primitives';
import { SportsOddsError } from '../errors';
import type { PendingRotation } from '../types';
import { checkPendingRotation } from './record';

/**
 * Checks a stored rotation record (the Node entry's file store reads one); a broken one throws a `SportsOddsError` that never
 * quotes it (it holds a key).
 *
 * @example
 * const pending = parsePendingRotation(await readFile(path, 'utf8'));
 */
export const parsePendingRotation = (value: string | PendingRotation): PendingRotation =>
  checkPendingRotation(value, { SportsOddsError, noncePattern: ROTATION_NONCE_PATTERN });
