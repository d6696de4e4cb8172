import ky, { isKyError, isNetworkError, isTimeoutError, type KyInstance } from 'ky';
import { AbortError, ConnectionError, TimeoutError } from './errors/connection';
import { redact } from './logger';
import { abortError } from './runtime';
import type { Fetch, OutgoingRequest, RawResponse, Sender } from './types';

/**
 * The HTTP layer on ky: auth header, per-attempt timeout (until the body is read), abort signal, and the mapping of
 * failures without an answer to `ConnectionError` / `TimeoutError` / `AbortError`. ky's own retry
 * is off (p-retry in `retry.ts` is the only retry layer), and it never throws on a status: the
 * caller maps error answers.
 */
export class Transport implements Sender {
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
    const headers: Record<string, string> = { ...req.headers };
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
      return { status: response.status, headers: response.headers, text, response };
    } catch (error) {
      throw this.#mapFailure(error, req);
    }
  }

  #mapFailure(error: unknown, req: OutgoingRequest): Error {
    if (req.signal?.aborted) return abortError(req.signal);
    if (error instanceof AbortError) return error;
    if (isTimeoutError(error) || error instanceof BodyTimeout) {
      return new TimeoutError(
        req.deadlineBound
          ? `${req.method} ${req.url}: no answer before the call's total deadline`
          : `${req.method} ${req.url}: no answer within ${req.timeoutMs} ms`,
        { deadline: req.deadlineBound },
      );
    }
    // ky's own errors hold the Request, headers and key included: the cause is what fetch threw.
    let cause = isNetworkError(error) ? error.cause : isKyError(error) ? undefined : error;
    const secrets = new Set(req.apiKey === undefined ? [] : [req.apiKey]);
    const text = failureText(cause ?? error);
    const safe = redact(text, secrets);
    // A failure that quotes a secret (a custom fetch echoing its headers) is kept only as masked text.
    if (safe !== text) cause = Object.assign(new Error(safe), { name: cause instanceof Error ? cause.name : 'Error' });
    return new ConnectionError(`${req.method} ${req.url}: ${safe}`, cause === undefined ? {} : { cause });
  }
}

/** What failed, without repeating the URL: the system error under fetch's `TypeError`, with its code. */
function failureText(error: unknown): string {
  let text = error instanceof Error ? error.message : String(error);
  let inner: unknown = error instanceof Error ? error.cause : undefined;
  for (let depth = 0; inner instanceof Error && depth < 4; depth++) {
    const code = (inner as { code?: unknown }).code;
    text = `${text}: ${inner.message}${typeof code === 'string' && !inner.message.includes(code) ? ` (${code})` : ''}`;
    inner = inner.cause;
  }
  return text;
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
