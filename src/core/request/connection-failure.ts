/**
 * The error of an attempt that failed without an answer for want of a connection: loaded on demand by the transport with the
 * first such failure, a leaf given the error class it makes (its imports are a package and a leaf, so bundlers' module
 * evaluation order holds).
 */
import { isKyError, isNetworkError } from 'ky';
import { redact } from '../../schemas/redact';
import type { ConnectionError } from '../errors';
import type { OutgoingRequest } from '../types';

/**
 * The `ConnectionError` of `error`, what fetch (or ky before it) threw: the request and the failure's causes, every secret
 * masked; an https:// URL of a plain-HTTP server (OpenSSL's "wrong version number") names the likely mistake.
 *
 * @example
 * const error = connectionError(new TypeError('fetch failed'), req, ConnectionError); // GET https://...: fetch failed
 */
export function connectionError(error: unknown, req: OutgoingRequest, Connection: typeof ConnectionError): ConnectionError {
  // ky's own errors hold the Request, headers and key included: the cause is what fetch threw.
  let cause = isNetworkError(error) ? error.cause : isKyError(error) ? undefined : error;
  const secrets = new Set<string>();
  if (req.apiKey !== undefined) secrets.add(req.apiKey);
  const text = failureText(cause ?? error);
  const safe = redact(text, secrets);
  // A failure that quotes a secret (a custom fetch echoing its headers) is kept only as masked text.
  if (safe !== text) cause = Object.assign(new Error(safe), { name: cause instanceof Error ? cause.name : 'Error' });
  // OpenSSL's words stay in the cause.
  const plain = /wrong version number/.test(safe);
  return new Connection(
    `${req.method} ${req.url}: ${plain ? 'the server speaks plain HTTP, not TLS: use http://' : safe}`,
    cause === undefined ? {} : { cause },
  );
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
