import { BoundedMap } from './bounded';
import { newToken, sha256Hex } from './crypto';
import { type RandomSource, webRandom } from './random';
import { DEFAULT_STORE_BOUNDS } from './store-bounds';
import { StoreFullError } from './store-full';

/** Bot challenges are short-lived. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

interface Challenge {
  action: string;
  hostname: string;
}

/**
 * Issued bot-challenge tokens (docs/service.md, "Credential delivery"): single use, bound to an action and the public hostname.
 * Only their SHA-256 is kept: five minutes each, at most `maxCount`, never one dropped before its time (one more is refused).
 */
export class ChallengeStore {
  private readonly byHash: BoundedMap<string, Challenge>;

  constructor(
    maxCount: number = DEFAULT_STORE_BOUNDS.challenges,
    private readonly random: RandomSource = webRandom,
  ) {
    this.byHash = new BoundedMap<string, Challenge>({ maxAgeMs: CHALLENGE_TTL_MS, maxCount });
  }

  /** Issues a token for `action` on `hostname` (a `StoreFullError` when the store is full). */
  async issue(action: string, hostname: string, now: number): Promise<string> {
    const token = newToken(this.random, 'chl_');
    const hash = await sha256Hex(token);
    const freeAt = this.byHash.fullUntil(now);
    if (freeAt !== undefined)
      throw new StoreFullError('challenges', this.byHash.bounds.maxCount, 'outstanding bot challenges', { freeAt, now });
    this.byHash.set(hash, { action, hostname }, now);
    return token;
  }

  /** True only for a fresh, unused token of this action and hostname; a used token is forgotten at once. */
  consume(hash: string, action: string, hostname: string, now: number): boolean {
    const challenge = this.byHash.get(hash, now);
    if (!challenge) return false;
    this.byHash.delete(hash);
    return challenge.action === action && challenge.hostname === hostname;
  }

  /** The challenges kept at `now` by hash, with when each was issued. */
  saved(now: number): { hash: string; action: string; hostname: string; at: number }[] {
    return this.byHash.entries(now).map(({ key, value, at }) => ({ hash: key, ...value, at }));
  }

  /** Puts a saved challenge back, issued at `at`. */
  restore(hash: string, challenge: Challenge, at: number): void {
    this.byHash.set(hash, { action: challenge.action, hostname: challenge.hostname }, at);
  }

  /** Challenges currently held. */
  get size(): number {
    return this.byHash.size;
  }
}
