import { randomToken } from '../schemas/base64url';
import { ROTATION_NONCE_PATTERN } from '../schemas/primitives';
import { SportsOddsError } from './errors/base';
import type { KeyRotationSuccess } from '../schemas/keys';
import { ROTATION_REPLAY_WINDOW_MS } from '../schemas/limits';
import { APIPromise } from './api-promise';
import { resolveKey } from './auth';
import { APIError } from './errors/api';
import { isAmbiguous, replayRoute } from './replay-route';
import { parserOf } from './request';
import type { ClientContext, KeyHolder, OnKeyRotated, PendingRotation, RawAnswer, RotateOptions, RotationStore } from './types';

/**
 * The default store: the pending rotation lives as long as the client's process.
 *
 * @example
 * const odds = new SportsOdds({ rotationStore: new MemoryRotationStore() });
 */
export class MemoryRotationStore implements RotationStore {
  #pending: PendingRotation | undefined;

  async load(): Promise<PendingRotation | undefined> {
    return this.#pending === undefined ? undefined : { ...this.#pending };
  }

  async save(pending: PendingRotation): Promise<void> {
    this.#pending = { ...pending };
  }

  async clear(): Promise<void> {
    this.#pending = undefined;
  }
}

/**
 * Checks a stored record (the text of a file store, or what a custom store loaded); a broken one
 * throws a `SportsOddsError` that never quotes it (it holds a key).
 *
 * @example
 * const pending = parsePendingRotation(await readFile(path, 'utf8'));
 */
export function parsePendingRotation(value: string | PendingRotation): PendingRotation {
  let r: Partial<Record<keyof PendingRotation, unknown>> | null;
  try {
    r = typeof value === 'string' ? JSON.parse(value) : value;
  } catch {
    r = null;
  }
  const bad =
    r === null || typeof r !== 'object'
      ? ['(root)']
      : [
          r.version === 1 || 'version',
          (typeof r.baseUrl === 'string' && r.baseUrl !== '') || 'baseUrl',
          (typeof r.nonce === 'string' && ROTATION_NONCE_PATTERN.test(r.nonce)) || 'nonce',
          (typeof r.oldKey === 'string' && r.oldKey !== '') || 'oldKey',
          (typeof r.startedAt === 'string' && !Number.isNaN(Date.parse(r.startedAt))) || 'startedAt',
        ].filter((f) => f !== true);
  if (bad.length > 0) throw new SportsOddsError(`the rotation store holds a malformed record (${bad.join(', ')}): inspect it before removing it`);
  const { version, baseUrl, nonce, oldKey, startedAt } = r as PendingRotation;
  return { version, baseUrl, nonce, oldKey, startedAt };
}

/**
 * A fresh rotation nonce: `rot_` + the unpadded base64url of 32 bytes from `crypto.getRandomValues`
 * (spec 5 rule 5).
 *
 * @example
 * newRotationNonce(); // 'rot_' + 43 characters
 */
export function newRotationNonce(): string {
  return randomToken('rot_');
}

/**
 * The rotation could not be confirmed within its 15-minute replay window: every attempt failed
 * ambiguously. It stays in the store, so calling `rotate()` again replays it with the same key
 * and nonce (never a new nonce: spec 7 rule 5). `cause` is the last failure.
 *
 * @example
 * try {
 *   await odds.keys.rotate();
 * } catch (error) {
 *   if (error instanceof RotationPendingError) scheduleRetry(); // later: odds.keys.rotate() resumes it
 * }
 */
export class RotationPendingError extends SportsOddsError {
  override name = 'RotationPendingError';
  /** When the pending rotation started. */
  readonly startedAt: Date;

  constructor(startedAt: string, cause: unknown) {
    super(`the key rotation of ${startedAt} is unconfirmed and stays pending: rotate() replays it`, { cause });
    this.startedAt = new Date(startedAt);
  }
}

/** What the rotator needs from its client. */
export interface RotatorDeps {
  ctx: ClientContext;
  store: RotationStore;
  onKeyRotated: OnKeyRotated | undefined;
}

/** What the on-demand rotation uses of the rest of the SDK (it imports nothing itself). */
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
}

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
};

/**
 * Key rotation as an exact replay (spec 5 rules 5 and 6, 7 rule 5): the nonce is saved with the old
 * key before anything is sent; ambiguous failures are replayed with that exact key and nonce until
 * the 15-minute window ends; a definitive refusal clears the record; success swaps the new key into
 * the client, calls `onKeyRotated`, then clears the record. A pending record (a process that died
 * mid-rotation) is resumed instead of starting a new rotation; concurrent calls share one rotation.
 */
export class KeyRotator {
  readonly #deps: RotatorDeps;
  #inflight: Promise<RawAnswer> | undefined;
  /** Revoked keys and their replacements, for a client whose key comes from a function. */
  readonly #replaced = new Map<string, string>();
  #wrapped = false;

  constructor(deps: RotatorDeps) {
    this.#deps = deps;
  }

  /**
   * Rotates the client's key, or resumes the pending rotation of the store.
   *
   * @example
   * const { api_key } = await rotator.rotate();
   */
  rotate(options: RotateOptions = {}): APIPromise<KeyRotationSuccess> {
    this.#inflight ??= this.#run(options).finally(() => {
      this.#inflight = undefined;
    });
    return new APIPromise(this.#inflight, this.#parse);
  }

  readonly #parse = (answer: RawAnswer): KeyRotationSuccess | Promise<KeyRotationSuccess> => parserOf(this.#deps.ctx, 'keys.rotate', { validate: true })(answer);

  // The rotation itself is loaded with the first rotate(), given what it uses of the rest of the
  // SDK: a leaf, so loading it on demand leaves every bundler's order of module evaluation alone.
  async #run(options: RotateOptions): Promise<RawAnswer> {
    const { runRotation } = await import('./rotation-run');
    return runRotation(this.#deps, options, this.#parse, (key, oldKey, newKey) => this.#swap(key, oldKey, newKey), TOOLS);
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
    // Stryker disable next-line ConditionalExpression: wrapping again adds a layer that follows the same map to the same key
    if (!this.#wrapped) {
      // Stryker disable next-line BooleanLiteral: wrapping again adds a layer that follows the same map to the same key
      this.#wrapped = true;
      const source = key.source;
      const replaced = this.#replaced;
      key.source = async () => {
        let key = await source();
        // A revoked key never works again, so its replacement is always the right key to send.
        // Stryker disable next-line ConditionalExpression,EqualityOperator,UpdateOperator: the bound guards against a cycle of replaced keys, which cannot occur (a revoked key is never issued again)
        for (let hops = 0; replaced.has(key) && hops < 1000; hops++) key = replaced.get(key) as string;
        return key;
      };
    }
    return true;
  }
}
