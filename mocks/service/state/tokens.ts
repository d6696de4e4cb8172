import { BoundedMap } from './bounded';
import type { ReplaySlot } from './replay';
import { DEFAULT_STORE_BOUNDS } from './store-bounds';
import { StoreFullError } from './store-full';

/** Kinds of single-use credential tokens (docs/service.md, "Credential delivery"). */
export type TokenKind = 'recovery' | 'verification';

/** A token as stored: by SHA-256, never in plaintext. */
export interface TokenRecord extends ReplaySlot {
  kind: TokenKind;
  /** The account it belongs to. */
  accountId: string;
  /** The mailbox and recovery-authority generation it was issued for. */
  email: string;
  generation: number;
  expiresAt: number;
}

/**
 * Tokens are kept 48 hours from issue (the longest validity, a verification link's 24 hours, and as
 * long again in which an expired link still answers `410 token_expired` rather than `400 invalid_token`).
 */
export const TOKEN_TTL_MS = 48 * 3_600_000;

/** Tokens by SHA-256: 48 hours each, at most `maxCount`, never one dropped before its time (one more is refused). */
export class TokenStore {
  private readonly byHash: BoundedMap<string, TokenRecord>;

  constructor(maxCount: number = DEFAULT_STORE_BOUNDS.tokens) {
    this.byHash = new BoundedMap<string, TokenRecord>({ maxAgeMs: TOKEN_TTL_MS, maxCount });
  }

  /** Refuses (`StoreFullError`, with when room comes back) unless `count` more tokens fit at `now`. */
  assertRoom(now: number, count = 1): void {
    const freeAt = this.byHash.fullUntil(now, count);
    if (freeAt !== undefined)
      throw new StoreFullError('tokens', this.byHash.bounds.maxCount, 'recovery and verification tokens', { freeAt, now });
  }

  /** Adds a token (a `StoreFullError` when the store is full). */
  add(hash: string, record: TokenRecord, now: number): void {
    this.assertRoom(now);
    this.byHash.set(hash, record, now);
  }

  get(hash: string, now: number): TokenRecord | undefined {
    return this.byHash.get(hash, now);
  }

  /** The tokens kept at `now` by hash, with when each was issued, oldest first. */
  saved(now: number): { hash: string; at: number; record: TokenRecord }[] {
    return this.byHash.entries(now).map(({ key, value, at }) => ({ hash: key, at, record: value }));
  }

  /** Puts a saved token back, issued at `at`. */
  restore(hash: string, record: TokenRecord, at: number): void {
    this.byHash.set(hash, record, at);
  }
}
