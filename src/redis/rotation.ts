import type { KeyCoordination, PendingRotation, RotationAnswer, RotationLock, RotationStore } from '../core/types';
import { CoordinatorError, SportsOddsError } from '../core/errors';
import { throwIfAborted } from '../core/runtime';
import { randomToken } from '../schemas/base64url';
import { unrefTimer } from './leases';
import type { CoordinatorArgs, CoordinatorOwnReply, CoordinatorScriptName } from './scripts';
import { SealError, type Sealer } from './key-encryption';

/** Published rotations kept in a namespace (the oldest are dropped past this), as the memory coordinator does. */
export const MAX_ROTATIONS = 64;

/** The field of the pending rotation (the additional data of its seal). */
const PENDING_FIELD = 'pending-rotation';

/** What the rotation's coordination uses of its coordinator. */
export interface KeysDeps {
  /** The coordinator's name, for errors. */
  name: string;
  /** Runs a script (with a deadline on Redis's clock when `deadline`); every reply refreshes the coordinator. */
  run: <N extends CoordinatorScriptName>(
    what: string,
    name: N,
    args: CoordinatorArgs<N>,
    deadline?: boolean,
  ) => Promise<CoordinatorOwnReply<N>>;
  /** Learns Redis's clock first, when no reply taught it yet (`what` names the operation in errors). */
  sync: (what: string) => Promise<void>;
  /** Undefined without a `secret`. */
  sealer: Sealer | undefined;
  /** The last generation a reply carried. */
  generation: () => number;
  leaseMs: number;
  lockPollMs: number;
  /** Waits `ms`, or rejects with `AbortError` when `signal` aborts (the SDK's `Sleep`, spelled out for the entry's declarations). */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const isAnswer = (v: unknown): v is RotationAnswer => {
  const a = v as Partial<RotationAnswer> | null;
  return (
    typeof a === 'object' &&
    a !== null &&
    typeof a.status === 'number' &&
    typeof a.text === 'string' &&
    Array.isArray(a.headers) &&
    a.headers.every((h) => Array.isArray(h) && h.length === 2 && typeof h[0] === 'string' && typeof h[1] === 'string')
  );
};

const isPending = (v: unknown): v is PendingRotation => typeof v === 'object' && v !== null && (v as { version?: unknown }).version === 1;

/**
 * Key rotation across a namespace's processes: a leased lock (compare-and-delete release), sealed
 * answers and pending rotation (key-encryption.ts), and the generation every reply carries.
 *
 * @example
 * const lock = await coordinator.keys.lock();
 * try { ... } finally { await lock.release(); }
 */
export class RedisKeys implements KeyCoordination {
  readonly store: RotationStore;
  #keyId: Promise<string> | undefined;

  /** @internal Made by its `RedisCoordinator`. */
  constructor(private readonly deps: KeysDeps) {
    this.store = {
      load: () => this.#load(),
      save: (pending) => this.#save(pending),
      clear: () => this.#clear(),
    };
  }

  get generation(): number {
    return this.deps.generation();
  }

  async lock(signal?: AbortSignal): Promise<RotationLock> {
    this.#sealer('keys.lock()');
    throwIfAborted(signal);
    const { run, leaseMs, lockPollMs, sleep } = this.deps;
    await this.deps.sync('the rotation lock');
    const token = randomToken('lock_', 18);
    let waited = false;
    for (;;) {
      let reply: CoordinatorOwnReply<'lock'>;
      try {
        reply = await run('the rotation lock', 'lock', { token }, true);
      } catch (error) {
        // It may still reach Redis: let it go (or its lease lapses).
        run('the rotation unlock', 'unlock', { token }).catch(() => undefined);
        throw error;
      }
      if (reply.taken) break;
      waited = true;
      const left = reply.leftMs ?? lockPollMs;
      await sleep(Math.max(1, Math.min(lockPollMs, left > 0 ? left : lockPollMs)), signal);
    }
    let released = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const renew = () => {
      timer = setTimeout(() => {
        run('the rotation lock renewal', 'relock', { token }).then(
          (reply) => {
            if (reply.held && !released) renew();
          },
          () => {
            if (!released) renew();
          },
        );
      }, leaseMs / 3);
      unrefTimer(timer);
    };
    renew();
    return {
      waited,
      release: async () => {
        if (released) return;
        released = true;
        clearTimeout(timer);
        await run('the rotation unlock', 'unlock', { token });
      },
    };
  }

