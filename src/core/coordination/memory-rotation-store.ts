import type { PendingRotation, RotationStore } from '../types';

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
