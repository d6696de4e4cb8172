import { randomToken } from '../../../src/schemas';
import { BoundedMap, type Bounds } from './bounded';
import { sha256Hex } from './crypto';

/** Bot challenges are short-lived. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Outstanding challenges: five minutes each, the 10,000 most recent (anyone may ask for one). */
export const CHALLENGE_BOUNDS: Bounds = { maxAgeMs: CHALLENGE_TTL_MS, maxCount: 10_000 };

interface Challenge {
  action: string;
  hostname: string;
}

/**
 * Issued bot-challenge tokens (docs/service.md, "Credential delivery"): single use, bound to an action and the public hostname.
 * Only their SHA-256 is kept.
 */
export class ChallengeStore {
  private readonly byHash = new BoundedMap<string, Challenge>(CHALLENGE_BOUNDS);

  /** Issues a token for `action` on `hostname`. */
  async issue(action: string, hostname: string, now: number): Promise<string> {
    const token = randomToken('chl_');
    this.byHash.set(await sha256Hex(token), { action, hostname }, now);
    return token;
  }

  /** True only for a fresh, unused token of this action and hostname; a used token is forgotten at once. */
  consume(hash: string, action: string, hostname: string, now: number): boolean {
    const challenge = this.byHash.get(hash, now);
    if (!challenge) return false;
    this.byHash.delete(hash);
    return challenge.action === action && challenge.hostname === hostname;
  }

  /** Challenges currently held. */
  get size(): number {
    return this.byHash.size;
  }
}
