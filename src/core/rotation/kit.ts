/** The types the rotation shares with `run.ts`, loaded on demand and given what it uses. */
import type { KeyRotationSuccess } from '../../schemas/keys';
import type { resolveKey } from '../request';
import type { RotationAnswer, RotationStore, ClientContext, KeyHolder, OnKeyRotated, RawAnswer } from '../types';
import type { APIError, SportsOddsError, RotationPendingError } from '../errors';
import type { isAmbiguous, replayRoute } from './replay';
import type { newRotationNonce, parsePendingRotation } from './record';

/** What the rotator needs from its client. */
export interface RotatorDeps {
  ctx: ClientContext;
  store: RotationStore;
  onKeyRotated: OnKeyRotated | undefined;
}

/** What the on-demand rotation uses of the rest of the SDK. */
export interface RotationTools {
  resolveKey: typeof resolveKey;
  newRotationNonce: typeof newRotationNonce;
  parsePendingRotation: typeof parsePendingRotation;
  replayRoute: typeof replayRoute;
  isAmbiguous: typeof isAmbiguous;
  SportsOddsError: typeof SportsOddsError;
  RotationPendingError: typeof RotationPendingError;
  APIError: typeof APIError;
  /** The exact-replay window of a rotation (15 minutes). */
  windowMs: number;
  /** A rotation's answer as published to the coordinator. */
  publishedOf: (answer: RawAnswer) => RotationAnswer;
  /** A published rotation as an answer of this client (received at `now`). */
  answerOf: (published: RotationAnswer, now: number) => RawAnswer;
}

/** What the rotation needs of its `KeyRotator`. */
export interface RotationKit {
  deps: RotatorDeps;
  parse: (answer: RawAnswer) => KeyRotationSuccess | Promise<KeyRotationSuccess>;
  /** Makes the client call with `newKey` where it called with `oldKey`; false when it called with another key. */
  swap: (key: KeyHolder, oldKey: string, newKey: string) => boolean;
  tools: RotationTools;
}
