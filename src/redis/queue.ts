import { abortError } from '../core/runtime';
import type { Sleep } from '../core/types';
import { localNow } from './script-runner';

/** One question to Redis for a slot: taken, or how long until it may free. */
export type SlotPoll = (id: string, rate: number) => Promise<{ taken: boolean; waitMs: number }>;

/** A waiter's rate: read again at every question, so a rate learned meanwhile applies. */
export type RateOf = () => number;

/** Notices kept for waiters not yet waiting (one attempt's notice can overtake its own reply). */
const MAX_EARLY = 64;

interface Waiter {
  readonly id: string;
  readonly rate: RateOf;
  readonly signal: AbortSignal | undefined;
  /** When to ask next, on the local clock. */
  until: number;
  /** Notices received (`hint`), so that one arriving while a question is out is not lost. */
  notices: number;
  noticeAt: number;
  /** Ends the waiter's nap early (a notice, a new rate). */
  wakeup: AbortController | undefined;
  done: boolean;
  finish(error?: unknown): void;
}

/**
 * The attempts of one process waiting for a pacing slot. Each waits in the namespace's line in
 * Redis and asks again when told: by its notice (`hint`: the slot it is next for frees then), by
 * the reply of its last question (the fallback of a lost notice), or at once when the rate changes
 * (`wake`). A `fatal` error fails every waiter.
 *
 * @example
 * const queue = new SlotQueue(poll, realSleep, (e) => e instanceof CoordinatorError);
 * await queue.wait(id, () => 20, signal, 0);
 */
export class SlotQueue {
  readonly #waiters = new Map<string, Waiter>();
  /** Notices that came before their waiter (its first reply still on the way), the newest kept. */
  readonly #early = new Map<string, number>();

  constructor(
    private readonly poll: SlotPoll,
    private readonly sleep: Sleep,
    private readonly fatal: (error: unknown) => boolean,
  ) {}

  /** True when no attempt of this process waits. */
  get idle(): boolean {
    return this.#waiters.size === 0;
  }

  /** Resolves once `id` holds a slot under `rate` (`AbortError` when `signal` aborts first); asks first `waitMs` from now. */
  wait(id: string, rate: RateOf, signal: AbortSignal | undefined, waitMs: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(abortError(signal));
      const onAbort = () => waiter.finish(abortError(signal as AbortSignal));
      const waiter: Waiter = {
        id,
        rate,
        signal,
        until: this.#early.get(id) ?? localNow() + waitMs,
        notices: 0,
        noticeAt: 0,
        wakeup: undefined,
        done: false,
        finish: (error?: unknown) => {
          if (waiter.done) return;
          waiter.done = true;
          signal?.removeEventListener('abort', onAbort);
          waiter.wakeup?.abort();
          this.#waiters.delete(id);
          if (error === undefined) resolve();
          else reject(error);
        },
      };
      this.#early.delete(id);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiters.set(id, waiter);
      void this.#run(waiter);
    });
  }

  /** Every waiter asks at once: the rate it asked under changed, so its turn may have come. */
  wake(): void {
    const now = localNow();
    for (const w of this.#waiters.values()) {
      w.until = now;
      w.wakeup?.abort();
    }
  }

  /** Tells waiter `id` (if it is this process's) to ask at `at` (local clock): the slot it is next for frees then. */
  hint(id: string, at: number): void {
    const w = this.#waiters.get(id);
    if (w === undefined) {
      if (this.#early.size >= MAX_EARLY) this.#early.delete(this.#early.keys().next().value as string);
      this.#early.set(id, at);
      return;
    }
    w.notices += 1;
    w.noticeAt = at;
    w.until = at;
    w.wakeup?.abort();
  }

  /** Sleeps until `w.until`, which a notice may move; returns early when `wake()` made it now. */
  async #nap(w: Waiter): Promise<void> {
    for (let ms = w.until - localNow(); ms > 0 && !w.done; ms = w.until - localNow()) {
      const wakeup = new AbortController();
      w.wakeup = wakeup;
      try {
        await this.sleep(ms, w.signal === undefined ? wakeup.signal : AbortSignal.any([w.signal, wakeup.signal]));
      } catch (error) {
        if (!wakeup.signal.aborted || w.signal?.aborted) throw error;
      } finally {
        w.wakeup = undefined;
      }
    }
  }

  async #run(w: Waiter): Promise<void> {
    try {
      while (!w.done) {
        await this.#nap(w);
        if (w.done) return;
        const rate = w.rate();
        const notices = w.notices;
        const answer = await this.poll(w.id, rate);
        if (answer.taken) return w.finish();
        w.until = w.rate() > rate ? localNow() : localNow() + answer.waitMs;
        // A notice that came while the question was out may be newer than its reply.
        if (w.notices !== notices) w.until = Math.min(w.until, w.noticeAt);
      }
    } catch (error) {
      if (this.fatal(error)) for (const waiter of [...this.#waiters.values()]) waiter.finish(error);
      else w.finish(error);
    }
  }
}
