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

/** An answer's headers as answered, for the request detail: exact-size pairs that later changes never reach. */
export class HeaderSnapshot {
  constructor(
    readonly pairs: readonly string[],
    readonly cookies: readonly string[],
  ) {}

  /** The headers as flat (name, value) pairs without cookies. */
  toPairs(): readonly string[] {
    return this.pairs;
  }
}

const NO_COOKIES: readonly string[] = Object.freeze([]);

/** Room for the headers of most answers (a data answer has 16): made once, never grown. */
const ROOM = 3 * 20;

/** An answer's headers in the order and case set: a plain map, not `Headers`, as every request builds one. */
export class AnswerHeaders implements HeaderReader {
  /** Flat triples of (lower-case name, name as set, value), the first `#end` slots in use. */
  #entries: string[] = new Array<string>(ROOM);
  #end = 0;
  #cookies: string[] = [];

  constructor(init: Readonly<Record<string, string>> = {}) {
    for (const name in init) this.#add(lowerCase(name), name, init[name] as string);
  }

  /** Where the entry of a lower-cased name is, or -1. */
  #indexOf(key: string): number {
    for (let i = 0; i < this.#end; i += 3) if (this.#entries[i] === key) return i;
    return -1;
  }

  #add(key: string, name: string, value: string): void {
    if (this.#end === this.#entries.length) this.#entries.length *= 2;
    this.#entries[this.#end] = key;
    this.#entries[this.#end + 1] = name;
    this.#entries[this.#end + 2] = value;
    this.#end += 3;
  }

  /** `Set-Cookie` values, which never combine. */
  get cookies(): readonly string[] {
    return this.#cookies;
  }

  get(name: string): string | null {
    const i = this.#indexOf(lowerCase(name));
    return i < 0 ? null : (this.#entries[i + 2] as string);
  }

  has(name: string): boolean {
    return this.#indexOf(lowerCase(name)) >= 0;
  }

  set(name: string, value: string): void {
    const key = lowerCase(name);
    const i = this.#indexOf(key);
    if (i < 0) this.#add(key, name, value);
    else this.#entries[i + 2] = value;
  }

  /** Adds a value: a cookie of its own for `Set-Cookie`, else joined to the existing one with `, `. */
  append(name: string, value: string): void {
    const key = lowerCase(name);
    if (key === 'set-cookie') return void this.#cookies.push(value);
    const i = this.#indexOf(key);
    if (i < 0) this.#add(key, name, value);
    else this.#entries[i + 2] = `${this.#entries[i + 2] as string}, ${value}`;
  }

  delete(name: string): void {
    const i = this.#indexOf(lowerCase(name));
    if (i < 0) return;
    this.#entries.copyWithin(i, i + 3, this.#end);
    this.#end -= 3;
  }

  /**
   * The headers as now, unaffected by later changes: pairs of exact size, so that a log keeping it for
   * a thousand answers keeps no spare room, and the working arrays die young.
   */
  snapshot(): HeaderSnapshot {
    return new HeaderSnapshot(this.toPairs(), this.#cookies.length === 0 ? NO_COOKIES : [...this.#cookies]);
  }

  /**
   * The headers as flat (name, value) pairs without cookies, in the order set: what `node:http`'s
   * `writeHead` takes. `room` more slots at the end are left for the caller to fill.
   */
  toPairs(room = 0): string[] {
    const out = new Array<string>((this.#end / 3) * 2 + room);
    for (let i = 0, o = 0; i < this.#end; i += 3, o += 2) {
      out[o] = this.#entries[i + 1] as string;
      out[o + 1] = this.#entries[i + 2] as string;
    }
    return out;
  }

  /** The headers as a plain object (without cookies), for `node:http` and `Response`. */
  toObject(): Record<string, string> {
    const out: Record<string, string> = {};
    for (let i = 0; i < this.#end; i += 3) out[this.#entries[i + 1] as string] = this.#entries[i + 2] as string;
    return out;
  }
}

/** An answer of the service. */
export interface ServiceAnswer {
  status: number;
  headers: AnswerHeaders;
  /** The serialized body, or null for none. */
  body: string | null;
  /** The body as UTF-8 where the service keeps it so (a cached answer): a transport may send these bytes as they are. */
  utf8?: Uint8Array | undefined;
  /** An injected fault drops the connection: no answer reaches the client. */
  dropped?: true;
}

/** An answer that never arrives (a dropped connection). */
export const droppedAnswer = (): ServiceAnswer => ({ status: 0, headers: new AnswerHeaders(), body: null, dropped: true });
