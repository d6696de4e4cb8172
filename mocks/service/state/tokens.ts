import { BoundedMap, type Bounds } from './bounded';
import type { ReplaySlot } from './replay';

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
 * long again in which an expired link still answers `410 token_expired` rather than `400 invalid_token`),
 * 10,000 at most.
 */
export const TOKEN_BOUNDS: Bounds = { maxAgeMs: 48 * 3_600_000, maxCount: 10_000 };

/** Tokens by SHA-256, within `TOKEN_BOUNDS`. */
export class TokenStore {
  private readonly byHash = new BoundedMap<string, TokenRecord>(TOKEN_BOUNDS);

  add(hash: string, record: TokenRecord, now: number): void {
    this.byHash.set(hash, record, now);
  }

  get(hash: string, now: number): TokenRecord | undefined {
    return this.byHash.get(hash, now);
  }
}
