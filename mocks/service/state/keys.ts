import { MAX_ACTIVE_KEYS, ROTATION_REPLAY_WINDOW_MS, type APIKeyScopes, type ApiKey } from '../../../src/schemas';
import { newApiKey, newId, sha256Hex, timingSafeEqual } from './crypto';

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
 * Revoked keys kept per account (inventory, request-health names): the 100 most recently revoked,
 * and any revoked inside the last 15 minutes, when its rotation can still be replayed, up to 1,000.
 */
export const REVOKED_KEYS_KEPT = 100;
export const REVOKED_KEYS_MAX = 1_000;

/** Keys by SHA-256, by id and by account; at most 5 active and `REVOKED_KEYS_KEPT` revoked per account. */
export class KeyStore {
  private readonly byHash = new Map<string, KeyRecord>();
  private readonly byId = new Map<string, KeyRecord>();
  private readonly byAccount = new Map<string, KeyRecord[]>();

  /** Creates a key, returning its plaintext once (only the hash is kept); with a known `hash`, inserted at once. */
  async create(init: {
    accountId: string;
    name: string;
    scopes: APIKeyScopes;
    now: number;
    plaintext?: string;
    hash?: string | undefined;
  }) {
    const plaintext = init.plaintext ?? newApiKey();
    const record = this.insert(init, plaintext, init.hash ?? (await sha256Hex(plaintext)));
    return { record, plaintext };
  }

  /** Inserts a key whose plaintext and hash are already known (synchronous: used inside atomic steps). */
  insert(init: { accountId: string; name: string; scopes: APIKeyScopes; now: number }, plaintext: string, hash: string): KeyRecord {
    if (this.byHash.has(hash)) throw new Error('duplicate key');
    const record: KeyRecord = {
      id: newId('key_'),
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

  /** Revokes a key (idempotent), then drops the account's oldest revoked keys past the bound. */
  revoke(record: KeyRecord, now: number): void {
    if (record.status === 'revoked') return;
    record.status = 'revoked';
    record.revokedAt = now;
    this.#prune(record.accountId, now);
  }

  #prune(accountId: string, now: number): void {
    const keys = this.byAccount.get(accountId) ?? [];
    const revoked = keys.filter((k) => k.status === 'revoked').sort((a, b) => (a.revokedAt ?? 0) - (b.revokedAt ?? 0));
    const replayable = now - ROTATION_REPLAY_WINDOW_MS;
    const beyondMax = Math.max(0, revoked.length - REVOKED_KEYS_MAX);
    const drop = new Set(
      revoked.slice(0, Math.max(0, revoked.length - REVOKED_KEYS_KEPT)).filter((k, i) => i < beyondMax || (k.revokedAt ?? 0) <= replayable),
    );
    if (drop.size === 0) return;
    for (const key of drop) {
      this.byHash.delete(key.hash);
      this.byId.delete(key.id);
    }
    this.byAccount.set(
      accountId,
      keys.filter((k) => !drop.has(k)),
    );
  }
}

/** The inventory record of a key (docs/service.md, "Account and key routes"). */
export function keyView(record: KeyRecord): ApiKey {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    id: record.id,
    name: record.name,
    prefix: record.prefix,
    scopes: [...record.scopes],
    status: record.status,
    created_at: new Date(record.createdAt).toISOString(),
    last_used_at: iso(record.lastUsedAt),
    revoked_at: iso(record.revokedAt),
  };
}
