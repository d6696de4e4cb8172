import { abortError, throwIfAborted } from './runtime';
import type { Now, PaceGate, Sleep } from './types';

/** Reads the rate once, on first use, sending its own request through `gate`. */
export type RateLookup = (gate: PaceGate) => Promise<number | undefined>;

/**
 * A client-side rate limiter: at most `requestsPerSecond` requests in any one-second window, where
 * a request holds its slot from when it is sent until one second after its answer arrived (so the
 * service, which counts a request when it arrives, never sees more, whatever the network jitter).
 * Waiters are served first in, first out.
 *
 * @example
 * const pacer = new Pacer(5, Date.now, realSleep);
 * const release = await pacer.acquire();
 * try { await send(); } finally { release(); }
 */
export class Pacer implements PaceGate {
  /** When each occupied slot frees up; `Infinity` while its request is in flight. */
  // Stryker disable next-line ArrayDeclaration: an entry without freeAt is dropped by the first take's filter, before anything reads it
  #slots: { freeAt: number }[] = [];
  #wake: (() => void)[] = [];
  #tail: Promise<unknown> = Promise.resolve();
  #rate: number | Promise<number | undefined> | undefined;
  #lookup: RateLookup | undefined;

  /**
   * `requestsPerSecond` may be a lookup read once, on first use (the plan's rate from the account):
   * its own requests hold slots like any other and nothing else is sent until it ends, so the
   * first second never carries more than the rate it finds. When it yields undefined the pacer
   * lets everything through.
   */
  constructor(
    requestsPerSecond: number | RateLookup,
    private readonly now: Now,
    private readonly sleep: Sleep,
    private readonly windowMs = 1000,
  ) {
    this.#rate = typeof requestsPerSecond === 'number' ? requestsPerSecond : undefined;
    this.#lookup = typeof requestsPerSecond === 'function' ? requestsPerSecond : undefined;
  }

  /** Waits for a slot; resolves to its release, to call when the answer has arrived. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    const turn = this.#tail.then(() => this.#take(signal));
    this.#tail = turn.catch(() => undefined);
    return turn;
  }

  async #take(signal: AbortSignal | undefined): Promise<() => void> {
    if (this.#lookup) {
      // Every other request queues behind this turn, so the lookup's slots are taken unopposed.
      this.#rate = this.#lookup({ acquire: async () => this.#occupy() });
      this.#lookup = undefined;
    }
    const rate = await this.#rate;
    if (rate === undefined) return () => undefined;
    for (;;) {
      throwIfAborted(signal);
      const now = this.now();
      this.#slots = this.#slots.filter((s) => s.freeAt > now);
      if (this.#slots.length < rate) return this.#occupy();
      const next = Math.min(...this.#slots.map((s) => s.freeAt));
      if (Number.isFinite(next)) await this.sleep(next - now, signal);
      else await this.#released(signal);
    }
  }

  /** Takes a slot at once; its release starts the slot's one-second hold. */
  #occupy(): () => void {
    const slot = { freeAt: Number.POSITIVE_INFINITY };
    this.#slots.push(slot);
    return () => {
      if (slot.freeAt !== Number.POSITIVE_INFINITY) return;
      slot.freeAt = this.now() + this.windowMs;
      const wake = this.#wake;
      this.#wake = [];
      for (const w of wake) w();
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
