import type { ReplaySlot } from './replay';

/** Kinds of single-use credential tokens (decisions.md, "Identifiers and secrets"). */
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

/** Tokens by SHA-256. */
export class TokenStore {
  private readonly byHash = new Map<string, TokenRecord>();

  add(hash: string, record: TokenRecord): void {
    this.byHash.set(hash, record);
  }

  get(hash: string): TokenRecord | undefined {
    return this.byHash.get(hash);
  }
}
