import ky, { type KyInstance, type Options } from 'ky';
import { AbortError, ConnectionError, TimeoutError } from '../errors';
import { MAX_TIMER_MS } from '../../schemas/refusal-words';
import { abortError } from '../runtime';
import type { Fetch, OutgoingRequest, RawResponse, Sender } from '../types';

/** The per-call option that carries an attempt's abort signal through ky to `fetch` (ky hands unknown options to it). */
const ATTEMPT_SIGNAL = 'sportsOddsAttemptSignal';

type AttemptOptions = Options & { [ATTEMPT_SIGNAL]: AbortSignal };

/**
 * The HTTP layer on ky: auth header, one timer per attempt (answer and body read), abort, and failures without an answer mapped
 * to `ConnectionError` / `TimeoutError` / `AbortError` (a connection's, with its causes, by `connection-failure.ts`, loaded with the
 * first). ky's retry and timeout are off (`retry.ts` and the attempt's timer replace them).
 */
export class Transport implements Sender {
  readonly #ky: KyInstance;
  // The last header set sent, with the key: calls of one client reuse it (ky copies, never mutates, it).
  #lastHeaders: { base: Readonly<Record<string, string>>; apiKey: string | undefined; sent: Readonly<Record<string, string>> } | undefined;

  constructor(fetch: Fetch | undefined) {
    this.#ky = ky.create({
      retry: 0,
      throwHttpErrors: false,
      timeout: false,
      // The attempt's signal goes to fetch as `init.signal` (honoured over the Request's): free, where giving ky a signal
      // costs an `AbortSignal.any` and a second Request on every call.
      fetch: (request, init) => {
        const signal = (init as Partial<AttemptOptions> | undefined)?.[ATTEMPT_SIGNAL];
        const next = signal === undefined ? undefined : { signal };
        // The global fetch is read at call time: MSW and other interceptors replace it after the client is made.
        return fetch === undefined ? globalThis.fetch(request, next) : fetch(request, next);
      },
    });
  }

  /**
   * Sends one attempt and reads the whole body within `timeoutMs`: past it (or on abort) it rejects at once, even where a custom `fetch` ignores its signal.
   *
   * @example
   * const raw = await transport.send({ method: 'GET', url, apiKey, headers: {}, timeoutMs: 30_000, deadlineBound: false, signal: undefined });
   */
  send(req: OutgoingRequest): Promise<RawResponse> {
    const { signal } = req;
    if (signal?.aborted) return Promise.reject(abortError(signal));
    const attempt = new AbortController();
    // ky sends no body for an undefined `json`.
    const options: AttemptOptions = { method: req.method, headers: this.#headers(req), json: req.json, [ATTEMPT_SIGNAL]: attempt.signal };
    return new Promise<RawResponse>((resolve, reject) => {
      let settled = false;
      const finish = (): boolean => {
        const first = !settled;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        return first;
      };
      const fail = (error: unknown) => {
        if (!finish()) return;
        attempt.abort();
        // Named as it happens; only a connection's failure is worded by a module loaded then.
        const failure = knownFailure(error, req);
        if (failure !== undefined) reject(failure);
        else import('./connection-failure').then(({ connectionError }) => reject(connectionError(error, req, ConnectionError)), reject);
      };
      const onAbort = () => fail(undefined);
      const timer = setTimeout(() => fail(new AttemptTimeout()), Math.min(Math.max(0, req.timeoutMs), MAX_TIMER_MS));
      // Not `once`: `finish` removes it, whichever way the attempt ends.
      signal?.addEventListener('abort', onAbort);
      let sent: Promise<Response>;
      try {
        sent = this.#ky(req.url, options);
      } catch (error) {
        // ky refuses some input before any fetch (a URL a Request cannot hold).
        return fail(error);
      }
      sent.then((response) => {
        if (settled) {
          // A fetch that ignored the abort answered after all: its body is never read.
          response.body?.cancel().catch(() => undefined);
          return;
        }
        response.text().then((text) => {
          if (finish()) resolve({ status: response.status, headers: response.headers, text, response });
        }, fail);
      }, fail);
    });
  }

  #headers(req: OutgoingRequest): Readonly<Record<string, string>> {
    const last = this.#lastHeaders;
    if (last !== undefined && last.base === req.headers && last.apiKey === req.apiKey) return last.sent;
    const sent = req.apiKey === undefined ? req.headers : { ...req.headers, authorization: `Bearer ${req.apiKey}` };
    this.#lastHeaders = { base: req.headers, apiKey: req.apiKey, sent };
    return sent;
  }
}

/** The error of an attempt aborted or timed out; undefined for one that failed for want of a connection. */
function knownFailure(error: unknown, req: OutgoingRequest): Error | undefined {
  if (req.signal?.aborted) return abortError(req.signal);
  if (error instanceof AbortError) return error;
  if (error instanceof AttemptTimeout) {
    return new TimeoutError(
      req.deadlineBound
        ? `${req.method} ${req.url}: no answer before the call's total deadline`
        : `${req.method} ${req.url}: no answer within ${req.timeoutMs} ms`,
      { deadline: req.deadlineBound },
    );
  }
  return undefined;
}

class AttemptTimeout extends Error {}
