import type { APIKeyScopes, ApiKey } from '../../src/schemas';
import { newApiKey, newId, sha256Hex, timingSafeEqual } from './crypto';

/** A stored key: only the SHA-256 of the plaintext is kept (spec 5 rule 10). */
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

/** Keys by SHA-256 and by id. */
export class KeyStore {
  private readonly byHash = new Map<string, KeyRecord>();
  private readonly byId = new Map<string, KeyRecord>();

  /**
   * Creates a key and returns its plaintext once; the store keeps only the hash.
   * Pass `plaintext` for a fixed demo key.
   */
  async create(init: { accountId: string; name: string; scopes: APIKeyScopes; now: number; plaintext?: string }) {
    const plaintext = init.plaintext ?? newApiKey();
    const record = this.insert(init, plaintext, await sha256Hex(plaintext));
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
    return [...this.byId.values()].filter((k) => k.accountId === accountId);
  }

  /** Active keys of an account. */
  activeOf(accountId: string): KeyRecord[] {
    return this.ofAccount(accountId).filter((k) => k.status === 'active');
  }

  /** Revokes a key (idempotent). */
  revoke(record: KeyRecord, now: number): void {
    if (record.status === 'revoked') return;
    record.status = 'revoked';
    record.revokedAt = now;
  }
}

/** The inventory record of a key (decisions.md). */
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
