import { AbortError } from './errors/connection';
import type { Sleep } from './types';

/** `AbortError` for an aborted signal (its reason kept as the cause). */
export const abortError = (signal: AbortSignal): AbortError => new AbortError('the call was aborted', { cause: signal.reason });

/** Throws `AbortError` when the signal has aborted. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}

/**
 * A timer-based sleep that an abort signal interrupts.
 *
 * @example
 * await realSleep(250, controller.signal);
 */
export const realSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal as AbortSignal));
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Waits for `promise`, or rejects with `AbortError` when `signal` aborts (the promise goes on); leaves no listener.
 *
 * @example
 * await abortable(lock.turn, options.signal);
 */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
