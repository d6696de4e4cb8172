import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockService } from '../../../mocks';
import { NOW } from '../../helpers/mock-server';

/**
 * `mock.createKey()` made at once after `createMockService()`: the demo account's primary key joins
 * once its hash is made, and a key made meanwhile waits for it (docs/testing.md, the handles; the
 * key limit of docs/service.md, "Authentication, keys and scopes"). The platform's SHA-256 of the
 * first key, the demo's, is held back here, as a loaded machine can do.
 */
afterEach(() => {
  vi.restoreAllMocks();
});

/** Delays the first digest the platform makes (the demo key's) by `ms`. */
function slowFirstDigest(ms: number) {
  const digest = crypto.subtle.digest.bind(crypto.subtle);
  let first = true;
  vi.spyOn(crypto.subtle, 'digest').mockImplementation(async (algorithm, data) => {
    if (first) {
      first = false;
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
    return digest(algorithm, data);
  });
}

describe('a key made before the demo key is hashed', () => {
  it('comes after the primary key, which it finds in accounts() once it resolves', async () => {
    slowFirstDigest(50);
    const mock = createMockService({ now: NOW });
    await mock.createKey(mock.demoEmail, { name: 'reader' });
    const names = mock
      .accounts()
      .find((a) => a.email === mock.demoEmail)!
      .keys.map((k) => k.name);
    expect(names).toEqual(['Primary key', 'reader']);
  });

  it('counts the primary key against the limit of five active keys', async () => {
    slowFirstDigest(50);
    const mock = createMockService({ now: NOW });
    const made = await Promise.allSettled([1, 2, 3, 4, 5].map((n) => mock.createKey(mock.demoEmail, { name: `k${n}` })));
    expect(made.filter((m) => m.status === 'fulfilled')).toHaveLength(4);
    expect(made.filter((m) => m.status === 'rejected')).toHaveLength(1);
    expect(
      mock
        .accounts()
        .find((a) => a.email === mock.demoEmail)!
        .keys.filter((k) => k.status === 'active'),
    ).toHaveLength(5);
  });
});
