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
    const started = Date.now();
    try {
      // ky's timeout bounds the wait for the answer (it rejects even where a custom fetch ignores
      // its signal); the rest of the same budget bounds the body read. No composite signal unless
      // the caller gave one: they cost more than the rest of an attempt's bookkeeping.
      const response = await this.#ky(req.url, {
        method: req.method,
        headers,
        timeout: req.timeoutMs,
        ...(req.signal === undefined ? {} : { signal: req.signal }),
        ...(req.json === undefined ? {} : { json: req.json }),
      });
      const text = await readBody(response, req.timeoutMs - (Date.now() - started), req.signal);
      return { status: response.status, headers: response.headers, text };
    } catch (error) {
      throw this.#mapFailure(error, req);
    }
  }

  #mapFailure(error: unknown, req: OutgoingRequest): Error {
    if (req.signal?.aborted) return abortError(req.signal);
    if (error instanceof AbortError) return error;
    const secrets = new Set(req.apiKey === undefined ? [] : [req.apiKey]);
    const detail = redact(error instanceof Error ? error.message : String(error), secrets);
    if (isTimeoutError(error) || error instanceof BodyTimeout) {
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

/** The body read ran out of the attempt's time. */
class BodyTimeout extends Error {}

/**
 * The body as text within `ms`, abandoned (and the connection cancelled) when the time runs out or
 * `signal` aborts, even where a custom `fetch` ignores the signal for its body.
 */
function readBody(response: Response, ms: number, signal: AbortSignal | undefined): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const stop = (error: unknown) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      response.body?.cancel().catch(() => undefined);
      reject(error);
    };
    const onAbort = () => stop(signal?.reason);
    const timer = setTimeout(() => stop(new BodyTimeout()), Math.max(0, ms));
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    response.text().then(
      (text) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        resolve(text);
      },
      (error: unknown) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
