import * as z from 'zod/mini';
import { ErrorEnvelope, HEADER, routes } from '../../src/schemas';
import type { Exchange } from './masked-exchange';

/**
 * The preflight: a wrong base URL or key (no answer, not the service, key refused, ends in `/v1`) is told
 * in one line and ends the run as could-not-check (exit 3), never as drift.
 */

/** What the user must fix before anything can be checked; nothing was judged. */
export class PreflightError extends Error {
  override name = 'PreflightError';
}

/**
 * The network error behind a failed `fetch`, with its causes (a code, a TLS reason, the timeout).
 *
 * @example
 * networkError(await fetch('http://127.0.0.1:9').catch((e) => e)); // 'TypeError: fetch failed (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9)'
 */
export function networkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const causes: string[] = [];
  for (let cause: unknown = error.cause, depth = 0; cause instanceof Error && depth < 4; cause = cause.cause, depth++) {
    const code = (cause as { code?: unknown }).code;
    // OpenSSL's message is its error stack: its reason is what a person reads ("wrong version number").
    const message = /SSL routines:[^:]*:([^:]+):/.exec(cause.message)?.[1] ?? (cause.message.split('\n')[0] as string);
    causes.push(typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message);
  }
  return `${error.name}: ${error.message}${causes.length > 0 ? ` (${causes.join('; ')})` : ''}`;
}

/**
 * Refuses a base URL ending in `/v1` (every request would go to `/v1/v1/...`); nothing is sent.
 *
 * @example
 * checkBase('https://api.example.com/v1'); // throws PreflightError
 */
export function checkBase(baseUrl: string): void {
  const url = new URL(baseUrl);
  if (!/\/v1\/?$/i.test(url.pathname)) return;
  const root = `${url.origin}${url.pathname.replace(/\/v1\/?$/i, '')}`;
  throw new PreflightError(`the base URL ${baseUrl} ends in /v1: give the service's root (${root}); every route starts with /v1 already`);
}

const AccountRecord = routes['account.get'].responses[200];

/** Whether the body is in the service's shape; a missing `X-Request-Id` alone is drift, not another server. */
function serviceAnswer(exchange: Exchange): { ok: boolean; code: string | undefined } {
  const success = exchange.status !== null && exchange.status >= 200 && exchange.status < 300;
  const envelope = z.safeParse(ErrorEnvelope, exchange.json);
  const shaped = success ? z.safeParse(AccountRecord, exchange.json).success : envelope.success;
  return { ok: shaped, code: envelope.success ? envelope.data.error.code : undefined };
}

/**
 * Judges the run's first request (`GET /v1/account`, free): the base answers, is the service, accepts the
 * key. Returns a progress line, else throws `PreflightError` saying what to check.
 *
 * @example
 * progress(judgePreflight(exchange, 'https://api.example.com'));
 */
export function judgePreflight(exchange: Exchange, baseUrl: string): string {
  const status = exchange.status;
  if (status === null) {
    throw new PreflightError(
      `${baseUrl} did not answer: ${exchange.error ?? 'no answer'}; check --base and that the service is reachable from here`,
    );
  }
  const { ok, code } = serviceAnswer(exchange);
  if (!ok) {
    const type = exchange.answerHeaders.get('content-type') ?? 'no content type';
    const id = exchange.answerHeaders.get(HEADER.requestId) === null ? 'no X-Request-Id' : 'an X-Request-Id';
    throw new PreflightError(
      `${baseUrl} is not the Sports Odds Data Service: GET /v1/account answered ${status} (${type}, ${id}) without the service's ${status < 300 ? 'account record' : 'error envelope'}; check --base`,
    );
  }
  if (status === 401) {
    throw new PreflightError(
      `the service refused the key under test (401 ${code}): check --api-key or SPORTS_ODDS_API_KEY (revoked, expired or mistyped)`,
    );
  }
  if (status === 404) {
    throw new PreflightError(`${baseUrl} answered 404 ${code} for GET /v1/account: is it the service's root? check --base`);
  }
  if (status >= 500 || status === 429) {
    throw new PreflightError(`the service answered ${status} ${code} to GET /v1/account: it cannot be checked now; try again later`);
  }
  // 403: a key without account:manage is a valid key; the plan's rate is then the lowest plan's.
  if (status === 403) return `preflight: ${baseUrl} is the service and accepts the key (it does not manage the account: 403 ${code})`;
  if (status >= 400) throw new PreflightError(`the service answered ${status} ${code} to GET /v1/account; check --base and the key`);
  return `preflight: ${baseUrl} is the service and accepts the key`;
}
