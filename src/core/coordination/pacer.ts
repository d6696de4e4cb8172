import { abortError, throwIfAborted } from '../runtime';
import type { Now, Sleep } from '../types';

/**
 * A client-side rate limiter: a request holds its slot from sending until one second after its answer, so the service (which
 * counts on arrival) never sees more than the rate in any second, whatever the jitter. FIFO; each waiter may bring its own rate.
 *
 * @example
 * const pacer = new Pacer(5, Date.now, realSleep);
 * const release = await pacer.acquire();
 * try { await send(); } finally { release(); }
 */
export class Pacer {
  /** When each occupied slot frees up; `Infinity` while its request is in flight. */
  #slots: { freeAt: number }[] = [];
  #wake: (() => void)[] = [];
  #tail: Promise<unknown> = Promise.resolve();

  /** `requestsPerSecond` is the rate of a call that brings none. */
  constructor(
    private readonly requestsPerSecond: number,
    private readonly now: Now,
    private readonly sleep: Sleep,
    private readonly windowMs = 1000,
  ) {}

  /** Waits for a slot under `rate` (a function is read at every look); resolves to its release, to call once the answer arrived. */
  acquire(signal?: AbortSignal, rate: number | (() => number) = this.requestsPerSecond): Promise<() => void> {
    const turn = this.#tail.then(() => this.#take(signal, rate));
    this.#tail = turn.catch(() => undefined);
    return turn;
  }

  async #take(signal: AbortSignal | undefined, rate: number | (() => number)): Promise<() => void> {
    for (;;) {
      throwIfAborted(signal);
      const now = this.now();
      this.#slots = this.#slots.filter((s) => s.freeAt > now);
      if (this.#slots.length < (typeof rate === 'number' ? rate : rate())) return this.#occupy();
      const next = Math.min(...this.#slots.map((s) => s.freeAt));
      if (Number.isFinite(next)) await this.sleep(next - now, signal);
      else await this.#released(signal);
    }
  }

  /** Lets the waiters look again now (the rate they bring may have changed). */
  wake(): void {
    const wake = this.#wake;
    this.#wake = [];
    for (const w of wake) w();
  }

  /** Takes a slot at once; its release starts the slot's one-second hold. */
  #occupy(): () => void {
    const slot = { freeAt: Number.POSITIVE_INFINITY };
    this.#slots.push(slot);
    return () => {
      if (slot.freeAt !== Number.POSITIVE_INFINITY) return;
      slot.freeAt = this.now() + this.windowMs;
      this.wake();
    };
  }

  /** Resolves when some in-flight request releases its slot. */
  #released(signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => reject(abortError(signal as AbortSignal));
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#wake.push(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      });
    });
  }
}
