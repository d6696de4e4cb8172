import { checkRequestOptions, REQUEST_CHECKS, type OptionCheck } from '../options';
import type { KeyRotationSuccess } from '../../schemas/keys';
import { ROTATION_REPLAY_WINDOW_MS } from '../../schemas/limits';
import { ROTATION_NONCE_PATTERN } from '../../schemas/primitives';
import { APIPromise, Answer, AnswerHead } from '../answer';
import { resolveKey, parserOf } from '../request';
import { APIError, SportsOddsError, RotationPendingError } from '../errors';
import { isAmbiguous, replayRoute } from './replay';
import type { RotationKit, RotationTools, RotatorDeps } from './kit';
import type { KeyRecovery, RawAnswer, RotateOptions } from '../types';

/** What `odds.keys.rotate()` takes (`RotateOptions`). */
const ROTATE_CHECKS = {
  signal: REQUEST_CHECKS.signal,
  timeout: REQUEST_CHECKS.timeout,
} satisfies Record<keyof RotateOptions, OptionCheck>;

const TOOLS: RotationTools = {
  resolveKey,
  noncePattern: ROTATION_NONCE_PATTERN,
  replayRoute,
  isAmbiguous,
  SportsOddsError,
  RotationPendingError,
  APIError,
  windowMs: ROTATION_REPLAY_WINDOW_MS,
  Answer,
  AnswerHead,
};

/**
 * Key rotation as an exact replay (docs/service.md, "Authentication, keys and scopes"): the nonce is saved with the old key before
 * sending; ambiguous failures are replayed unchanged within the 15-minute window; a pending record is resumed. Concurrent calls, and
 * the clients of one coordinator (its lock), share one rotation; a client refused for a key rotated elsewhere switches (`KeyRecovery`).
 */
export class KeyRotator implements KeyRecovery {
  readonly #deps: RotatorDeps;
  #inflight: Promise<RawAnswer> | undefined;

  readonly #kit: RotationKit;

  constructor(deps: RotatorDeps) {
    this.#deps = deps;
    this.#kit = {
      deps,
      parse: (answer) => this.#parse(answer),
      tools: TOOLS,
      replaced: new Map(),
      wrapped: false,
    };
  }

  /**
   * Rotates the client's key, or resumes the pending rotation of the store.
   *
   * @example
   * const { api_key } = await rotator.rotate();
   */
  rotate(options: RotateOptions = {}): APIPromise<KeyRotationSuccess> {
    try {
      checkRequestOptions(options, 'keys.rotate()', ROTATE_CHECKS);
    } catch (error) {
      // Refused before anything is stored or sent, as a rejection (never a throw of a promise-returning call).
      return new APIPromise(Promise.reject(error), this.#parse);
    }
    this.#inflight ??= this.#run(options).finally(() => {
      this.#inflight = undefined;
    });
    return new APIPromise(this.#inflight, this.#parse);
  }

  readonly #parse = (answer: RawAnswer): KeyRotationSuccess | Promise<KeyRotationSuccess> =>
    parserOf(this.#deps.ctx, 'keys.rotate', { validate: true })(answer);

  async adopt(key: string): Promise<boolean> {
    const { adoptPublished } = await import('./run');
    return adoptPublished(this.#kit, key);
  }

  async recover(staleKey: string, signal: AbortSignal | undefined): Promise<boolean> {
    const { recoverStaleKey } = await import('./run');
    return recoverStaleKey(this.#kit, staleKey, signal);
  }

  // Loaded on demand with the first rotate(): a leaf given what it uses, so bundlers' module evaluation order is untouched.
  async #run(options: RotateOptions): Promise<RawAnswer> {
    const { rotateUnderLock } = await import('./run');
    return rotateUnderLock(this.#kit, options);
  }
}
