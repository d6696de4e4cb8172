/** Lets a timer not hold a process open, where the runtime's timers can (Node, Bun, Deno). */
export function unrefTimer(timer: unknown): void {
  (timer as { unref?: () => void } | null)?.unref?.();
}

/**
 * The leases of this process's attempts in flight, renewed together by one timer every `everyMs`
 * with one Redis operation; a failed renewal is retried at the next tick.
 *
 * @example
 * const leases = new LeaseKeeper(3_333, (ids) => runner.run('renew', RENEW, [...args, ...ids]));
 * leases.add(id); // ... leases.delete(id) at settle
 */
export class LeaseKeeper {
  readonly #live = new Set<string>();
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly everyMs: number,
    private readonly renew: (ids: string[]) => Promise<unknown>,
  ) {}

  /** Attempts whose leases are kept. */
  get size(): number {
    return this.#live.size;
  }

  add(id: string): void {
    this.#live.add(id);
    this.#schedule();
  }

  delete(id: string): void {
    this.#live.delete(id);
    if (this.#live.size === 0 && this.#timer !== undefined) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
  }

  #schedule(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (this.#live.size === 0) return;
      this.renew([...this.#live]).then(
        () => undefined,
        () => undefined,
      );
      this.#schedule();
    }, this.everyMs);
    unrefTimer(this.#timer);
  }
}
