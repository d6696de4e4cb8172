import { MAX_ACTIVE_KEYS, ROTATION_REPLAY_WINDOW_MS, type APIKeyScopes, type ApiKey } from '../../../src/schemas';
import { newApiKey, newId, sha256Hex, timingSafeEqual } from './crypto';
import { type RandomSource, webRandom } from './random';
import { DEFAULT_STORE_BOUNDS } from './store-bounds';
import { StoreFullError } from './store-full';
import { isoMillis } from '../../../src/schemas/instant-text';

/** A stored key: only the SHA-256 of the plaintext is kept (docs/service.md, "Authentication, keys and scopes"). */
export interface KeyRecord {
  id: string;
  accountId: string;
  name: string;
  /** `svc_live_` + the key's first 4 random characters. */
  prefix: string;
  scopes: APIKeyScopes;
  status: 'active' | 'revoked';
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
  hash: string;
}

const PREFIX_LENGTH = 'svc_live_'.length + 4;
/**
 * Revoked keys kept per account (inventory, request-health names) once their rotation can no longer be
 * replayed (15 minutes): the 100 most recently revoked. One inside its replay window is always kept.
 */
export const REVOKED_KEYS_KEPT = 100;

/**
 * Keys by SHA-256, by id and by account: at most 5 active per account, and `maxKeys` in all. An active key,
 * or a revoked one inside its replay window, is never dropped; when the store is full, revoked keys past
 * their window go, the longest revoked first, and only then is a new key refused (`StoreFullError`).
 */
export class KeyStore {
  private readonly byHash = new Map<string, KeyRecord>();
  private readonly byId = new Map<string, KeyRecord>();
  private readonly byAccount = new Map<string, KeyRecord[]>();
  /** Revoked keys in the order they were revoked, from `#revokedHead` (some already dropped, passed over in turn). */
  #revoked: KeyRecord[] = [];
  #revokedHead = 0;

  constructor(
    readonly maxKeys: number = DEFAULT_STORE_BOUNDS.keys,
    /** Where key ids and plaintexts are drawn from (the state's source). */
    readonly random: RandomSource = webRandom,
  ) {}

  /** Keys held, active and revoked. */
  get size(): number {
    return this.byId.size;
  }

  /**
   * Makes room for `count` more keys at `now`, dropping revoked keys past their replay window (the longest
   * revoked first), or refuses with a `StoreFullError` having dropped nothing else: checked before a change
   * that ends in a new key (a rotation, a recovery), so that a refusal changes nothing.
   */
  assertRoom(count: number, now: number): void {
    if (this.byId.size + count <= this.maxKeys) return;
    const replayable = now - ROTATION_REPLAY_WINDOW_MS;
    while (this.byId.size + count > this.maxKeys && this.#revokedHead < this.#revoked.length) {
      const oldest = this.#revoked[this.#revokedHead] as KeyRecord;
      if (this.byId.get(oldest.id) === oldest) {
        if ((oldest.revokedAt ?? 0) > replayable) break;
        this.#drop(oldest.accountId, new Set([oldest]));
      }
      this.#revokedHead += 1;
    }
    this.#compactRevoked();
    if (this.byId.size + count > this.maxKeys)
      throw new StoreFullError('keys', this.maxKeys, 'API keys (active, and revoked ones still replayable)');
  }

  /** Creates a key, returning its plaintext once (only the hash is kept); with a known `hash`, inserted at once. */
  async create(init: {
    accountId: string;
    name: string;
    scopes: APIKeyScopes;
    now: number;
    plaintext?: string;
    hash?: string | undefined;
  }) {
    const plaintext = init.plaintext ?? newApiKey(this.random);
    // Drawn before the hash is awaited: a deterministic mock's ids come in the same order whether or not a test awaited `ready`.
    const id = newId(this.random, 'key_');
    const record = this.insert(init, plaintext, init.hash ?? (await sha256Hex(plaintext)), id);
    return { record, plaintext };
  }

  /** Inserts a key whose plaintext and hash are already known (synchronous: used inside atomic steps). */
  insert(
    init: { accountId: string; name: string; scopes: APIKeyScopes; now: number },
    plaintext: string,
    hash: string,
    id: string = newId(this.random, 'key_'),
  ): KeyRecord {
    if (this.byHash.has(hash)) throw new Error('duplicate key');
    this.assertRoom(1, init.now);
    const record: KeyRecord = {
      id,
      accountId: init.accountId,
      name: init.name,
      prefix: plaintext.slice(0, PREFIX_LENGTH),
      scopes: [...init.scopes],
      status: 'active',
      createdAt: init.now,
      lastUsedAt: null,
      revokedAt: null,
      hash,
    };
    this.byHash.set(hash, record);
    this.byId.set(record.id, record);
    const keys = this.byAccount.get(record.accountId);
    if (keys) keys.push(record);
    else this.byAccount.set(record.accountId, [record]);
    return record;
  }

