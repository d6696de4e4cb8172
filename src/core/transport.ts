import ky, { isNetworkError, isTimeoutError, type KyInstance } from 'ky';
import { AbortError, ConnectionError, TimeoutError } from './errors/connection';
import { redact } from './logger';
import { abortError } from './runtime';
import type { Fetch } from './options';

/** One HTTP attempt, fully prepared. */
export interface OutgoingRequest {
  method: string;
  /** Absolute URL; never carries the key. */
  url: string;
  /** The bearer key, or undefined for a route without bearer auth. */
  apiKey: string | undefined;
  /** Further headers (e.g. `Idempotency-Key`). */
  headers?: Readonly<Record<string, string>>;
  /** JSON body, for the routes that take one. */
  json?: unknown;
  /** Bounds this attempt, until the body is read. */
  timeoutMs: number;
  /** True when `timeoutMs` is the remaining total deadline rather than the per-attempt timeout. */
  deadlineBound: boolean;
  signal: AbortSignal | undefined;
}

/** An answer, read in full. */
export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * The HTTP layer on ky: auth header, per-attempt timeout (until the body is read), abort signal, and the mapping of
 * failures without an answer to `ConnectionError` / `TimeoutError` / `AbortError`. ky's own retry
 * is off (p-retry in `retry.ts` is the only retry layer), and it never throws on a status: the
 * caller maps error answers.
 */
export class Transport {
  readonly #ky: KyInstance;

  constructor(fetch: Fetch | undefined) {
    this.#ky = ky.create({
      retry: 0,
      throwHttpErrors: false,
      ...(fetch === undefined ? {} : { fetch }),
    });
  }

  /**
   * Sends one attempt and reads the whole body.
   *
   * @example
   * const raw = await transport.send({ method: 'GET', url, apiKey, timeoutMs: 30_000, deadlineBound: false, signal: undefined });
   */
  async send(req: OutgoingRequest): Promise<RawResponse> {
    const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
    if (req.apiKey !== undefined) headers['authorization'] = `Bearer ${req.apiKey}`;
    // One signal bounds the whole attempt, the body read included: cheaper than ky's own timers,
    // and it aborts the connection when it runs out.
    const timer = AbortSignal.timeout(req.timeoutMs);
    const signal = req.signal === undefined ? timer : AbortSignal.any([req.signal, timer]);
    try {
      const pending = this.#ky(req.url, {
        method: req.method,
        headers,
        timeout: false,
        signal,
        ...(req.json === undefined ? {} : { json: req.json }),
      });
      const response = await untilAborted(pending, signal);
      const text = await untilAborted(response.text(), signal, () => response.body?.cancel().catch(() => undefined));
      return { status: response.status, headers: response.headers, text };
    } catch (error) {
      throw this.#mapFailure(timer.aborted && !req.signal?.aborted ? new TimeoutError('timed out', { deadline: req.deadlineBound }) : error, req);
    }
  }

  #mapFailure(error: unknown, req: OutgoingRequest): Error {
    if (req.signal?.aborted) return abortError(req.signal);
    if (error instanceof AbortError) return error;
    const secrets = new Set(req.apiKey === undefined ? [] : [req.apiKey]);
    const detail = redact(error instanceof Error ? error.message : String(error), secrets);
    if (isTimeoutError(error) || error instanceof TimeoutError) {
      return new TimeoutError(
        req.deadlineBound
          ? `${req.method} ${req.url}: no answer before the call's total deadline`
          : `${req.method} ${req.url}: no answer within ${req.timeoutMs} ms`,
        { deadline: req.deadlineBound },
      );
    }
    const cause = isNetworkError(error) && error.cause instanceof Error ? redact(error.cause.message, secrets) : undefined;
    return new ConnectionError(`${req.method} ${req.url}: ${detail}${cause && cause !== detail ? ` (${cause})` : ''}`);
  }
}

/**
 * Settles with `work`, or rejects as soon as `signal` aborts: a custom `fetch` that ignores the
 * signal (for its answer or its body) cannot hold an attempt past its timeout.
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal, onAbort?: () => void): Promise<T> {
  if (signal.aborted) {
    onAbort?.();
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const abort = () => {
      onAbort?.();
      reject(signal.reason);
    };
    signal.addEventListener('abort', abort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}
