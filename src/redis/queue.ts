import { abortError } from '../core/runtime';
import type { Sleep } from '../core/types';
import { localNow } from './runner';

/** One question to Redis for a slot: taken, or how long until one may free. */
export type SlotPoll = (id: string, rate: number) => Promise<{ taken: boolean; waitMs: number }>;

/** A waiter's rate: read again at every question, so a rate learned meanwhile applies. */
export type RateOf = () => number;

interface Waiter {
  readonly id: string;
  readonly rate: RateOf;
  readonly signal: AbortSignal | undefined;
  /** When to ask first, on the local clock (what an earlier reply said). */
  readonly readyAt: number;
  done: boolean;
  finish(error?: unknown): void;
}

/**
 * The attempts of one process waiting for a pacing slot, first in first out: only the first asks
 * Redis, so a hundred queued calls send one question at a time. A `fatal` error fails every waiter.
 *
 * @example
 * const queue = new SlotQueue(poll, realSleep, (e) => e instanceof CoordinatorError);
 * await queue.wait(id, () => 20, signal, 0);
 */
export class SlotQueue {
  readonly #waiters: Waiter[] = [];
  #draining = false;
  /** Ends the first waiter's sleep early (`wake()`). */
  #wakeup: AbortController | undefined;

  constructor(
    private readonly poll: SlotPoll,
    private readonly sleep: Sleep,
    private readonly fatal: (error: unknown) => boolean,
  ) {}

  /** True when no attempt of this process waits. */
  get idle(): boolean {
    return this.#waiters.length === 0;
  }

  /**
   * Resolves once `id` holds a slot under `rate` (`AbortError` when `signal` aborts first); asks no
   * sooner than `waitMs` from now, unless the rate rose meanwhile.
   */
  wait(id: string, rate: RateOf, signal: AbortSignal | undefined, waitMs: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(abortError(signal));
      const onAbort = () => waiter.finish(abortError(signal as AbortSignal));
      const waiter: Waiter = {
        id,
        rate,
        signal,
        readyAt: localNow() + waitMs,
        done: false,
        finish: (error?: unknown) => {
          if (waiter.done) return;
          waiter.done = true;
          signal?.removeEventListener('abort', onAbort);
          const at = this.#waiters.indexOf(waiter);
          if (at >= 0) this.#waiters.splice(at, 1);
          if (error === undefined) resolve();
          else reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiters.push(waiter);
      void this.#drain();
    });
  }

  /** Makes the first waiter ask at once: the rate it asked under changed, so its turn may have come. */
  wake(): void {
    this.#wakeup?.abort();
  }

  /** Sleeps `ms`, or less when `wake()` is called; rejects when `signal` aborts. */
  async #nap(ms: number, signal: AbortSignal | undefined): Promise<void> {
    const wakeup = new AbortController();
    this.#wakeup = wakeup;
    try {
      await this.sleep(ms, signal === undefined ? wakeup.signal : AbortSignal.any([signal, wakeup.signal]));
    } catch (error) {
      if (!wakeup.signal.aborted || signal?.aborted) throw error;
    } finally {
      this.#wakeup = undefined;
    }
  }

  async #drain(): Promise<void> {
    if (this.#draining) return;
    this.#draining = true;
    try {
      for (let w = this.#waiters[0]; w !== undefined; w = this.#waiters[0]) {
        try {
          let waitMs = w.readyAt - localNow();
          while (!w.done) {
            if (waitMs > 0) await this.#nap(waitMs, w.signal);
            if (w.done) break;
            const rate = w.rate();
            const answer = await this.poll(w.id, rate);
            if (answer.taken) w.finish();
            else waitMs = w.rate() > rate ? 0 : answer.waitMs;
          }
        } catch (error) {
          if (this.fatal(error)) for (const waiter of [...this.#waiters]) waiter.finish(error);
          else w.finish(error);
        }
      }
    } finally {
      this.#draining = false;
    }
  }
}
