import { randomToken } from '../../src/schemas';
import { sha256Hex } from './crypto';

/** Bot challenges are short-lived. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

interface Challenge {
  action: string;
  hostname: string;
  expiresAt: number;
  used: boolean;
}

/**
 * Issued bot-challenge tokens (decisions.md): single use, bound to an action and the public hostname.
 * Only their SHA-256 is kept.
 */
export class ChallengeStore {
  private readonly byHash = new Map<string, Challenge>();

  /** Issues a token for `action` on `hostname`. */
  async issue(action: string, hostname: string, now: number): Promise<string> {
    const token = randomToken('chl_');
    this.byHash.set(await sha256Hex(token), { action, hostname, expiresAt: now + CHALLENGE_TTL_MS, used: false });
    return token;
  }

  /** Consumes a token: true only for a fresh, unused token of this action and hostname. */
  consume(hash: string, action: string, hostname: string, now: number): boolean {
    const challenge = this.byHash.get(hash);
    if (!challenge || challenge.used) return false;
    challenge.used = true;
    return challenge.action === action && challenge.hostname === hostname && now < challenge.expiresAt;
  }
}
