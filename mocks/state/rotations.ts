import type { Sealed } from './sealed';

/** A committed rotation, replayable with the exact old key and nonce for 15 minutes (spec 5 rule 6). */
export interface RotationRecord {
  oldKeyId: string;
  expiresAt: number;
  /** The answer sealed under the old key and nonce; absent while the rotation is being committed. */
  answer?: Sealed;
  pending?: Promise<void>;
}

/** Rotations by SHA-256 of their nonce. */
export class RotationStore {
  private readonly byNonce = new Map<string, RotationRecord>();

  get(nonceHash: string): RotationRecord | undefined {
    return this.byNonce.get(nonceHash);
  }

  add(nonceHash: string, record: RotationRecord): void {
    this.byNonce.set(nonceHash, record);
  }
}
