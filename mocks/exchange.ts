/**
 * What the service reads of a request and writes of an answer, whatever carries them: a Fetch
 * `Request`/`Response` (MSW, `mock.fetch`, a service worker) or a `node:http` message (the
 * standalone server, which answers without building either). The pipeline works on these alone.
 */

/** Case-insensitive header lookup: the part of `Headers` the service reads. */
export interface HeaderReader {
  get(name: string): string | null;
}

/** A request as the service sees it. */
export interface ServiceRequest {
  readonly method: string;
  /** The absolute URL. */
  readonly url: string;
  readonly headers: HeaderReader;
  /**
   * The body as UTF-8 text, never holding more than `limit` bytes of it: `413 payload_too_large`
   * (a `ServiceError`) past it, before a byte is read when the declared length is over; `''` for none.
   */
  readBody(limit: number): Promise<string>;
}

/**
 * The headers of an answer, in the order they were set, under the names they were set with. A plain
 * map, not a `Headers`: answers are built on the hot path of every request.
 */
export class AnswerHeaders implements HeaderReader {
  readonly #entries = new Map<string, [string, string]>();
  /** `Set-Cookie` values, which never combine. */
  readonly cookies: string[] = [];

  constructor(init: Readonly<Record<string, string>> = {}) {
    for (const name in init) this.set(name, init[name] as string);
  }

  get(name: string): string | null {
    return this.#entries.get(name.toLowerCase())?.[1] ?? null;
  }

  has(name: string): boolean {
    return this.#entries.has(name.toLowerCase());
  }

  set(name: string, value: string): void {
    this.#entries.set(name.toLowerCase(), [name, value]);
  }

  /** Adds a value: a cookie of its own for `Set-Cookie`, else joined to the existing one with `, `. */
  append(name: string, value: string): void {
    const key = name.toLowerCase();
    if (key === 'set-cookie') return void this.cookies.push(value);
    const existing = this.#entries.get(key);
    this.#entries.set(key, existing ? [existing[0], `${existing[1]}, ${value}`] : [name, value]);
  }

  delete(name: string): void {
    this.#entries.delete(name.toLowerCase());
  }

  /** The headers as a plain object (without cookies), for `node:http` and `Response`. */
  toObject(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of this.#entries.values()) out[name] = value;
    return out;
  }
}

/** An answer of the service. */
export interface ServiceAnswer {
  status: number;
  headers: AnswerHeaders;
  /** The serialized body, or null for none. */
  body: string | null;
  /** An injected fault drops the connection: no answer reaches the client. */
  dropped?: true;
}

/** An answer that never arrives (a dropped connection). */
export const droppedAnswer = (): ServiceAnswer => ({ status: 0, headers: new AnswerHeaders(), body: null, dropped: true });
