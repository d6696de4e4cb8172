import { ROTATION_REPLAY_WINDOW_MS } from '../../../src/schemas';
import { BoundedMap } from './bounded';
import type { Sealed } from './sealed';
import { DEFAULT_STORE_BOUNDS } from './store-bounds';
import { StoreFullError } from './store-full';

/** A committed rotation, replayable with the exact old key and nonce for 15 minutes (docs/service.md, "Authentication, keys and scopes"). */
export interface RotationRecord {
  oldKeyId: string;
  expiresAt: number;
  /** The answer sealed under the old key and nonce; absent while the rotation is being committed. */
  answer?: Sealed;
  pending?: Promise<void>;
}

/**
 * Rotations by SHA-256 of their nonce, each kept for its 15-minute replay window: at most `maxCount`, never
 * one dropped before its time (a rotation past the bound is refused before it changes anything).
 */
export class RotationStore {
  private readonly byNonce: BoundedMap<string, RotationRecord>;

  constructor(maxCount: number = DEFAULT_STORE_BOUNDS.rotations) {
    this.byNonce = new BoundedMap<string, RotationRecord>({ maxAgeMs: ROTATION_REPLAY_WINDOW_MS, maxCount });
  }

  get(nonceHash: string, now: number): RotationRecord | undefined {
    return this.byNonce.get(nonceHash, now);
  }

  /** Refuses (`StoreFullError`, with when room comes back) unless one more rotation fits at `now`. */
  assertRoom(now: number): void {
    const freeAt = this.byNonce.fullUntil(now);
    if (freeAt !== undefined)
      throw new StoreFullError('rotations', this.byNonce.bounds.maxCount, 'key rotations inside their replay window', { freeAt, now });
  }

  /** Adds a committed rotation (a `StoreFullError` when the store is full). */
  add(nonceHash: string, record: RotationRecord, now: number): void {
    this.assertRoom(now);
    this.byNonce.set(nonceHash, record, now);
  }

  /** The committed rotations kept at `now` (one still being committed is not), with when each was committed. */
  saved(now: number): { nonceHash: string; record: RotationRecord & { answer: Sealed }; at: number }[] {
    return this.byNonce
      .entries(now)
      .flatMap(({ key, value, at }) =>
        value.answer === undefined ? [] : [{ nonceHash: key, record: { ...value, answer: value.answer }, at }],
      );
  }

  /** Puts a saved rotation back, committed at `at`. */
  restore(nonceHash: string, record: RotationRecord, at: number): void {
    this.byNonce.set(nonceHash, record, at);
  }

  /** Rotations currently held. */
  get size(): number {
    return this.byNonce.size;
  }
}
