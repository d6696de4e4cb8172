import type { KeyRotationSuccess } from '../schemas/keys';
import { randomToken } from '../schemas/base64url';
import { ROTATION_NONCE_PATTERN } from '../schemas/primitives';
import { APIPromise } from './api-promise';
import { resolveKey } from './auth';
import { APIError } from './errors/api';
import { SportsOddsError } from './errors/base';
import type { WithMeta } from './meta';
import type { ResolvedOptions } from './options';
import { isAmbiguous, replayRoute, ROTATION_REPLAY_WINDOW_MS } from './replay';
import type { ClientContext } from './request';

/**
 * A rotation that was started and not yet confirmed: everything needed to replay it exactly
 * (spec 5 rule 6), even from another process. It holds the old key in plaintext (revoked once
 * the service commits, but live until then): store it like the key itself.
 */
export interface PendingRotation {
  /** Format version of the record. */
  version: 1;
  /** The service the rotation was sent to (a record is never replayed to another one). */
  baseUrl: string;
  /** The `Idempotency-Key`: `rot_` + unpadded base64url of 32 random bytes. */
  nonce: string;
  /** The exact key being rotated. */
  oldKey: string;
  /** When the rotation started (ISO 8601): the 15-minute replay window runs from about here. */
  startedAt: string;
}

/**
 * Where a client keeps its pending rotation between saving it (before the request is sent) and
 * the rotation's confirmed end. In memory by default; `FileRotationStore` from
 * `sports-odds-data/node` survives a crash; any other durable place works (a vault, a database row).
 *
 * @example
 * const store: RotationStore = {
 *   load: async () => (await db.get('rotation')) ?? undefined,
 *   save: (pending) => db.put('rotation', pending),
 *   clear: () => db.delete('rotation'),
 * };
 */
export interface RotationStore {
  /** The pending rotation, if any. */
  load(): Promise<PendingRotation | undefined>;
  /** Saves (replaces) the pending rotation; must be durable when it resolves. */
  save(pending: PendingRotation): Promise<void>;
  /** Forgets the pending rotation. */
  clear(): Promise<void>;
}

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

/** What `onKeyRotated` learns besides the rotation's answer. */
export interface KeyRotatedInfo {
  /** True when this finished a rotation found pending in the store (e.g. after a crash). */
  resumed: boolean;
  /**
   * True when the client now calls with the new key: its `apiKey` string was the old key, or its
   * `apiKey` function is now read through a mapping of the revoked old key to the new one.
   */
  clientUpdated: boolean;
}

/** Options of `odds.keys.rotate()`. */
export interface RotateOptions {
  /** Stops the replays (the rotation stays pending in the store; `rotate()` later resumes it). */
  signal?: AbortSignal;
  /** Per-attempt timeout, ms (default: the client's). */
  timeout?: number;
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

/** Called once a rotation is confirmed, before the pending record is cleared. */
export type OnKeyRotated = (rotation: KeyRotationSuccess, info: KeyRotatedInfo) => void | Promise<void>;

/** What the rotator needs from its client. */
export interface RotatorDeps {
  ctx: ClientContext;
  store: RotationStore;
  onKeyRotated: OnKeyRotated | undefined;
}

/**
 * Key rotation as an exact replay (spec 5 rules 5 and 6, 7 rule 5): the nonce is saved with the old
 * key before anything is sent; ambiguous failures are replayed with that exact key and nonce until
 * the 15-minute window ends; a definitive refusal clears the record; success swaps the new key into
 * the client, calls `onKeyRotated`, then clears the record. A pending record (a process that died
 * mid-rotation) is resumed instead of starting a new rotation; concurrent calls share one rotation.
 */
export class KeyRotator {
  readonly #deps: RotatorDeps;
  #inflight: Promise<WithMeta<KeyRotationSuccess>> | undefined;
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
    return new APIPromise(this.#inflight);
  }

  async #run(options: RotateOptions): Promise<WithMeta<KeyRotationSuccess>> {
    const { ctx, store } = this.#deps;
    const o = ctx.options;
    let pending = await store.load();
    const resumed = pending !== undefined;
    if (pending === undefined) {
      const oldKey = typeof o.apiKey === 'string' ? o.apiKey : await resolveKey(o.apiKey, o.logger);
      pending = { version: 1, baseUrl: o.baseUrl, nonce: newRotationNonce(), oldKey, startedAt: new Date(o.now()).toISOString() };
      o.logger.addSecret(pending.nonce);
      // Saved before the request exists: a crash from here on leaves a record to resume from.
      await store.save(pending);
    } else {
      pending = parsePendingRotation(pending);
      o.logger.addSecret(pending.oldKey);
      o.logger.addSecret(pending.nonce);
      if (pending.baseUrl !== o.baseUrl) {
        throw new SportsOddsError(`the rotation store holds a pending rotation for ${pending.baseUrl}, not ${o.baseUrl}`);
      }
      o.logger.info(`resuming the key rotation of ${pending.startedAt}`);
    }

    const { oldKey, nonce } = pending;
    // The exact old key, whatever the client's key is now.
    const replayCtx: ClientContext = { ...ctx, options: { ...o, apiKey: oldKey } };
    const input = { headers: { 'idempotency-key': nonce } };
    const callOptions = { validate: true, ...options };
    let result: WithMeta<KeyRotationSuccess>;
    try {
      result = await replayRoute(replayCtx, 'keys.rotate', input, callOptions, Date.parse(pending.startedAt) + ROTATION_REPLAY_WINDOW_MS);
    } catch (error) {
      if (isAmbiguous(error)) throw new RotationPendingError(pending.startedAt, error);
      // A definitive refusal: the nonce is spent or was never valid for this key.
      if (error instanceof APIError) await store.clear();
      throw error;
    }

    const newKey = result.data.api_key;
    o.logger.addSecret(newKey);
    const clientUpdated = this.#swap(o, oldKey, newKey);
    // The hook runs before the record is cleared: if it fails (e.g. persisting the key), rotate() replays the same answer.
    await this.#deps.onKeyRotated?.(result.data, { resumed, clientUpdated });
    await store.clear();
    return result;
  }

  /** Makes the client call with `newKey` from now on, where it called with `oldKey`. */
  #swap(o: ResolvedOptions, oldKey: string, newKey: string): boolean {
    if (typeof o.apiKey === 'string') {
      if (o.apiKey === newKey) return true;
      if (o.apiKey !== oldKey) return false;
      o.apiKey = newKey;
      return true;
    }
    this.#replaced.set(oldKey, newKey);
    if (!this.#wrapped) {
      this.#wrapped = true;
      const source = o.apiKey;
      const replaced = this.#replaced;
      o.apiKey = async () => {
        let key = await source();
        // A revoked key never works again, so its replacement is always the right key to send.
        for (let hops = 0; replaced.has(key) && hops < 1000; hops++) key = replaced.get(key) as string;
        return key;
      };
    }
    return true;
  }
}
