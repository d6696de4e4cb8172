/** What the service reads of a request and writes of an answer, whether Fetch or `node:http` carries them. */

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
  /** The body as UTF-8, at most `limit` bytes held: `413 payload_too_large` past it (before reading if declared over). */
  readBody(limit: number): Promise<string>;
}

/** Header names in lower case, each written once: answers set the same few dozen names again and again. */
const lowerNames = new Map<string, string>();
const LOWER_NAMES_KEPT = 512;

function lowerCase(name: string): string {
  const known = lowerNames.get(name);
  if (known !== undefined) return known;
  const lower = name.toLowerCase();
  if (lowerNames.size < LOWER_NAMES_KEPT) lowerNames.set(name, lower);
  return lower;
}

/** An answer's headers in the order and case set: a plain map, not `Headers`, as every request builds one. */
export class AnswerHeaders implements HeaderReader {
  /** Flat triples of (lower-case name, name as set, value): one array for the handful an answer has. */
  #entries: string[] = [];
  #cookies: string[] = [];
  /** The arrays are shared with a snapshot: the next change copies them first. */
  #shared = false;

  constructor(init: Readonly<Record<string, string>> = {}) {
    for (const name in init) this.#entries.push(lowerCase(name), name, init[name] as string);
  }

  #indexOf(name: string): number {
    const key = lowerCase(name);
    for (let i = 0; i < this.#entries.length; i += 3) if (this.#entries[i] === key) return i;
    return -1;
  }

  /** `Set-Cookie` values, which never combine. */
  get cookies(): readonly string[] {
    return this.#cookies;
  }

  /** Copies the arrays a snapshot shares before they change. */
  #own(): void {
    if (!this.#shared) return;
    this.#entries = [...this.#entries];
    this.#cookies = [...this.#cookies];
    this.#shared = false;
  }

  get(name: string): string | null {
    const i = this.#indexOf(name);
    return i < 0 ? null : (this.#entries[i + 2] as string);
  }

  has(name: string): boolean {
    return this.#indexOf(name) >= 0;
  }

  set(name: string, value: string): void {
    this.#own();
    const i = this.#indexOf(name);
    if (i < 0) this.#entries.push(lowerCase(name), name, value);
    else this.#entries[i + 2] = value;
  }

  /** Adds a value: a cookie of its own for `Set-Cookie`, else joined to the existing one with `, `. */
  append(name: string, value: string): void {
    this.#own();
    if (lowerCase(name) === 'set-cookie') return void this.#cookies.push(value);
    const i = this.#indexOf(name);
    if (i < 0) this.#entries.push(lowerCase(name), name, value);
    else this.#entries[i + 2] = `${this.#entries[i + 2] as string}, ${value}`;
  }

  delete(name: string): void {
    this.#own();
    const i = this.#indexOf(name);
    if (i >= 0) this.#entries.splice(i, 3);
  }

  /** The headers as now, unaffected by later changes; copy-on-write, so an unchanged snapshot copies nothing. */
  snapshot(): AnswerHeaders {
    const copy = new AnswerHeaders();
    copy.#entries = this.#entries;
    copy.#cookies = this.#cookies;
    copy.#shared = true;
    this.#shared = true;
    return copy;
  }

  /** The headers as flat (name, value) pairs without cookies, in the order set: what `node:http`'s `writeHead` takes. */
  toPairs(): string[] {
    const out: string[] = [];
    for (let i = 0; i < this.#entries.length; i += 3) out.push(this.#entries[i + 1] as string, this.#entries[i + 2] as string);
    return out;
  }

  /** The headers as a plain object (without cookies), for `node:http` and `Response`. */
  toObject(): Record<string, string> {
    const out: Record<string, string> = {};
    for (let i = 0; i < this.#entries.length; i += 3) out[this.#entries[i + 1] as string] = this.#entries[i + 2] as string;
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
