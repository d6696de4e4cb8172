import { redact } from '../../src/schemas/redact';
import { HEADER, parseResponseHeaders, type ResponseHeaders } from '../../src/schemas';
import type { RequestTemplate } from './template';
import type { ExchangeView, KeyRole } from './types';

/** One request the run sent and what came of it. Text is masked already. */
export interface Exchange {
  /** The check (or setup step) that sent it. */
  readonly check: string;
  readonly template: RequestTemplate;
  readonly method: 'GET' | 'POST';
  /** Absolute URL (never holds a key), masked. */
  readonly url: string;
  /** The query sent, in order. */
  readonly query: readonly (readonly [string, string])[];
  readonly key: KeyRole;
  /** The JSON body sent, if any (masked). */
  readonly body: string | undefined;
  /** Request headers beyond authorization, masked. */
  readonly headers: Readonly<Record<string, string>>;
  /** null when no answer came. */
  readonly status: number | null;
  readonly answerHeaders: Headers;
  /** The answer's body, masked: what reports and recordings show. */
  readonly text: string;
  /** The body as JSON, NOT masked (checks read a key the run made from it); never shown. */
  readonly json: unknown;
  readonly meta: ResponseHeaders;
  /** Sent together with others (a burst): its window arithmetic is not sequential. */
  readonly concurrent: boolean;
  readonly error: string | undefined;
}

/** The header names a view shows, in this order. */
const SHOWN = ['Content-Type', 'Date', ...Object.values(HEADER)];
/** A view's body is cut here. */
const BODY_VIEW_LIMIT = 600;
const CURSOR_VIEW_LIMIT = 48;

/** Masks keys, nonces, tokens and the exact secrets given. */
export const masker =
  (secrets: ReadonlySet<string>) =>
  (text: string): string =>
    redact(text, secrets);

/** The view of an exchange a finding shows. */
export function viewOf(exchange: Exchange): ExchangeView {
  const headers: Record<string, string> = {};
  for (const name of SHOWN) {
    const value = exchange.answerHeaders.get(name);
    if (value === null) continue;
    headers[name] = name === HEADER.nextCursor && value.length > CURSOR_VIEW_LIMIT ? `${value.slice(0, CURSOR_VIEW_LIMIT)}…` : value;
  }
  const body =
    exchange.text.length > BODY_VIEW_LIMIT
      ? `${exchange.text.slice(0, BODY_VIEW_LIMIT)}… (${exchange.text.length} characters)`
      : exchange.text;
  return {
    request: `${exchange.method} ${exchange.url}`,
    key: exchange.key,
    status: exchange.status,
    headers,
    body,
    ...(exchange.error === undefined ? {} : { error: exchange.error }),
  };
}

/** The bearer value of a malformed key (not a key: nothing to mask). */
export const MALFORMED_KEY = 'not_a_key';

/** The environment variable a curl reads each key from. */
const KEY_VARIABLES: Readonly<Record<KeyRole, string | undefined>> = {
  main: '$SPORTS_ODDS_API_KEY',
  data: '$SPORTS_ODDS_DATA_KEY',
  temporary: '$SPORTS_ODDS_TEMPORARY_KEY',
  malformed: MALFORMED_KEY,
  none: undefined,
};

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * A `curl` that sends an exchange's request again: the key read from the environment, never written.
 *
 * @example
 * curlOf(exchange); // curl -sS -D - -H "Authorization: Bearer $SPORTS_ODDS_API_KEY" 'https://api.example.com/v1/catalog/sports'
 */
export function curlOf(exchange: Exchange, times = 1): string {
  const parts = ['curl -sS -D -'];
  if (exchange.method !== 'GET') parts.push(`-X ${exchange.method}`);
  const key = KEY_VARIABLES[exchange.key];
  if (key !== undefined) parts.push(`-H "Authorization: Bearer ${key}"`);
  for (const [name, value] of Object.entries(exchange.headers)) {
    parts.push(name.toLowerCase() === 'idempotency-key' ? `-H "${name}: $ROTATION_NONCE"` : `-H ${quote(`${name}: ${value}`)}`);
  }
  if (exchange.body !== undefined) parts.push(`-H 'Content-Type: application/json' --data ${quote(exchange.body)}`);
  parts.push(quote(exchange.url));
  const one = parts.join(' ');
  return times > 1 ? `seq ${times} | xargs -P ${times} -I{} ${one.replace('-D -', "-o /dev/null -w '%{http_code}\\n'")}` : one;
}

/** An exchange from an answer (or its absence), its text masked. */
export function exchangeOf(
  base: Omit<Exchange, 'status' | 'answerHeaders' | 'text' | 'json' | 'meta' | 'error'>,
  answer: { status: number; headers: Headers; text: string } | { error: string },
  mask: (text: string) => string,
): Exchange {
  if ('error' in answer) {
    const headers = new Headers();
    return {
      ...base,
      status: null,
      answerHeaders: headers,
      text: '',
      json: undefined,
      meta: parseResponseHeaders(headers),
      error: mask(answer.error),
    };
  }
  return {
    ...base,
    status: answer.status,
    answerHeaders: answer.headers,
    text: mask(answer.text),
    json: parseJsonOrUndefined(answer.text),
    meta: parseResponseHeaders(answer.headers),
    error: undefined,
  };
}

/** Parsed JSON, or undefined. */
export function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
