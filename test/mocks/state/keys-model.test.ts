import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROTATION_REPLAY_WINDOW_MS } from '../../../src/schemas';
import { KeyStore, REVOKED_KEYS_KEPT, type KeyRecord } from '../../../mocks/service/state/keys';
import { StoreFullError } from '../../../mocks/service/state/store-full';

/**
 * The key store's bound in all (docs/mock-server.md, "What the mock keeps, and for how long") against a model of it: a
 * new key fits, or revoked keys past their replay window make room for it, the longest revoked first, stopping at the
 * first one still replayable; else it is refused. Saving and loading the store (a snapshot, a restore, the state file)
 * in between changes none of that.
 */

const WINDOW = ROTATION_REPLAY_WINDOW_MS;
const ACCOUNTS = ['acct_a', 'acct_b', 'acct_c'];

type Op = { kind: 'create'; account: number } | { kind: 'revoke'; pick: number } | { kind: 'advance'; ms: number } | { kind: 'reload' };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('create' as const), account: fc.nat({ max: ACCOUNTS.length - 1 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('revoke' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.constantFrom(1, 1_000, WINDOW - 1, WINDOW, WINDOW + 1) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'reload' as const }) },
);

interface ModelKey {
  id: string;
  account: string;
  revokedAt: number | null;
}

const scopes = ['data:read'] as const;

/** Runs `ops` on a store of `max` keys and on the model, comparing them after each step. */
function run(max: number, ops: readonly Op[]): void {
  let store = new KeyStore(max);
  const model: ModelKey[] = [];
  /** Revoked keys still held, the longest revoked first. */
  const line: ModelKey[] = [];
  let now = 0;
  let made = 0;
  const drop = (key: ModelKey) => {
    model.splice(model.indexOf(key), 1);
    line.splice(line.indexOf(key), 1);
  };
  for (const step of ops) {
    if (step.kind === 'create') {
      const id = `key_${made}`;
      const account = ACCOUNTS[step.account]!;
      made += 1;
      while (model.length + 1 > max && line.length > 0 && line[0]!.revokedAt! <= now - WINDOW) drop(line[0]!);
      const fits = model.length + 1 <= max;
      const insert = () => store.insert({ accountId: account, name: id, scopes: [...scopes], now }, `svc_live_${id}`, `hash_${id}`, id);
      if (fits) {
        expect(insert().id).toBe(id);
        model.push({ id, account, revokedAt: null });
      } else {
        const refusal = (() => {
          try {
            insert();
          } catch (error) {
            return error;
          }
          throw new Error(`a key past the bound of ${max} was stored`);
        })();
        expect(refusal).toBeInstanceOf(StoreFullError);
        expect((refusal as StoreFullError).message).toContain(`the mock holds ${max} API keys (active, and revoked ones still replayable)`);
      }
    } else if (step.kind === 'revoke') {
      const active = model.filter((k) => k.revokedAt === null);
      if (active.length === 0) continue;
      const key = active[step.pick % active.length]!;
      store.revoke(store.get(key.id) as KeyRecord, now);
      key.revokedAt = now;
      line.push(key);
      // Every revocation at its own instant: which of two keys revoked in the same millisecond goes first is not a rule.
      now += 1;
    } else if (step.kind === 'advance') {
      now += step.ms;
    } else {
      const next = new KeyStore(max);
      next.load(store.save());
      store = next;
    }
    expect(store.size).toBe(model.length);
    expect(store.save().map((k) => k.id)).toEqual(model.map((k) => k.id));
    for (const key of model) {
      const record = store.get(key.id);
      expect(record?.revokedAt ?? null).toBe(key.revokedAt);
      expect(store.findByHash(`hash_${key.id}`)).toBe(record);
    }
    for (const account of ACCOUNTS) {
      expect(store.ofAccount(account).map((k) => k.id)).toEqual(model.filter((k) => k.account === account).map((k) => k.id));
    }
  }
}

describe('KeyStore at its bound, against a model', () => {
  it('stores, drops and refuses exactly as the model, across saves and loads', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.array(op, { maxLength: 80 }), (max, ops) => run(max, ops)),
      { numRuns: 300 },
    );
  });

  it('drops a key revoked exactly one replay window ago, and keeps one revoked a millisecond later', () => {
    run(2, [
      { kind: 'create', account: 0 },
      { kind: 'create', account: 0 },
      { kind: 'revoke', pick: 0 },
      { kind: 'revoke', pick: 0 },
      { kind: 'advance', ms: WINDOW - 2 },
      // The first was revoked exactly WINDOW ago: it goes; the second, revoked one millisecond later, stays and stops the walk.
      { kind: 'create', account: 1 },
      { kind: 'create', account: 1 },
      { kind: 'advance', ms: 1 },
      { kind: 'create', account: 1 },
    ]);
  });

  it('after a load, still drops the longest revoked first, not the first created', () => {
    run(2, [
      { kind: 'create', account: 0 },
      { kind: 'create', account: 0 },
      { kind: 'revoke', pick: 1 },
      { kind: 'revoke', pick: 0 },
      { kind: 'reload' },
      { kind: 'advance', ms: WINDOW + 1 },
      { kind: 'create', account: 1 },
      { kind: 'create', account: 1 },
    ]);
  });

  it('keeps the revoked keys it has not reached yet once most of its line of revocations is passed', () => {
    const ops: Op[] = [];
    for (let i = 0; i < 4; i++) ops.push({ kind: 'create', account: i % ACCOUNTS.length });
    for (let i = 0; i < 4; i++) ops.push({ kind: 'revoke', pick: 0 });
    ops.push({ kind: 'advance', ms: WINDOW + 1 });
    // Each create makes room with the longest revoked key; past half of the line, the rest must still be there to drop.
    for (let i = 0; i < 5; i++) ops.push({ kind: 'create', account: 1 });
    run(4, ops);
  });

  it('keeps finding a key whose plaintext is stored again after its first record was dropped', async () => {
    const store = new KeyStore(REVOKED_KEYS_KEPT + 3);
    const plaintext = (i: number) => `svc_live_${String(i).padStart(32, 'k')}`;
    const create = async (accountId: string, now: number, text?: string) =>
      (await store.create({ accountId, name: 'k', scopes: [...scopes], now, ...(text === undefined ? {} : { plaintext: text }) })).record;
    const revoked: KeyRecord[] = [];
    for (let i = 0; i <= REVOKED_KEYS_KEPT; i++) revoked.push(await create('acct_a', 0, plaintext(i)));
    for (const record of revoked) store.revoke(record, 0);
    // Past the window, one more revocation drops the account's revoked keys beyond the 100 kept: the first two.
    store.revoke(await create('acct_a', WINDOW), WINDOW);
    expect([store.get(revoked[0]!.id), store.get(revoked[1]!.id), store.get(revoked[2]!.id)]).toEqual([undefined, undefined, revoked[2]]);
    // The first key's plaintext again: a new record, still found by its hash once the full store makes room for more.
    const again = await create('acct_c', WINDOW, plaintext(0));
    while (store.size < store.maxKeys) await create('acct_c', WINDOW);
    await create('acct_c', WINDOW);
    expect(store.get(revoked[2]!.id)).toBeUndefined();
    expect(store.findByHash(again.hash)).toBe(again);
    expect(store.get(again.id)).toBe(again);
  });
});
