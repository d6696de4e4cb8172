import { describe, expect, it } from 'vitest';
import { ResponseValidationError, RotationPendingError, SportsOddsError } from '../../src';
import { fakeClient, rejection, TEST_KEY } from './fake-fetch';

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

// The new key is swapped into the client, so the rotation answer is checked whatever the client's
// `validate` option says: an unchecked malformed answer would leave the client without a key.
describe('the rotation answer of a client that turned validation off', () => {
  it('is still validated before its key is swapped in', async () => {
    const { odds, fake } = fakeClient([{ body: { api_key: 42 } }, { body: [] }], { validate: false });
    expect(await rejection(odds.keys.rotate())).toBeInstanceOf(ResponseValidationError);
    await odds.catalog.sports();
    expect(fake.seen.map((s) => s.authorization)).toEqual([`Bearer ${TEST_KEY}`, `Bearer ${TEST_KEY}`]);
  });
});
