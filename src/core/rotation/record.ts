import { randomToken } from '../../schemas/base64url';
import type { SportsOddsError } from '../errors';
import type { PendingRotation } from '../types';

/**
 * What checking a record uses of the rest of the SDK, given by its callers (`pending.ts`, the rotation's run): this file is a leaf
 * that the rotation's run, loaded on demand, imports by its path.
 */
export interface RecordRules {
  SportsOddsError: typeof SportsOddsError;
  /** `ROTATION_NONCE_PATTERN` of the schemas. */
  noncePattern: RegExp;
}

/**
 * Checks a stored rotation record; a broken one throws a `SportsOddsError` that never quotes it (it holds a key).
 *
 * @example
 * const pending = checkPendingRotation(await readFile(path, 'utf8'), { SportsOddsError, noncePattern: ROTATION_NONCE_PATTERN });
 */
export function checkPendingRotation(value: string | PendingRotation, rules: RecordRules): PendingRotation {
  let r: Partial<Record<keyof PendingRotation, unknown>> | null;
  try {
    r = typeof value === 'string' ? JSON.parse(value) : value;
  } catch {
    r = null;
  }
  const bad =
    r === null || typeof r !== 'object'
      ? ['(root)']
      : [
          r.version === 1 || 'version',
          (typeof r.baseUrl === 'string' && r.baseUrl !== '') || 'baseUrl',
          (typeof r.nonce === 'string' && rules.noncePattern.test(r.nonce)) || 'nonce',
          (typeof r.oldKey === 'string' && r.oldKey !== '') || 'oldKey',
          (typeof r.startedAt === 'string' && !Number.isNaN(Date.parse(r.startedAt))) || 'startedAt',
        ].filter((f) => f !== true);
  if (bad.length > 0)
    throw new rules.SportsOddsError(`the rotation store holds a malformed record (${bad.join(', ')}): inspect it before removing it`);
  const { version, baseUrl, nonce, oldKey, startedAt } = r as PendingRotation;
  return { version, baseUrl, nonce, oldKey, startedAt };
}

/**
 * A fresh rotation nonce: `rot_` + unpadded base64url of 32 random bytes (docs/service.md, "Authentication, keys and scopes").
 *
 * @example
 * newRotationNonce(); // 'rot_' + 43 characters
 */
export function newRotationNonce(): string {
  return randomToken('rot_');
}
