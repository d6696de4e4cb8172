import { createHash } from 'node:crypto';
import type { Exchange } from './traffic';

/** The document's server: what the recorded answers say instead of the local mock's address. */
export const DOCUMENT_ORIGIN = 'https://api.sports-odds.test';

const digest = (seed: string, encoding: 'hex' | 'base64url') => createHash('sha256').update(seed).digest(encoding);

/**
 * Replaces what differs between two runs of the same traffic (the mock's random ids, keys, tokens,
 * cursors and its port) with stand-ins of the same formats, the same value for the same original
 * everywhere, numbered in the order they first appear within an operation: so the examples of the document are the same
 * on every run, and each still matches its schema.
 */
class Normalizer {
  private readonly seen = new Map<string, string>();
  private readonly keyPrefixes = new Map<string, string>();

  constructor(
    private readonly origin: string,
    private readonly cursors: readonly string[],
  ) {}

  private standIn(original: string, make: (n: number) => string): string {
    let value = this.seen.get(original);
    if (value === undefined) {
      value = make(this.seen.size);
      this.seen.set(original, value);
    }
    return value;
  }

  text(text: string): string {
    let out = text.split(this.origin).join(DOCUMENT_ORIGIN);
    for (const cursor of this.cursors)
      out = out
        .split(cursor)
        .join(this.standIn(cursor, (n) => `${digest(`cursor${n}`, 'base64url')}.${digest(`signature${n}`, 'base64url')}`));
    out = out.replace(/svc_live_[A-Za-z0-9]{32}/g, (key) =>
      this.standIn(key, (n) => {
        const standIn = `svc_live_${digest(`key${n}`, 'hex').slice(0, 32)}`;
        this.keyPrefixes.set(key.slice(0, 13), standIn.slice(0, 13));
        return standIn;
      }),
    );
    out = out.replace(
      /svc_live_[A-Za-z0-9]{4}(?![A-Za-z0-9])/g,
      (prefix) => this.keyPrefixes.get(prefix) ?? this.standIn(prefix, (n) => `svc_live_${digest(`prefix${n}`, 'hex').slice(0, 4)}`),
    );
    out = out.replace(/\b(req|key|gdn|cs|acct)_[0-9a-f]{32}\b/g, (id, prefix: string) =>
      this.standIn(id, (n) => `${prefix}_${digest(`${prefix}${n}`, 'hex').slice(0, 32)}`),
    );
    return out.replace(/\b(clm|rcv|emv|rot|ckv|chl|res)_[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g, (token, prefix: string) =>
      this.standIn(token, (n) => `${prefix}_${digest(`${prefix}${n}`, 'base64url')}`),
    );
  }
}

const mapValues = <T extends Record<string, string>>(record: T, f: (text: string) => string) =>
  Object.fromEntries(Object.entries(record).map(([name, value]) => [name, f(value)])) as T;

/** Every cursor the traffic was given: live pages' `X-Next-Cursor`, request-health `next_cursor`. */
function cursorsOf(exchanges: readonly Exchange[]): string[] {
  const cursors = new Set<string>();
  for (const { answer } of exchanges) {
    const header = answer.headers['x-next-cursor'];
    if (header) cursors.add(header);
    const field = /"next_cursor":"([^"]+)"/.exec(answer.text)?.[1];
    if (field) cursors.add(field);
  }
  return [...cursors];
}

/** One operation's exchanges with the local mock's address and every random value replaced by stable stand-ins. */
function normalizeOperation(exchanges: readonly Exchange[], origin: string): Exchange[] {
  const n = new Normalizer(origin, cursorsOf(exchanges));
  const text = (t: string) => n.text(t);
  return exchanges.map(({ routeId, request, answer }) => ({
    routeId,
    request: {
      method: request.method,
      params: mapValues(request.params, text),
      query: request.query.map(([name, value]): [string, string] => [name, text(value)]),
      headers: mapValues(request.headers, text),
      ...(request.body === undefined ? {} : { body: text(request.body) }),
    },
    answer: { status: answer.status, headers: mapValues(answer.headers, text), text: text(answer.text) },
  }));
}

/**
 * The exchanges with the local mock's address and every random value replaced by stable stand-ins, numbered within each
 * operation (each ran on a mock of its own): so one operation's values never shift another's.
 */
export function normalize(exchanges: readonly Exchange[], origin: string): Exchange[] {
  const byOperation = new Map<string, Exchange[]>();
  for (const e of exchanges) byOperation.set(e.routeId, [...(byOperation.get(e.routeId) ?? []), e]);
  return [...byOperation.values()].flatMap((own) => normalizeOperation(own, origin));
}
