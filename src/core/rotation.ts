import { checkRequestOptions } from './options';
import type { KeyRotationSuccess } from '../schemas/keys';
import { ROTATION_REPLAY_WINDOW_MS } from '../schemas/limits';
import { APIPromise } from './api-promise';
import { resolveKey } from './auth';
import { APIError } from './errors/api';
import { SportsOddsError } from './errors/base';
import { RotationPendingError } from './errors/rotation';
import { Answer, AnswerHead } from './meta';
import { isAmbiguous, replayRoute } from './replay-route';
import { parserOf } from './request';
import type { RotationKit, RotationTools, RotatorDeps } from './rotation-kit';
import { newRotationNonce, parsePendingRotation } from './rotation-record';
import type { KeyHolder, KeyRecovery, RawAnswer, RotateOptions, RotationAnswer } from './types';

export { MemoryRotationStore } from './memory-rotation-store';
export { RotationPendingError } from './errors/rotation';
export { newRotationNonce, parsePendingRotation } from './rotation-record';
export type { RotatorDeps } from './rotation-kit';

const publishedOf = (answer: RawAnswer): RotationAnswer => ({
  status: answer.response.status,
  headers: [...answer.response.headers],
  text: answer.text,
});

const answerOf = (published: RotationAnswer, now: number): RawAnswer => {
  const headers = new Headers(published.headers);
  return new Answer(
    new Response(published.text, { status: published.status, headers }),
    published.text,
    new AnswerHead(headers, published.status, 1, now),
    now,
  );
};

const TOOLS: RotationTools = {
  resolveKey,
  newRotationNonce,
  parsePendingRotation,
  replayRoute,
  isAmbiguous,
  SportsOddsError,
  RotationPendingError,
  APIError,
  windowMs: ROTATION_REPLAY_WINDOW_MS,
  publishedOf,
  answerOf,
};

/**
 * Key rotation as an exact replay (docs/service.md, "Authentication, keys and scopes"): the nonce
 * is saved with the old key before anything is sent; ambiguous failures are replayed with that
 * exact key and nonce until the 15-minute window ends; a definitive refusal clears the record;
 * success swaps the new key into the client, publishes it to the coordinator, calls
 * `onKeyRotated`, then clears the record. A pending record (a process that died mid-rotation) is
 * resumed instead of starting a new rotation; concurrent calls share one rotation, and so do the
 * clients of one coordinator (its lock). A client refused for a key that another client rotated
 * switches to the new key (`KeyRecovery`).
 */
export class KeyRotator implements KeyRecovery {
  readonly #deps: RotatorDeps;
  #inflight: Promise<RawAnswer> | undefined;
  /** Revoked keys and their replacements, for a client whose key comes from a function. */
  readonly #replaced = new Map<string, string>();
  #wrapped = false;

  readonly #kit: RotationKit;

  constructor(deps: RotatorDeps) {
    this.#deps = deps;
    this.#kit = {
      deps,
      parse: (answer) => this.#parse(answer),
      swap: (key, oldKey, newKey) => this.#swap(key, oldKey, newKey),
      tools: TOOLS,
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
      checkRequestOptions(options);
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

  /** Switches the client to the published replacement of `key`, if any. */
  async adopt(key: string): Promise<boolean> {
    const { adoptPublished } = await import('./rotation-run');
    return adoptPublished(this.#kit, key);
  }

  /** Recovers from the `401` of `staleKey`: the replacement of a rotation made elsewhere, or one left pending. */
  async recover(staleKey: string, signal: AbortSignal | undefined): Promise<boolean> {
    const { recoverStaleKey } = await import('./rotation-run');
    return recoverStaleKey(this.#kit, staleKey, signal);
  }

  // The rotation itself is loaded with the first rotate(), given what it uses of the rest of the
  // SDK: a leaf, so loading it on demand leaves every bundler's order of module evaluation alone.
  async #run(options: RotateOptions): Promise<RawAnswer> {
    const { rotateUnderLock } = await import('./rotation-run');
    return rotateUnderLock(this.#kit, options);
  }

  /** Makes the client (and the clients derived from it) call with `newKey` from now on, where it called with `oldKey`. */
  #swap(key: KeyHolder, oldKey: string, newKey: string): boolean {
    if (typeof key.source === 'string') {
      if (key.source === newKey) return true;
      if (key.source !== oldKey) return false;
      key.source = newKey;
      return true;
    }
    this.#replaced.set(oldKey, newKey);
    if (!this.#wrapped) {
      this.#wrapped = true;
      const source = key.source;
      const replaced = this.#replaced;
      key.source = async () => {
        let key = await source();
        // A revoked key never works again, so its replacement is always the right key to send.
        for (let hops = 0; replaced.has(key) && hops < 1000; hops++) key = replaced.get(key) as string;
        return key;
      };
    }
    return true;
  }
}
