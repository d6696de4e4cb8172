import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../mocks/service/state/crypto';
import { KeyStore } from '../../../mocks/service/state/keys';

describe('KeyStore (docs/service.md, Authentication, keys and scopes)', () => {
  it('keeps only the SHA-256 of a key and finds it by that hash', async () => {
    const store = new KeyStore();
    const { record, plaintext } = await store.create({ accountId: 'acct_1', name: 'k', scopes: ['data:read'], now: 0 });
    expect(plaintext).toMatch(/^svc_live_[A-Za-z0-9]{32}$/);
    expect(record.hash).toBe(await sha256Hex(plaintext));
    expect(record.prefix).toBe(plaintext.slice(0, 13));
    // Nothing the store holds is the key or contains it.
    for (const value of Object.values(record)) expect(JSON.stringify(value)).not.toContain(plaintext.slice(13));
    expect(store.findByHash(await sha256Hex(plaintext))).toBe(record);
    const other = plaintext.endsWith('x') ? 'y' : 'x'; // a key one character off
    expect(store.findByHash(await sha256Hex(`${plaintext.slice(0, -1)}${other}`))).toBeUndefined();
  });

  it('refuses a second key with the same hash', async () => {
    const store = new KeyStore();
    const plaintext = `svc_live_${'a'.repeat(32)}`;
    await store.create({ accountId: 'acct_1', name: 'k', scopes: ['data:read'], now: 0, plaintext });
    await expect(store.create({ accountId: 'acct_2', name: 'k', scopes: ['data:read'], now: 0, plaintext })).rejects.toThrow();
  });
});
