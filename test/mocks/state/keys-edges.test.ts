import { describe, expect, it } from 'vitest';
import { ROTATION_REPLAY_WINDOW_MS } from '../../../src/schemas';
import { KeyStore, REVOKED_KEYS_KEPT, type KeyRecord } from '../../../mocks/service/state/keys';

/**
 * The bound on revoked keys (docs/mock-server.md, "What the mock keeps, and for how long"): per account, the
 * 100 most recently revoked keys are kept, and any revoked inside the 15-minute replay window; active
 * keys are never dropped.
 */

const MIN = 60_000;
const ACCOUNT = 'acct_1';
const newKey = (store: KeyStore, i: number) => store.create({ accountId: ACCOUNT, name: `k${i}`, scopes: ['data:read'], now: 0 });

async function keys(store: KeyStore, count: number): Promise<KeyRecord[]> {
  const made: KeyRecord[] = [];
  for (let i = 0; i < count; i++) made.push((await newKey(store, i)).record);
  return made;
}

const kept = (store: KeyStore, records: KeyRecord[]) => records.map((r) => store.get(r.id) !== undefined);

describe('KeyStore: which revoked keys it keeps', () => {
  it('drops the key revoked longest ago, not the one created first, once past 100 and outside the replay window', async () => {
    const store = new KeyStore();
    const active = await keys(store, 1);
    const made = await keys(store, REVOKED_KEYS_KEPT + 1);
    // Revoked newest-created first, one hour apart: the last created is the one revoked longest ago.
    const order = [...made].reverse();
    for (const [i, record] of order.entries()) store.revoke(record, i * 60 * MIN);
    const revokedFirst = order[0]!;
    expect(store.get(revokedFirst.id)).toBeUndefined();
    expect(store.findByHash(revokedFirst.hash)).toBeUndefined();
    expect(store.ofAccount(ACCOUNT)).not.toContain(revokedFirst);
    expect(kept(store, order.slice(1)).every(Boolean)).toBe(true);
    expect(store.ofAccount(ACCOUNT)).toHaveLength(1 + REVOKED_KEYS_KEPT);
    // The account's active key is never among those dropped.
    expect(store.get(active[0]!.id)).toBe(active[0]);
    expect(store.activeOf(ACCOUNT)).toEqual(active);
  });

  it('keeps a key still inside its replay window past 100, and drops it once the window has closed', async () => {
    const store = new KeyStore();
    const made = await keys(store, REVOKED_KEYS_KEPT + 1);
    const now = 10 * ROTATION_REPLAY_WINDOW_MS;
    const [oldest, ...rest] = made;
    store.revoke(oldest!, now - ROTATION_REPLAY_WINDOW_MS + 1);
    for (const record of rest) store.revoke(record, now);
    expect(store.get(oldest!.id)).toBe(oldest); // still replayable: kept beyond the 100
    const other = new KeyStore();
    const again = await keys(other, REVOKED_KEYS_KEPT + 1);
    other.revoke(again[0]!, now - ROTATION_REPLAY_WINDOW_MS); // revoked exactly 15 minutes ago: no longer replayable
    for (const record of again.slice(1)) other.revoke(record, now);
    expect(other.get(again[0]!.id)).toBeUndefined();
    expect(kept(other, again.slice(1)).every(Boolean)).toBe(true);
  });

  it('refuses to store a key twice, saying why', async () => {
    const store = new KeyStore();
    const plaintext = `svc_live_${'b'.repeat(32)}`;
    await store.create({ accountId: ACCOUNT, name: 'a', scopes: ['data:read'], now: 0, plaintext });
    await expect(store.create({ accountId: ACCOUNT, name: 'b', scopes: ['data:read'], now: 0, plaintext })).rejects.toThrow(
      'duplicate key',
    );
  });
});
