import { describe, expect, it } from 'vitest';
import { RotationPendingError, SportsOddsError } from '../../src';

describe('RotationPendingError', () => {
  it('names itself and tells when the unconfirmed rotation started and that rotate() replays it', () => {
    const cause = new Error('socket hang up');
    const error = new RotationPendingError('2026-11-22T12:00:00.000Z', cause);
    expect(error).toBeInstanceOf(SportsOddsError);
    expect(error.name).toBe('RotationPendingError');
    expect(String(error)).toMatch(/^RotationPendingError: /);
    expect(error.message).toBe('the key rotation of 2026-11-22T12:00:00.000Z is unconfirmed and stays pending: rotate() replays it');
    expect(error.startedAt).toEqual(new Date('2026-11-22T12:00:00.000Z'));
    expect(error.cause).toBe(cause);
  });
});