  async publish(oldKey: string, answer: RotationAnswer): Promise<void> {
    const sealer = this.#sealer('keys.publish()');
    const field = await sealer.fieldOf(oldKey);
    const sealed = await sealer.seal(field, JSON.stringify({ status: answer.status, headers: answer.headers, text: answer.text }));
    await this.deps.run('publishing a rotation', 'publish', { field, sealed, keyId: await this.#id(sealer), most: MAX_ROTATIONS });
  }

  async rotationOf(oldKey: string): Promise<RotationAnswer | undefined> {
    const sealer = this.deps.sealer;
    if (sealer === undefined) return undefined;
    const field = await sealer.fieldOf(oldKey);
    const reply = await this.deps.run('reading a rotation', 'rotationOf', { field });
    const value = await this.#open(sealer, field, reply);
    if (value === undefined) return undefined;
    if (!isAnswer(value)) throw new CoordinatorError(this.deps.name, 'a published rotation in Redis is malformed');
    return value;
  }

  async #load(): Promise<PendingRotation | undefined> {
    const sealer = this.deps.sealer;
    if (sealer === undefined) return undefined;
    const reply = await this.deps.run('reading the pending rotation', 'pending', { op: 'load', sealed: '', keyId: '' });
    const value = await this.#open(sealer, PENDING_FIELD, reply);
    if (value === undefined) return undefined;
    if (!isPending(value)) throw new CoordinatorError(this.deps.name, 'the pending rotation in Redis is malformed');
    return value;
  }

  async #save(pending: PendingRotation): Promise<void> {
    const sealer = this.#sealer('keys.store.save()');
    const sealed = await sealer.seal(PENDING_FIELD, JSON.stringify(pending));
    await this.deps.run('saving the pending rotation', 'pending', { op: 'save', sealed, keyId: await this.#id(sealer) });
  }

  async #clear(): Promise<void> {
    if (this.deps.sealer === undefined) return;
    await this.deps.run('clearing the pending rotation', 'pending', { op: 'clear', sealed: '', keyId: '' });
  }

  /** The sealed value of a reply (beside the stored key id), opened and parsed; undefined when none. */
  async #open(sealer: Sealer, field: string, reply: { sealed: string | undefined; keyId: string | undefined }): Promise<unknown> {
    const { sealed, keyId } = reply;
    const wrongSecret = () =>
      new CoordinatorError(
        this.deps.name,
        'the keys stored in Redis were sealed with another secret: every process of the fleet needs the same redisCoordinator({ secret })',
      );
    if (keyId !== undefined && !(await sealer.isKeyId(keyId))) throw wrongSecret();
    if (sealed === undefined) return undefined;
    let text: string;
    try {
      text = await sealer.open(field, sealed);
    } catch (error) {
      if (error instanceof SealError) throw wrongSecret();
      throw error;
    }
    return JSON.parse(text) as unknown;
  }

  #id(sealer: Sealer): Promise<string> {
    this.#keyId ??= sealer.keyId();
    return this.#keyId;
  }

  #sealer(what: string): Sealer {
    const sealer = this.deps.sealer;
    if (sealer === undefined) {
      throw new SportsOddsError(
        `coordinator ${this.deps.name}: ${what} refused: a rotation shared by the processes of a fleet needs redisCoordinator({ secret }) (the same secret in every process)`,
      );
    }
    return sealer;
  }
}
