/** Lets a timer not hold a process open, where the runtime's timers can (Node, Bun, Deno). */
export function unrefTimer(timer: unknown): void {
  (timer as { unref?: () => void } | null)?.unref?.();
}

/**
 * The leases of this process's attempts, each renewed once a third of it has passed (an attempt
 * that settles sooner costs no renewal), those due together in one Redis operation; a failed
 * renewal is retried at the next tick.
 *
 * @example
 * const leases = new LeaseKeeper(3_333, (ids) => run('renewing leases', 'renew', { ids }));
 * leases.add(id); // ... leases.delete(id) at settle
 */
export class LeaseKeeper {
  /** Attempt -> when its renewal is due (`performance.now()`). */
  readonly #due = new Map<string, number>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timerAt = Number.POSITIVE_INFINITY;

  constructor(
    private readonly everyMs: number,
    private readonly renew: (ids: string[]) => Promise<unknown>,
  ) {}

  /** Attempts whose leases are kept. */
  get size(): number {
    return this.#due.size;
  }

  /** Keeps `id`'s lease, which Redis set to end a lease after `fromMs` from now (a waiter told to ask then). */
  add(id: string, fromMs = 0): void {
    const at = performance.now() + fromMs + this.everyMs;
    this.#due.set(id, at);
    if (at < this.#timerAt) this.#schedule(at);
  }

  delete(id: string): void {
    this.#due.delete(id);
    if (this.#due.size === 0) this.#stop();
  }

  #stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#timerAt = Number.POSITIVE_INFINITY;
  }

  #schedule(at: number): void {
    this.#stop();
    this.#timerAt = at;
    this.#timer = setTimeout(() => this.#tick(), Math.max(0, at - performance.now()));
    unrefTimer(this.#timer);
  }

  #tick(): void {
    this.#timer = undefined;
    this.#timerAt = Number.POSITIVE_INFINITY;
    const now = performance.now();
    // Those due within half a period more go along, so that renewals come in batches.
    const horizon = now + this.everyMs / 2;
    const ids: string[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (const [id, at] of this.#due) {
      if (at <= horizon) {
        ids.push(id);
        this.#due.set(id, now + this.everyMs);
        next = Math.min(next, now + this.everyMs);
      } else next = Math.min(next, at);
    }
    if (ids.length > 0)
      this.renew(ids).then(
        () => undefined,
        () => undefined,
      );
    if (next !== Number.POSITIVE_INFINITY) this.#schedule(next);
  }
}