  /** The key with this SHA-256, compared in constant time after the lookup. */
  findByHash(hash: string): KeyRecord | undefined {
    const record = this.byHash.get(hash);
    return record && timingSafeEqual(record.hash, hash) ? record : undefined;
  }

  get(id: string): KeyRecord | undefined {
    return this.byId.get(id);
  }

  /** Every key of an account, oldest first. */
  ofAccount(accountId: string): KeyRecord[] {
    return [...(this.byAccount.get(accountId) ?? [])];
  }

  /** Active keys of an account. */
  activeOf(accountId: string): KeyRecord[] {
    return this.ofAccount(accountId).filter((k) => k.status === 'active');
  }

  /** Whether the account already holds the most active keys it may (docs/service.md, "Constants"). */
  atKeyLimit(accountId: string): boolean {
    return this.activeOf(accountId).length >= MAX_ACTIVE_KEYS;
  }

  /** Revokes a key (idempotent), then drops the account's oldest revoked keys past `REVOKED_KEYS_KEPT` and their replay window. */
  revoke(record: KeyRecord, now: number): void {
    if (record.status === 'revoked') return;
    record.status = 'revoked';
    record.revokedAt = now;
    this.#revoked.push(record);
    this.#prune(record.accountId, now);
    this.#compactRevoked();
  }

  #prune(accountId: string, now: number): void {
    const keys = this.byAccount.get(accountId) ?? [];
    const revoked = keys.filter((k) => k.status === 'revoked').sort((a, b) => (a.revokedAt ?? 0) - (b.revokedAt ?? 0));
    const replayable = now - ROTATION_REPLAY_WINDOW_MS;
    const drop = new Set(revoked.slice(0, Math.max(0, revoked.length - REVOKED_KEYS_KEPT)).filter((k) => (k.revokedAt ?? 0) <= replayable));
    if (drop.size > 0) this.#drop(accountId, drop);
  }

  #drop(accountId: string, drop: ReadonlySet<KeyRecord>): void {
    for (const key of drop) {
      this.byHash.delete(key.hash);
      this.byId.delete(key.id);
    }
    this.byAccount.set(
      accountId,
      (this.byAccount.get(accountId) ?? []).filter((k) => !drop.has(k)),
    );
  }

  /** Every key as a state document holds it (its SHA-256, never a plaintext), oldest first. */
  save(): KeyRecord[] {
    return [...this.byId.values()].map((k) => ({ ...k, scopes: [...k.scopes] }));
  }

  /** Adds saved keys to an empty store; the revocation line in the order they were revoked. */
  load(saved: readonly KeyRecord[]): void {
    for (const k of saved) {
      const record: KeyRecord = { ...k, scopes: [...k.scopes] };
      this.byHash.set(record.hash, record);
      this.byId.set(record.id, record);
      const keys = this.byAccount.get(record.accountId);
      if (keys) keys.push(record);
      else this.byAccount.set(record.accountId, [record]);
    }
    this.#revoked = [...this.byId.values()].filter((k) => k.status === 'revoked').sort((a, b) => (a.revokedAt ?? 0) - (b.revokedAt ?? 0));
    this.#revokedHead = 0;
  }

  /** The revocation line without the keys dropped meanwhile, once it holds more than twice what the store can. */
  #compactRevoked(): void {
    if (this.#revoked.length - this.#revokedHead <= 2 * this.maxKeys && this.#revokedHead * 2 <= this.#revoked.length) return;
    this.#revoked = this.#revoked.slice(this.#revokedHead).filter((k) => this.byId.get(k.id) === k);
    this.#revokedHead = 0;
  }
}

/** The inventory record of a key (docs/service.md, "Account and key routes"). */
export function keyView(record: KeyRecord): ApiKey {
  return {
    id: record.id,
    name: record.name,
    prefix: record.prefix,
    scopes: [...record.scopes],
    status: record.status,
    created_at: isoMillis(record.createdAt),
    last_used_at: record.lastUsedAt === null ? null : isoMillis(record.lastUsedAt),
    revoked_at: record.revokedAt === null ? null : isoMillis(record.revokedAt),
  };
}
