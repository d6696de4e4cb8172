/** The types the rotation shares with `run.ts`, loaded on demand and given what it uses. */
import type { KeyRotationSuccess } from '../../schemas/keys';
import type { resolveKey } from '../request';
import type { Answer, AnswerHead } from '../answer';
import type { RotationStore, ClientContext, OnKeyRotated, RawAnswer } from '../types';
import type { APIError, SportsOddsError, RotationPendingError } from '../errors';
import type { isAmbiguous, replayRoute } from './replay';

/** What the rotator needs from its client. */
export interface RotatorDeps {
  ctx: ClientContext;
  store: RotationStore;
  onKeyRotated: OnKeyRotated | undefined;
}

/** What the on-demand rotation uses of the rest of the SDK. */
export interface RotationTools {
  resolveKey: typeof resolveKey;
  /** `ROTATION_NONCE_PATTERN` of the schemas, for the stored record's check. */
  noncePattern: RegExp;
  replayRoute: typeof replayRoute;
  isAmbiguous: typeof isAmbiguous;
  SportsOddsError: typeof SportsOddsError;
  RotationPendingError: typeof RotationPendingError;
  APIError: typeof APIError;
  /** The exact-replay window of a rotation (15 minutes). */
  windowMs: number;
  /** A published rotation is made an answer of this client with these. */
  Answer: typeof Answer;
  AnswerHead: typeof AnswerHead;
}

/** What the rotation needs of its `KeyRotator`. */
export interface RotationKit {
  deps: RotatorDeps;
  parse: (answer: RawAnswer) => KeyRotationSuccess | Promise<KeyRotationSuccess>;
  tools: RotationTools;
  /** Revoked keys and their replacements, for a client whose key comes from a function. */
  readonly replaced: Map<string, string>;
  /** Whether the client's key function is wrapped to send the replacements (once, on the first swap). */
  wrapped: boolean;
}
