import { randomToken } from '../../schemas/base64url';
import { ROTATION_NONCE_PATTERN } from '../../schemas/primitives';
import type { PendingRotation } from '../types';
import { SportsOddsError } from '../errors';

/**
 * Checks a stored rotation record; a broken one throws a `SportsOddsError` that never quotes it (it holds a key).
 *
 * @example
 * const pending = parsePendingRotation(await readFile(path, 'utf8'));
 */
export function parsePendingRotation(value: string | PendingRotation): PendingRotation {
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
          (typeof r.nonce === 'string' && ROTATION_NONCE_PATTERN.test(r.nonce)) || 'nonce',
          (typeof r.oldKey === 'string' && r.oldKey !== '') || 'oldKey',
          (typeof r.startedAt === 'string' && !Number.isNaN(Date.parse(r.startedAt))) || 'startedAt',
        ].filter((f) => f !== true);
  if (bad.length > 0)
    throw new SportsOddsError(`the rotation store holds a malformed record (${bad.join(', ')}): inspect it before removing it`);
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
