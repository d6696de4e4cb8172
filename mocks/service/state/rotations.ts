import { ROTATION_REPLAY_WINDOW_MS } from '../../../src/schemas';
import { BoundedMap, type Bounds } from './bounded';
import type { Sealed } from './sealed';

/** A committed rotation, replayable with the exact old key and nonce for 15 minutes (docs/service.md, "Authentication, keys and scopes"). */
export interface RotationRecord {
  oldKeyId: string;
  expiresAt: number;
  /** The answer sealed under the old key and nonce; absent while the rotation is being committed. */
  answer?: Sealed;
  pending?: Promise<void>;
}

/** Rotations are kept for their 15-minute replay window, 10,000 at most. */
export const ROTATION_BOUNDS: Bounds = { maxAgeMs: ROTATION_REPLAY_WINDOW_MS, maxCount: 10_000 };

/** Rotations by SHA-256 of their nonce, within `ROTATION_BOUNDS`. */
export class RotationStore {
  private readonly byNonce = new BoundedMap<string, RotationRecord>(ROTATION_BOUNDS);

  get(nonceHash: string, now: number): RotationRecord | undefined {
    return this.byNonce.get(nonceHash, now);
  }

  add(nonceHash: string, record: RotationRecord, now: number): void {
    this.byNonce.set(nonceHash, record, now);
  }

  /** Rotations currently held. */
  get size(): number {
    return this.byNonce.size;
  }
}
